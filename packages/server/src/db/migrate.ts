/** Runs the migrations of db/migrations in order on either dialect. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './schema.ts';
import { migrations } from './migrations/index.ts';

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const [name, make] of Object.entries(migrations)) all[name] = make(dialect);
      return all;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
