/** Database failures that are the caller's doing, turned into API answers. */
import type { MessageCode } from '@edge/protocol';
import { fail } from '../http/errors.ts';

/** A unique-constraint violation, on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs a write that may hit a unique constraint and answers 409 with the given message when it does.
 * Checking first and then writing would leave a window for a duplicate between the two.
 */
export async function unlessDuplicate<T>(write: PromiseLike<T>, code: MessageCode): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw fail(409, code);
    throw err;
  }
}

/** A write that must have touched a row, else the thing it names does not exist. */
export function touchedRow(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): void {
  if (Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) === 0) throw fail(404, 'notFound');
}
