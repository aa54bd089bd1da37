/** The disk under the store is full: SQLite's SQLITE_FULL, PostgreSQL's disk_full, or the file system's ENOSPC. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC';
}
