/** A picked or dropped file: its name (path within a dropped folder) and a way to read it. */
export interface PickedFile {
  name: string;
  /** Its size in bytes when known before reading (a File's), so a huge file is refused unread. */
  size?: number;
  bytes(): Promise<Uint8Array>;
}
