/** A picked or dropped file: its name (path within a dropped folder) and a way to read it. */
export interface PickedFile {
  name: string;
  /** Its size in bytes when known before reading (a File's), so a huge file is refused unread. */
  size?: number;
  bytes(): Promise<Uint8Array>;
}

/** A File (picked, or dropped: its path within the folder) as a PickedFile. */
export const pickedOf = (f: File, name = f.webkitRelativePath || f.name): PickedFile => ({ name, size: f.size, bytes: async () => new Uint8Array(await f.arrayBuffer()) });
