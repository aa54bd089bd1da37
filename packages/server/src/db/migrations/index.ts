import type { Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { foundation } from './0001_foundation.ts';

/** Name -> migration; names sort in the order they run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001_foundation': foundation,
};
