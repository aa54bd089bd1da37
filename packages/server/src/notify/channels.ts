/**
 * What each channel sends: the request its service's public API expects, built from the contact and the
 * message. Channels with one request per receiver (Telegram, LINE push) give one request per receiver, so a
 * retry sends only to those not reached yet. A channel whose calls carry a credential fetched first
 * (WeChat Work's access token) names that request too (credentialCall); send.ts makes it before the calls.
 */
import { createHmac } from 'node:crypto';
import { CHANNEL_BASE_URLS, type NotifyChannel, type NotifyPayload } from '@edge/protocol';
import type { Contact } from './contacts.ts';
import { appKeyOf, errcodeOf, wecomBusy, wecomTokenStale } from './wecom.ts';

export interface HttpCall {
  /** Who this request reaches ('' for the whole contact). */
  receiver: string;
  /** POST unless said (a credential is fetched by GET). */
  method?: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The service answers 200 with an error in the body (WeChat, DingTalk: errcode; Telegram: ok). */
  bodySaysOk?: (answer: unknown) => boolean;
  /** An error in a 200 answer that passes (busy, over the call limit): worth another try later. */
  bodySaysRetry?: (answer: unknown) => boolean;
  /** The credential the call carried is no longer valid: a fresh one is fetched and the call made again. */
  bodySaysStale?: (answer: unknown) => boolean;
}

/** The request that fetches a contact's credential, how to read it from the answer, and what it is for. */
export interface CredentialCall {
  call: HttpCall;
  /** The credential's app (a changed secret or base URL needs another credential). */
  app: string;
  read: (answer: unknown) => { value: string; expiresInS: number } | undefined;
}

export interface MailCall {
  server: { host: string; port: number; secure: boolean; account: string; password: string };
  from: { name: string; address: string };
  to: string;
}

export const subjectOf = (p: NotifyPayload) =>
  `[${p.severity}] ${p.ruleName}${p.deviceName ? `: ${p.deviceName}` : ''}`;
export const textOf = (p: NotifyPayload) =>
  `${subjectOf(p)}\n${p.detail}\n${new Date(p.createdAt).toISOString()} (message ${p.id})`;

const json = { 'content-type': 'application/json' };
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const base = (c: Contact) =>
  (str(c.fields.baseUrl) || CHANNEL_BASE_URLS[c.channel] || '').replace(/\/+$/, '');
const errcodeZero = (answer: unknown) => errcodeOf(answer) === 0;

/** The webhook signature: hex HMAC-SHA256 of `<timestamp>.<body>` with the contact's secret. */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** DingTalk robot signing: base64 HMAC-SHA256 of `<timestamp>\n<secret>` keyed by the secret. */
export const dingtalkSign = (secret: string, timestamp: string) =>
  createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');

/** The credential a channel's calls need first, if it has one (WeChat Work: gettoken). */
export function credentialCall(c: Contact): CredentialCall | undefined {
  if (c.channel !== 'wecom') return undefined;
  const f = c.fields;
  return {
    call: {
      receiver: '',
      method: 'GET',
      url: `${base(c)}/cgi-bin/gettoken?corpid=${encodeURIComponent(str(f.appId))}&corpsecret=${encodeURIComponent(str(f.appSecret))}`,
      headers: {},
      bodySaysOk: (answer) =>
        errcodeZero(answer) && typeof (answer as { access_token?: unknown }).access_token === 'string',
      bodySaysRetry: wecomBusy,
    },
    app: appKeyOf(base(c), str(f.appId), str(f.appSecret)),
    read: (answer) => {
      const { access_token: value, expires_in: expiresIn } = answer as {
        access_token?: unknown;
        expires_in?: unknown;
      };
      return typeof value === 'string' && value
        ? { value, expiresInS: typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 7200 }
        : undefined;
    },
  };
}

/** The calls that send the message; `credential` is what credentialCall fetched, for channels that have one. */
export function httpCalls(c: Contact, p: NotifyPayload, now = Date.now(), credential = ''): HttpCall[] {
  const text = textOf(p);
  const f = c.fields;
  switch (c.channel as Exclude<NotifyChannel, 'email'>) {
    case 'webhook': {
      const body = JSON.stringify({ message: p });
      const timestamp = String(Math.floor(now / 1000));
      return [
        {
          receiver: '',
          url: str(f.url),
          headers: {
            ...json,
            'x-edge-timestamp': timestamp,
            'x-edge-signature': webhookSignature(str(f.secret), timestamp, body),
          },
          body,
        },
      ];
    }
    case 'slack':
      return [{ receiver: '', url: str(f.url), headers: json, body: JSON.stringify({ text }) }];
    case 'teams':
      // A Workflows (or connector) incoming webhook takes a message with an Adaptive Card attachment.
      return [
        {
          receiver: '',
          url: str(f.url),
          headers: json,
          body: JSON.stringify({
            type: 'message',
            attachments: [
              {
                contentType: 'application/vnd.microsoft.card.adaptive',
                content: {
                  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
                  type: 'AdaptiveCard',
                  version: '1.4',
                  body: [
                    { type: 'TextBlock', text: subjectOf(p), weight: 'Bolder', wrap: true },
                    { type: 'TextBlock', text: p.detail, wrap: true },
                  ],
                },
              },
            ],
          }),
        },
      ];
    case 'telegram':
      return strings(f.receivers).map((chatId) => ({
        receiver: chatId,
        url: `${base(c)}/bot${str(f.token)}/sendMessage`,
        headers: json,
        body: JSON.stringify({ chat_id: chatId, text }),
        bodySaysOk: (answer) => (answer as { ok?: boolean } | null)?.ok === true,
      }));
    case 'line':
      return strings(f.receivers).map((to) => ({
        receiver: to,
        url: `${base(c)}/v2/bot/message/push`,
        headers: { ...json, authorization: `Bearer ${str(f.token)}` },
        body: JSON.stringify({ to, messages: [{ type: 'text', text }] }),
      }));
    case 'wechat':
      return [
        {
          receiver: '',
          url: `${base(c)}/cgi-bin/webhook/send?key=${encodeURIComponent(str(f.token))}`,
          headers: json,
          body: JSON.stringify({ msgtype: 'text', text: { content: text } }),
          bodySaysOk: errcodeZero,
        },
      ];
    case 'dingtalk': {
      const timestamp = String(now);
      const sign = encodeURIComponent(dingtalkSign(str(f.appSecret), timestamp));
      return [
        {
          receiver: '',
          url: `${base(c)}/robot/send?access_token=${encodeURIComponent(str(f.token))}&timestamp=${timestamp}&sign=${sign}`,
          headers: json,
          body: JSON.stringify({ msgtype: 'text', text: { content: text } }),
          bodySaysOk: errcodeZero,
        },
      ];
    }
    case 'wecom':
      return [
        {
          receiver: '',
          url: `${base(c)}/cgi-bin/message/send?access_token=${encodeURIComponent(credential)}`,
          headers: json,
          body: JSON.stringify({
            touser: strings(f.receivers).join('|'),
            msgtype: 'text',
            agentid: Number(f.agentId),
            // The receivers acknowledge it from WeChat through the app's callback (routes-wecom.ts).
            text: { content: p.id > 0 ? `${text}\nReply "ack ${p.id}" to acknowledge it.` : text },
          }),
          bodySaysOk: errcodeZero,
          bodySaysRetry: wecomBusy,
          bodySaysStale: wecomTokenStale,
        },
      ];
    case 'sms':
      return [
        {
          receiver: '',
          url: str(f.url),
          headers: { ...json, ...(str(f.token) ? { authorization: `Bearer ${str(f.token)}` } : {}) },
          body: JSON.stringify({ to: strings(f.receivers), text }),
        },
      ];
  }
}

export function mailCall(c: Contact): MailCall {
  const f = c.fields;
  const password = str(f.password);
  return {
    server: {
      host: str(f.smtpServer),
      port: Number(f.port),
      secure: f.secure === true,
      // The user name signs in when a password is set; it always names the sender.
      account: password ? str(f.userName) : '',
      password,
    },
    from: { name: str(f.userName), address: str(f.sender) },
    to: strings(f.receivers).join(', '),
  };
}
