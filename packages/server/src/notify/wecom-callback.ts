/**
 * A WeChat Work contact's "receive messages" callback: WeChat Work checks the URL (GET, an encrypted echostr
 * to answer decrypted) and passes on what the app's users write to it (POST, encrypted XML). Both are signed
 * with the contact's token and encrypted with its AES key for its corp ID; anything else is refused before
 * anything is read or changed. A receiver the contact notifies who writes "ack N" for a message it was sent
 * acknowledges that message (read, and its escalation ends).
 */
import { WECOM_ACK } from '@edge/protocol';
import { sameSecret } from '../auth/tokens.ts';
import { fail } from '../http/errors.ts';
import type { ContactStore } from './contacts.ts';
import type { DeliveryStore } from './deliveries.ts';
import { wecomDecrypt, wecomSignature, xmlField } from './wecom.ts';

export interface CallbackQuery {
  msg_signature: string;
  timestamp: string;
  nonce: string;
}

/** What a receiver's message came to: who wrote it and, for an "ack N", the message acknowledged. */
export interface Received {
  from: string;
  acknowledged?: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function wecomCallback(deps: {
  contacts: ContactStore;
  deliveries: DeliveryStore;
  /** Marks the message acknowledged; false when it is gone. */
  acknowledge: (messageId: number) => Promise<boolean>;
}) {
  /** The contact's decrypted text, once the signature and the receive ID are its own. */
  async function open(contactId: number, q: CallbackQuery, encrypted: string) {
    const contact = await deps.contacts.get(contactId);
    if (!contact || contact.channel !== 'wecom') throw fail(403, 'notifyCallbackRefused');
    const token = str(contact.fields.token);
    const signature = wecomSignature(token, q.timestamp, q.nonce, encrypted);
    if (!token || !sameSecret(signature, q.msg_signature.toLowerCase()))
      throw fail(403, 'notifyCallbackRefused');
    const opened = wecomDecrypt(str(contact.fields.aesKey), encrypted);
    if (!opened || opened.receiveId !== str(contact.fields.appId)) throw fail(403, 'notifyCallbackRefused');
    return { contact, text: opened.message };
  }

  return {
    /** The URL check: the echostr, decrypted. */
    async verify(contactId: number, q: CallbackQuery & { echostr: string }): Promise<string> {
      return (await open(contactId, q, q.echostr)).text;
    },

    /**
     * A message from the app's user. `acting` is told who wrote it (and what it does) before anything is
     * stored, so the activity row of the change says so.
     */
    async receive(
      contactId: number,
      q: CallbackQuery,
      xml: string,
      acting: (from: string, acknowledging?: number) => void,
    ): Promise<Received> {
      const encrypted = xmlField(xml, 'Encrypt');
      if (!encrypted) throw fail(403, 'notifyCallbackRefused');
      const { contact, text } = await open(contactId, q, encrypted);
      const from = xmlField(text, 'FromUserName') ?? '';
      const ack =
        xmlField(text, 'MsgType') === 'text' ? WECOM_ACK.exec(xmlField(text, 'Content') ?? '') : null;
      const receivers = Array.isArray(contact.fields.receivers) ? contact.fields.receivers.map(String) : [];
      // Only someone the contact notifies, of a message the contact was sent.
      const messageId = ack ? Number(ack[1]) : 0;
      if (
        !messageId ||
        !(receivers.includes(from) || receivers.includes('@all')) ||
        !(await deps.deliveries.delivered(messageId, contact.id))
      ) {
        acting(from);
        return { from };
      }
      acting(from, messageId);
      return (await deps.acknowledge(messageId)) ? { from, acknowledged: messageId } : { from };
    },
  };
}
export type WecomCallback = ReturnType<typeof wecomCallback>;
