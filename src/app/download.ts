/** Hand bytes to the browser as a download named `fileName` (a recording, a save, a town pack). */
export function downloadBytes(bytes: Uint8Array, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: the browser may still be reading it when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
