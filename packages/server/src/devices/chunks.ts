/** Splits big writes so no statement exceeds the parameter limits of SQLite (32,766) or PostgreSQL (65,535). */
export async function inChunks<T>(
  rows: readonly T[],
  size: number,
  work: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await work(rows.slice(i, i + size));
}

/** Maps chunks and joins the results (e.g. `where serial in (...)` over many serials). */
export async function mapChunks<T, R>(
  rows: readonly T[],
  size: number,
  work: (chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await work(rows.slice(i, i + size))));
  return out;
}
