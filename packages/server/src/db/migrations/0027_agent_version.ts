import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * Issue 22, the version report follows the devices: the agent version each device gives in its hello is
 * kept beside its firmware (flushed with its presence), so Settings > Upgrade lists every device's current
 * version, not only of those a rollout touched. '' while the device has not said (an older agent).
 */
export const agentVersion = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('devices')
      .addColumn('agent_version', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').dropColumn('agent_version').execute();
  },
});
