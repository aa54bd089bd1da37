/**
 * The outgoing mail server. Its password is sealed with the console's secret key before it is stored
 * and never sent back; a test mail goes through the saved settings, so it proves what will really be used.
 */
import { ApiFailure, messages, type SmtpRequest, type SmtpSettings } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';
import type { Secrets } from '../crypto/secrets.ts';
import { fail } from '../http/errors.ts';
import { sendMail, type MailMessage } from './mailer.ts';

const KEY = 'smtp';
const PASSWORD_PURPOSE = 'smtp.password';
const UNSET: SmtpSettings = {
  configured: false,
  smtpHostAddress: '',
  port: 25,
  secure: false,
  account: '',
  hasPassword: false,
  sender: '',
  userName: '',
  receiverAddress: '',
};

type Stored = Omit<SmtpRequest, 'password'> & { sealedPassword: string };
/** A message to send; without `to` it goes to the saved receiver. */
export type Outgoing = Omit<MailMessage, 'from' | 'to'> & { to?: string };

export function smtpService(db: Db, secrets: Secrets, platformName: () => Promise<string>) {
  const settings = keyValueStore(db);
  const load = () => settings.get<Stored>(KEY);

  async function get(): Promise<SmtpSettings> {
    const stored = await load();
    if (!stored) return UNSET;
    const { sealedPassword, ...shown } = stored;
    return { ...shown, configured: true, hasPassword: sealedPassword !== '' };
  }

  /** Sends through the saved server, signing in with the unsealed password. */
  async function send(message: Outgoing): Promise<void> {
    const stored = await load();
    if (!stored) throw fail(400, 'smtpNotConfigured');
    const password = stored.sealedPassword ? secrets.open(stored.sealedPassword, PASSWORD_PURPOSE) : '';
    const server = {
      host: stored.smtpHostAddress,
      port: stored.port,
      secure: stored.secure,
      account: stored.account,
      password,
    };
    const from = { name: stored.userName || (await platformName()), address: stored.sender };
    await sendMail(server, { ...message, to: message.to ?? stored.receiverAddress, from });
  }

  return {
    get,

    async save(request: SmtpRequest): Promise<SmtpSettings> {
      const { password, ...rest } = request;
      const kept = (await load())?.sealedPassword ?? '';
      const sealedPassword =
        password === undefined ? kept : password && secrets.seal(password, PASSWORD_PURPOSE);
      await settings.put(KEY, {
        ...rest,
        smtpHostAddress: rest.smtpHostAddress.trim(),
        sealedPassword,
      } satisfies Stored);
      return get();
    },

    /** Sends a test mail (to the saved receiver unless another is given) and passes on the mail server's complaint. */
    async sendTest(receiverAddress?: string): Promise<void> {
      const subject = `${await platformName()}: test e-mail`;
      const text = 'This test e-mail shows that the SMTP settings of the console work.';
      try {
        await send({ to: receiverAddress, subject, text });
      } catch (err) {
        if (err instanceof ApiFailure) throw err;
        throw fail(502, 'smtpTestFailed', `${messages.smtpTestFailed} ${(err as Error).message}`);
      }
    },

    /** For features that notify by e-mail. */
    send,
  };
}
export type SmtpService = ReturnType<typeof smtpService>;
