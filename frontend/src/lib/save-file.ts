/** Hands a downloaded file to the browser's download manager under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the object URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
