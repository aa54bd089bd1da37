/** The list edits the settings calls make: rows keyed by a field (name, vid, ssid, idx ...). */
import { fail } from '../../http/errors.ts';

/** The row whose `key` is `value`; 404 when there is none. */
export function findBy<T, K extends keyof T>(list: readonly T[], key: K, value: T[K]): T {
  const found = list.find((row) => row[key] === value);
  if (!found) throw fail(404, 'notFound');
  return found;
}

/** Replaces the row with the same `key`, or adds it at the end. */
export function upsertBy<T, K extends keyof T>(list: readonly T[], key: K, row: T): T[] {
  const at = list.findIndex((r) => r[key] === row[key]);
  return at < 0 ? [...list, row] : list.map((r, i) => (i === at ? row : r));
}

/** Replaces the row with the same `key`; 404 when there is none. */
export function replaceBy<T, K extends keyof T>(list: readonly T[], key: K, row: T): T[] {
  findBy(list, key, row[key]);
  return upsertBy(list, key, row);
}

/** Removes the row whose `key` is `value`; 404 when there is none. */
export function removeBy<T, K extends keyof T>(list: readonly T[], key: K, value: T[K]): T[] {
  findBy(list, key, value);
  return list.filter((r) => r[key] !== value);
}

/** A request body without the device id every settings call carries. */
export function withoutId<T extends { id: string }>(body: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = body;
  return rest;
}
