/**
 * A console restore started from the browser replaces the store under the running console: at once (not at
 * the in-process restart main.ts does after it), the live sockets of the sessions the restore ended close,
 * and the restored secret key is the one in use, so secrets sealed by the backed-up console open. SQLite
 * only: what is under test is the running console's memory, the same on both stores (consoleBackup.test
 * restores on both).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIVE_CHANNELS, type ConsoleBackupView } from '@edge/protocol';
import { signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller } from '../testing/accounts.ts';
import { multipart } from '../testing/files.ts';
import { openedSmtpPassword, saveSmtpPassword } from '../testing/sealed-smtp.ts';
import { startListeningConsole, waitFor } from '../testing/devices.ts';
import { openLive, type LiveClient } from '../testing/live.ts';
import { CLOSE_SIGNED_OUT } from '../live/hub.ts';

const BASE = '/api/v1/settings/consoleBackup';
const PASSPHRASE = 'restore-memory-passphrase';
const SMTP_PASSWORD = 'Smtp-secret-restored';
const PROMPTLY_MS = 2000;

let source: TestConsole;
let target: TestConsole;
let archive: Buffer;
let live: LiveClient | undefined;

beforeAll(async () => {
  source = await startTestConsole('sqlite');
  const admin = caller(source, await signIn(source));
  await saveSmtpPassword(admin, SMTP_PASSWORD);
  const created = await admin('POST', `${BASE}/create`, { passphrase: PASSPHRASE });
  expect(created.statusCode, created.body).toBe(200);
  archive = (await admin('GET', `${BASE}/download?id=${created.json<ConsoleBackupView>().id}`)).rawPayload;
  target = await startListeningConsole('sqlite');
}, 120_000);

afterAll(async () => {
  live?.close();
  await source?.destroy();
  await target?.destroy();
});

describe('a console restore from the browser', () => {
  test('closes the live sockets of the ended sessions and takes the restored key at once', async () => {
    const session = await signIn(target);
    const admin = caller(target, session);
    live = await openLive(target, { cookie: session.cookie });
    live.subscribe(LIVE_CHANNELS.devices, ['']);
    await live.next(LIVE_CHANNELS.devices);

    const body = multipart(archive, 'console.edgebackup');
    const uploaded = await admin('POST', `${BASE}/upload`, body.payload, body.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    let restored = false;
    target.consoleBackup.onRestored(() => (restored = true));
    const started = await admin('POST', `${BASE}/restore`, {
      id: uploaded.json<ConsoleBackupView>().id,
      passphrase: PASSPHRASE,
    });
    expect(started.statusCode, started.body).toBe(200);
    await waitFor(() => restored, 'the restore to end', 120_000);

    const closed = await Promise.race([
      live.closed,
      new Promise<'open'>((r) => setTimeout(() => r('open'), PROMPTLY_MS)),
    ]);
    expect(closed).toBe(CLOSE_SIGNED_OUT);
    await expect(openLive(target, { cookie: session.cookie })).rejects.toThrow('HTTP 401');

    // The same console, not restarted: the backed-up console's sealed SMTP password opens with its key.
    expect(await openedSmtpPassword(target)).toBe(SMTP_PASSWORD);
    // The restored administrator signs in.
    await signIn(target);
  }, 180_000);
});
