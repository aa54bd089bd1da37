/** Hands what the console answered with to the browser as a file download (a CSV, an export, a log file). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const saveText = (text: string, fileName: string, type = 'text/plain;charset=utf-8'): void =>
  saveBlob(new Blob([text], { type }), fileName);
