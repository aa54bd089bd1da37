/**
 * A sealed secret a console backup must carry: the SMTP password, set through the API and read back from
 * the store opened with the console's own key (it opens only with the key of the console that sealed it).
 * The backup tests follow it from the source console to the restored one.
 */
import { expect } from 'vitest';
import type { Caller } from './accounts.ts';
import type { TestConsole } from './harness.ts';

/** Saves SMTP settings with `password` as the administrator; the console seals the password. */
export async function saveSmtpPassword(admin: Caller, password: string): Promise<void> {
  const smtp = await admin('PATCH', '/api/v1/settings/smtp', {
    smtpHostAddress: 'mail.example.com',
    port: 25,
    password,
    sender: 'console@example.com',
    receiverAddress: 'ops@example.com',
  });
  expect(smtp.statusCode, smtp.body).toBe(200);
}

/** The stored SMTP password as this console's key opens it. */
export async function openedSmtpPassword(edge: TestConsole): Promise<string> {
  const row = await edge.store.db
    .selectFrom('console_settings')
    .select('value')
    .where('key', '=', 'smtp')
    .executeTakeFirstOrThrow();
  const sealed = (JSON.parse(row.value) as { sealedPassword: string }).sealedPassword;
  return edge.secrets.open(sealed, 'smtp.password');
}
