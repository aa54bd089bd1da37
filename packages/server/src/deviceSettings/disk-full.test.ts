/**
 * A settings write on a full disk: the answer matches what was stored. The change and its activity row are
 * one transaction, so a disk with room for the one and not the other stores neither and says the disk is full
 * (before, the change was stored and answered 200 with no activity row). The disk is a real SQLite database
 * that may not grow (max_page_count), filled to its last page.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { SETTINGS_API_ROOT, messages } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { enrolByHand, mqttUrl, startListeningConsole, uniquePrefix, waitFor } from '../testing/devices.ts';

const RENAME = `${SETTINGS_API_ROOT}/generalSetting/setting`;
const ACTION = 'inventory.settings.generalSetting.setting';

let edge: TestConsole;
let admin: Caller;
let deviceId: string;

beforeAll(async () => {
  edge = await startListeningConsole('sqlite');
  admin = caller(edge, await signIn(edge));
  const serial = `${uniquePrefix()}-000001`;
  await edge.enrolment.provisionSerials([serial]);
  deviceId = (await enrolByHand(mqttUrl(edge), serial)).deviceId;
  await waitFor(() => edge.devices.get(deviceId), 'the device adopted');
});
afterAll(async () => edge?.destroy());

const renames = () =>
  edge.store.db
    .selectFrom('activity')
    .select(['status_code'])
    .where('action', '=', ACTION)
    .execute()
    .then((rows) => rows.map((r) => r.status_code));

const desiredVersion = async () =>
  (
    await edge.store.db
      .selectFrom('device_sections')
      .select('desired_version')
      .where('device_id', '=', deviceId)
      .where('section', '=', 'general')
      .executeTakeFirst()
  )?.desired_version;

/** Lets the database grow no more, then fills its free pages with activity rows (big, then small). */
async function fillTheDisk(): Promise<void> {
  const db = edge.store.db;
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
  for (const size of [4000, 400, 1])
    for (;;) {
      try {
        await db
          .insertInto('activity')
          .values({
            user_id: null,
            user_name: 'filler',
            action: 'filler',
            target: 'x'.repeat(size),
            ip: '127.0.0.1',
            status_code: 200,
            created_at: 1,
          })
          .execute();
      } catch {
        break;
      }
    }
}

test('a write the full disk cannot record is not stored either, and the answer says the disk is full', async () => {
  const first = await admin('PATCH', RENAME, { id: deviceId, deviceName: 'Name-1' });
  expect(first.statusCode, first.body).toBe(200);
  expect(await renames()).toEqual([200]);
  expect(await desiredVersion()).toBe(1);

  await fillTheDisk();
  // The same size of document: the section's row has room where it is, the activity log has none.
  const second = await admin('PATCH', RENAME, { id: deviceId, deviceName: 'Name-2' });
  expect(second.statusCode, second.body).toBe(507);
  expect(second.json()).toEqual({ err_message: messages.diskFull, err_code: 'diskFull' });
  expect(await desiredVersion()).toBe(1);
  expect(await renames()).toEqual([200]);
  const { sections } = await edge.deviceConfig.state(deviceId, 'general');
  expect(sections[0]).toMatchObject({ desiredVersion: 1, desired: { deviceName: 'Name-1' } });
});
