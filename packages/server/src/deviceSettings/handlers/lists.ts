/** The list edits the settings calls make: rows keyed by a field (name, vid, ssid, idx ...). */
import { removeBy as removeRow, upsertBy } from '@edge/protocol';
import { fail } from '../../http/errors.ts';

/** The row whose `key` is `value`; 404 when there is none. */
export function findBy<T, K extends keyof T>(list: readonly T[], key: K, value: T[K]): T {
  const found = list.find((row) => row[key] === value);
  if (!found) throw fail(404, 'notFound');
  return found;
}

export { upsertBy } from '@edge/protocol';

/** Replaces the row with the same `key`; 404 when there is none. */
export function replaceBy<T, K extends keyof T>(list: readonly T[], key: K, row: T): T[] {
  findBy(list, key, row[key]);
  return upsertBy(list, key, row);
}

/** Removes the row whose `key` is `value`; 404 when there is none. */
export function removeBy<T, K extends keyof T>(list: readonly T[], key: K, value: T[K]): T[] {
  findBy(list, key, value);
  return removeRow(list, key, value);
}

/** A request body without the device id every settings call carries. */
export function withoutId<T extends { id: string }>(body: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = body;
  return rest;
}
