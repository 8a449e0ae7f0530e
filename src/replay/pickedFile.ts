/** A picked or dropped file: its name (path within a dropped folder) and a way to read it. */
export interface PickedFile {
  name: string;
  bytes(): Promise<Uint8Array>;
}
