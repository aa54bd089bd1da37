/**
 * Splits big writes so no statement exceeds the parameter limits of SQLite (32,766) or PostgreSQL (65,535),
 * in chunks of a few fixed shapes, yielding to the event loop between them.
 *
 * Fixed shapes: full chunks of `size`, then the rest as descending powers of two (137 = 128 + 8 + 1). A write
 * of any length then reuses at most a dozen statement texts per table, which the SQLite statement cache
 * (db/statement-cache.ts) keeps compiled; with a remainder of any size, every flush compiled a new 30 KB
 * statement (the bench's profile at 10,000 devices: the presence flush stalled the console 360 ms, half of it
 * in `prepare`).
 * Yielding: a flush of 10,000 rows is dozens of statements; between two of them the HTTP requests and device
 * messages that arrived meanwhile get their turn, so an operator waits behind one chunk, not the whole flush.
 */

/** The chunk lengths for `total` rows. */
export function chunkSizes(total: number, size: number): number[] {
  const sizes: number[] = [];
  let left = total;
  for (; left >= size; left -= size) sizes.push(size);
  for (let power = 2 ** Math.floor(Math.log2(Math.max(1, left))); left > 0; power /= 2)
    if (left >= power) {
      sizes.push(power);
      left -= power;
    }
  return sizes;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function inChunks<T>(
  rows: readonly T[],
  size: number,
  work: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  let start = 0;
  for (const length of chunkSizes(rows.length, size)) {
    if (start > 0) await turn();
    await work(rows.slice(start, start + length));
    start += length;
  }
}

/** Maps chunks and joins the results (e.g. `where serial in (...)` over many serials). */
export async function mapChunks<T, R>(
  rows: readonly T[],
  size: number,
  work: (chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  await inChunks(rows, size, async (chunk) => out.push(...(await work(chunk))));
  return out;
}
