/**
 * Hands a Blob to the browser as a file download: an object URL on a temporary `<a download>`,
 * clicked and revoked.
 * @param blob the file contents
 * @param filename the suggested file name
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking synchronously can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
