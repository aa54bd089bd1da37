/** SPEC 7: a multipart POST records its upload percentage in session storage, so a reload can still show it. */
export const UPLOAD_PROGRESS_KEY = 'uploadProgress';

export function recordUploadProgress(loaded: number, total: number): number {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  try {
    sessionStorage.setItem(UPLOAD_PROGRESS_KEY, String(percent));
  } catch {
    // Storage may be full or disabled; progress is a convenience, the upload goes on.
  }
  return percent;
}

export function readUploadProgress(): number | null {
  const raw = sessionStorage.getItem(UPLOAD_PROGRESS_KEY);
  const n = raw === null ? NaN : Number(raw);
  return Number.isFinite(n) ? n : null;
}
