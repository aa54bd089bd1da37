import type { Kysely, Migration } from 'kysely';

/**
 * The container terminal (issues 19 and 20): a recorded terminal session names the container its shell ran
 * in; null for the device's own shell (every session recorded before).
 */
export const containerTerminal = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('terminal_sessions').addColumn('container', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('terminal_sessions').dropColumn('container').execute();
  },
});
