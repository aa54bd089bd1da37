/**
 * Notification (SPEC 2 notify list, contact list; SPEC 3 Notification contact config; SPEC 5 rules).
 * A contact is one channel with its fields; secret fields (password, secret, token, app secret) are written
 * only: left out on edit they keep the stored value, and answers say only whether one is set.
 * Every channel sends to `baseUrl`, the service's public address by default, configurable (a proxy, a test).
 * Endpoints: endpoints/notify.ts.
 */
import { z } from 'zod';
import { messages, type MessageCode } from './messages.ts';
import {
  emailRule,
  phoneRule,
  portRule,
  requiredField,
  ruledNumber,
  textRule,
  type Rule,
} from './validation.ts';
import { alertMessageView, checkQuietHours, quietEnd } from './alert-messages.ts';

export const NOTIFY_PATH = '/api/v1/notify';

export const notifyChannels = [
  'email',
  'webhook',
  'slack',
  'teams',
  'telegram',
  'line',
  'wechat',
  'dingtalk',
  'sms',
  'wecom',
] as const;
export type NotifyChannel = (typeof notifyChannels)[number];

/** The public API each channel calls unless the contact names another base URL. */
export const CHANNEL_BASE_URLS: Partial<Record<NotifyChannel, string>> = {
  telegram: 'https://api.telegram.org',
  line: 'https://api.line.me',
  wechat: 'https://qyapi.weixin.qq.com',
  dingtalk: 'https://oapi.dingtalk.com',
  wecom: 'https://qyapi.weixin.qq.com',
};

const urlRule: Rule = (v) =>
  /^https?:\/\/[^\s/]+[^\s]*$/.test(v) && v.length <= 1024 ? null : 'notifyUrlInvalid';
const url = requiredField(urlRule);
const optionalUrl = z
  .string()
  .default('')
  .pipe(z.string().refine((v) => v === '' || !urlRule(v), messages.notifyUrlInvalid));
const notEmpty = (code: MessageCode, max = 256) => requiredField(textRule(code, max));
/** A secret: required when the contact is created (the service checks that), kept when left out on edit. */
const secret = (max = 512) => z.string().max(max, messages.textTooLong).optional();
/**
 * A secret the channel cannot work without: left out on edit it keeps the stored one, but one sent must
 * pass its rule (an empty one is refused in the SPEC's words, so the form says so before saving).
 */
const requiredSecret = (rule: Rule) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const code = rule(v);
      if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
    })
    .optional();
const list = (rule: Rule, empty: MessageCode) =>
  z
    .array(
      z.string().superRefine((v, ctx) => {
        const code = rule(v);
        if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
      }),
    )
    .max(50, messages.textTooLong)
    .min(1, messages[empty])
    .prefault([]);
const receiverIds = list(textRule('notifyReceiverIdRequired', 128), 'notifyReceiverIdRequired');

/** WeChat Work's EncodingAESKey: 43 characters of the base64 alphabet (the key is base64 of it and '='). */
export const WECOM_AES_KEY_LENGTH = 43;
export const wecomAesKeyRule: Rule = (v) => {
  if (!v) return 'notifyAesKeyEmpty';
  return new RegExp(`^[A-Za-z0-9+/]{${WECOM_AES_KEY_LENGTH}}$`).test(v) ? null : 'notifyAesKeyFormat';
};
/** A WeChat Work application's agent ID: a positive whole number. */
export const wecomAgentIdRule: Rule<number> = (v) =>
  Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? null : 'notifyAgentIdInvalid';

const common = {
  configName: notEmpty('notifyConfigNameEmpty', 64),
  /**
   * The contact's own quiet hours (HH:MM to HH:MM, the console's time zone; '' for none): when set they
   * replace the rule's for this contact. Non-critical deliveries to it wait for their end; critical ones
   * (and escalations, which are critical) go at once.
   */
  quietFrom: quietEnd,
  quietTo: quietEnd,
};

export const emailContact = z.object({
  channel: z.literal('email'),
  ...common,
  smtpServer: notEmpty('smtpHostEmpty', 253),
  port: ruledNumber(portRule),
  secure: z.boolean().default(false),
  userName: notEmpty('usernameEmpty', 128),
  password: secret(256),
  sender: requiredField((v) => (v ? emailRule(v) : 'notifySenderEmpty')),
  receivers: list(emailRule, 'notifyReceiverRequired'),
});
export const webhookContact = z.object({
  channel: z.literal('webhook'),
  ...common,
  url,
  /** Signs the body: X-Edge-Signature: sha256=<hex HMAC-SHA256 of timestamp.body>. */
  secret: secret(),
});
export const slackContact = z.object({ channel: z.literal('slack'), ...common, url });
export const teamsContact = z.object({ channel: z.literal('teams'), ...common, url });
export const telegramContact = z.object({
  channel: z.literal('telegram'),
  ...common,
  baseUrl: optionalUrl,
  token: secret(),
  receivers: receiverIds,
});
export const lineContact = z.object({
  channel: z.literal('line'),
  ...common,
  baseUrl: optionalUrl,
  /** The channel access token of a LINE Messaging API channel. */
  token: secret(),
  receivers: receiverIds,
});
export const wechatContact = z.object({
  channel: z.literal('wechat'),
  ...common,
  baseUrl: optionalUrl,
  /** The group robot's webhook key. */
  token: secret(),
});
export const dingtalkContact = z.object({
  channel: z.literal('dingtalk'),
  ...common,
  baseUrl: optionalUrl,
  /** The robot's access token, and the secret ("SEC...") its requests are signed with. */
  token: secret(),
  appSecret: secret(),
});
/**
 * A WeChat Work (WeCom) application: messages go out through its API (gettoken with the corp ID and the
 * app's secret, then message/send to the receivers' user IDs), and its "receive messages" callback
 * (token and EncodingAESKey) lets a receiver acknowledge a message from WeChat by answering "ack <id>".
 */
export const wecomContact = z.object({
  channel: z.literal('wecom'),
  ...common,
  baseUrl: optionalUrl,
  /** The corp ID (corpid). */
  appId: notEmpty('notifyAppIdEmpty', 64),
  agentId: ruledNumber(wecomAgentIdRule),
  /** The application's secret (corpsecret). */
  appSecret: requiredSecret(textRule('notifyAppSecretEmpty', 128)),
  /** User IDs the messages go to. */
  receivers: receiverIds,
  /** The callback's token and EncodingAESKey, as set on the application's "receive messages" page. */
  token: requiredSecret(textRule('notifyTokenEmpty', 64)),
  aesKey: requiredSecret(wecomAesKeyRule),
});
export const smsContact = z.object({
  channel: z.literal('sms'),
  ...common,
  url,
  /** Sent as a bearer token when set. */
  token: secret(),
  receivers: list((v) => (v ? phoneRule(v) : 'notifyPhoneRequired'), 'notifyPhoneRequired'),
});

export const contactRequest = z
  .discriminatedUnion(
    'channel',
    [
      emailContact,
      webhookContact,
      slackContact,
      teamsContact,
      telegramContact,
      lineContact,
      wechatContact,
      dingtalkContact,
      smsContact,
      wecomContact,
    ],
    { error: messages.invalidChoice },
  )
  .superRefine(checkQuietHours);
export type ContactRequest = z.infer<typeof contactRequest>;
export const contactEditRequest = z.intersection(
  z.object({ id: z.number().int().positive() }),
  contactRequest,
);

/** The secret fields per channel, and the message when one is missing on create. */
export const CONTACT_SECRETS: Record<NotifyChannel, readonly [string, MessageCode][]> = {
  email: [],
  webhook: [['secret', 'notifyTokenEmpty']],
  slack: [],
  teams: [],
  telegram: [['token', 'notifyTokenEmpty']],
  line: [['token', 'notifyTokenEmpty']],
  wechat: [['token', 'notifyTokenEmpty']],
  dingtalk: [
    ['token', 'notifyTokenEmpty'],
    ['appSecret', 'notifyAppSecretEmpty'],
  ],
  sms: [],
  wecom: [
    ['appSecret', 'notifyAppSecretEmpty'],
    ['token', 'notifyTokenEmpty'],
    ['aesKey', 'notifyAesKeyEmpty'],
  ],
};

/** The first secret a contact of the channel needs and lacks once the stored ones are kept, if any. */
export function missingSecret(
  channel: NotifyChannel,
  secrets: Partial<Record<string, string>>,
): MessageCode | undefined {
  return CONTACT_SECRETS[channel].find(([name]) => !secrets[name])?.[1];
}

/**
 * WeChat Work's "receive messages" URL of a contact (its application's callback), and what a receiver
 * answers to acknowledge message N from WeChat.
 */
export const wecomCallbackPath = (contactId: number | string) => `${NOTIFY_PATH}/wecom/${contactId}/callback`;
export const WECOM_ACK = /^\s*ack\s+#?(\d{1,12})\s*$/i;
export const wecomCallbackQuery = z.object({
  msg_signature: z.string().max(128),
  timestamp: z.string().max(32),
  nonce: z.string().max(128),
});
export const wecomVerifyQuery = wecomCallbackQuery.extend({ echostr: z.string().max(4096) });
export const wecomCallbackParams = z.object({ contactId: z.coerce.number().int().positive() });

export const contactView = z.object({
  id: z.number(),
  channel: z.enum(notifyChannels),
  configName: z.string(),
  /** The channel's other fields, secrets left out. */
  settings: z.record(z.string(), z.unknown()),
  /** Which secret fields are set. */
  secrets: z.array(z.string()),
  /** A provider that answered 429 or failed is paused until then, epoch ms. */
  pausedUntil: z.number().nullable(),
  createdAt: z.number(),
});
export type ContactView = z.infer<typeof contactView>;
export const contactListResponse = z.object({ list: z.array(contactView) });

/** The notify list: a rule notifies a contact. */
export const notifyLinkRequest = z.object({
  ruleId: z.number({ error: messages.notifyRuleRequired }).int().positive(messages.notifyRuleRequired),
  contactId: z.number({ error: messages.notifyConfigRequired }).int().positive(messages.notifyConfigRequired),
});
export const notifyLinkView = notifyLinkRequest.extend({
  id: z.number(),
  ruleName: z.string(),
  configName: z.string(),
  channel: z.enum(notifyChannels),
});
export const notifyLinkListResponse = z.object({ list: z.array(notifyLinkView) });

export const deliveryStates = ['pending', 'delivered', 'failed'] as const;
export const deliveryView = z.object({
  id: z.number(),
  messageId: z.number(),
  contactId: z.number(),
  configName: z.string(),
  channel: z.enum(notifyChannels),
  state: z.enum(deliveryStates),
  attempts: z.number(),
  nextAt: z.number().nullable(),
  /** The provider's last answer: HTTP status (0 when none came) and its first bytes, or the mail server's words. */
  lastStatus: z.number().nullable(),
  lastAnswer: z.string().nullable(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
  /** Queued by escalation: a critical message nobody acknowledged in time went to the rule's next contact. */
  escalated: z.boolean(),
});
export type DeliveryView = z.infer<typeof deliveryView>;
export const deliveryListQuery = z.object({ messageId: z.coerce.number().int().positive().optional() });
export const deliveryListResponse = z.object({ list: z.array(deliveryView) });

/** What every channel sends: the message, its rule and device, in words a person reads. */
export const notifyPayload = alertMessageView.pick({
  id: true,
  ruleName: true,
  event: true,
  severity: true,
  deviceId: true,
  deviceName: true,
  detail: true,
  createdAt: true,
});
export type NotifyPayload = z.infer<typeof notifyPayload>;
