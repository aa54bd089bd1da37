/**
 * The quick-start guide's per-user choice. It opens on its own for a new console (no device adopted yet:
 * what it teaches is the first steps) until the user chooses Don't show again; the help menu opens it any time.
 */
import type { GuideState } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { DeviceDirectory } from '../devices/index.ts';

export function guideService(db: Db, devices: Pick<DeviceDirectory, 'counts'>, now = Date.now) {
  const isNewConsole = () => {
    const { numOnline, numOffline } = devices.counts();
    return numOnline + numOffline === 0;
  };

  async function get(userId: number): Promise<GuideState> {
    const row = await db
      .selectFrom('user_guide')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const dismissed = row !== undefined;
    return { dismissed, show: !dismissed && isNewConsole() };
  }

  return {
    get,
    async set(userId: number, dismissed: boolean): Promise<GuideState> {
      if (dismissed)
        await db
          .insertInto('user_guide')
          .values({ user_id: userId, dismissed_at: now() })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      else await db.deleteFrom('user_guide').where('user_id', '=', userId).execute();
      return get(userId);
    },
  };
}
export type GuideService = ReturnType<typeof guideService>;
