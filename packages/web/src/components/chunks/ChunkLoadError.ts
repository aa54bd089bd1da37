/**
 * SPEC 8: a script chunk that fails (or takes longer than SCRIPT_LOAD_TIMEOUT_MS) is a ChunkLoadError;
 * a failed style chunk is CSS_CHUNK_LOAD_FAILED. Both end in an error panel instead of a blank page.
 */
import { SCRIPT_LOAD_TIMEOUT_MS } from '@edge/protocol';

export type ChunkErrorName = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  override readonly name: ChunkErrorName;
  constructor(name: ChunkErrorName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = name;
  }
}

export const isChunkLoadError = (e: unknown): e is ChunkLoadError => e instanceof ChunkLoadError;

/** Vite's preload helper says "Unable to preload CSS for ..." when a style chunk fails. */
export function toChunkLoadError(e: unknown): ChunkLoadError {
  if (isChunkLoadError(e)) return e;
  const message = e instanceof Error ? e.message : String(e);
  const name: ChunkErrorName = /\bcss\b/i.test(message) ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError';
  return new ChunkLoadError(name, message, { cause: e });
}

/** Loads a chunk, failing with ChunkLoadError when it fails or outlasts the SPEC 9 timeout. */
export function loadChunk<T>(
  loader: () => Promise<T>,
  timeoutMs: number = SCRIPT_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('ChunkLoadError', `Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    loader().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(e));
      },
    );
  });
}
