import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type MessageCode } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';
import { KEY_FILE } from '../crypto/secrets.ts';
import { startMailServer } from '../testing/mail-server.ts';

const SMTP = '/api/v1/settings/smtp';
const ACCOUNT = 'mailer';
const PASSWORD = 'Mail-secret-77';

describe.each(DIALECTS)('SMTP server settings (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const settings = () => ({
    smtpHostAddress: '127.0.0.1',
    port: mail.port,
    account: ACCOUNT,
    password: PASSWORD,
    sender: 'console@acme.com',
    userName: 'Acme Console',
    receiverAddress: 'noc@acme.com',
  });

  beforeAll(async () => {
    mail = await startMailServer({ name: ACCOUNT, password: PASSWORD });
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => {
    await edge?.destroy();
    await mail?.close();
  });

  it('says when nothing is set up yet', async () => {
    expect((await admin('GET', SMTP)).json()).toMatchObject({ configured: false, hasPassword: false });
    const res = await admin('POST', `${SMTP}/test`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().err_message).toBe(messages.smtpNotConfigured);
  });

  it('keeps the password encrypted at rest and never sends it back', async () => {
    const res = await admin('PATCH', SMTP, settings());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...settings(),
      password: undefined,
      configured: true,
      secure: false,
      hasPassword: true,
    });
    expect(JSON.stringify((await admin('GET', SMTP)).json())).not.toContain(PASSWORD);

    const row = await edge.store.db
      .selectFrom('console_settings')
      .select('value')
      .where('key', '=', 'smtp')
      .executeTakeFirstOrThrow();
    expect(row.value).not.toContain(PASSWORD);
    const sealed = (JSON.parse(row.value) as { sealedPassword: string }).sealedPassword;
    expect(edge.secrets.open(sealed, 'smtp.password')).toBe(PASSWORD);
    expect(() => edge.secrets.open(sealed, 'registry.password')).toThrow();

    const keyFile = path.join(edge.config.dataDir, KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('sends a test e-mail that the mail server really receives', async () => {
    const res = await admin('POST', `${SMTP}/test`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.smtpTestSent);
    const mailItem = mail.received.at(-1)!;
    expect(mailItem.from).toBe('console@acme.com');
    expect(mailItem.to).toEqual(['noc@acme.com']);
    expect(mailItem.data).toContain('Subject: Edge Console: test e-mail');
    expect(mailItem.data).toContain('Acme Console');

    const other = await admin('POST', `${SMTP}/test`, { receiverAddress: 'ops@acme.com' });
    expect(other.statusCode).toBe(200);
    expect(mail.received.at(-1)!.to).toEqual(['ops@acme.com']);
  });

  it('keeps the stored password when a save leaves it out', async () => {
    const { password: _omitted, ...withoutPassword } = settings();
    expect((await admin('PATCH', SMTP, withoutPassword)).json().hasPassword).toBe(true);
    expect((await admin('POST', `${SMTP}/test`, {})).statusCode).toBe(200);
  });

  it("answers 502 with the mail server's complaint when sending fails", async () => {
    await admin('PATCH', SMTP, { ...settings(), password: 'wrong-password' });
    const refused = await admin('POST', `${SMTP}/test`, {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json().err_code).toBe('smtpTestFailed');
    expect(refused.json().err_message).toContain(messages.smtpTestFailed);

    await admin('PATCH', SMTP, { ...settings(), port: 1 });
    const unreachable = await admin('POST', `${SMTP}/test`, {});
    expect(unreachable.statusCode).toBe(502);
    await admin('PATCH', SMTP, settings());
  });

  it('validates host, port 1-65535 and addresses: 400 with the message, nothing written', async () => {
    const cases: [object, MessageCode][] = [
      [{ smtpHostAddress: '' }, 'smtpHostEmpty'],
      [{ smtpHostAddress: undefined }, 'smtpHostEmpty'],
      [{ port: 0 }, 'portRange'],
      [{ port: 65536 }, 'portRange'],
      [{ port: 25.5 }, 'portRange'],
      [{ port: '25' }, 'portRange'],
      [{ port: undefined }, 'portRange'],
      [{ sender: '' }, 'emailEmpty'],
      [{ sender: 'console' }, 'emailFormat'],
      [{ receiverAddress: 'noc@acme' }, 'emailFormat'],
    ];
    const before = await snapshot(edge);
    for (const [overrides, code] of cases) {
      const res = await admin('PATCH', SMTP, { ...settings(), ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
    }
    expect((await admin('POST', `${SMTP}/test`, { receiverAddress: 'nope' })).json().err_code).toBe(
      'emailFormat',
    );
    expect(await snapshot(edge)).toBe(before);
    for (const port of [1, 65535])
      expect((await admin('PATCH', SMTP, { ...settings(), port })).statusCode).toBe(200);
  });
});
