/**
 * WeChat Work application contacts against a local receiver standing in for qyapi.weixin.qq.com: gettoken
 * with the corp ID and the app's secret, then message/send with the token; the token kept and reused,
 * fetched again when the service says it expired (42001); a 500 retried by the delivery queue and the
 * message delivered once. And the app's callback, with a signature and an encryption made here from
 * WeChat Work's description (not the console's decryptor): the URL check answers the echostr, a bad
 * signature is refused with nothing changed, and a receiver writing "ack N" acknowledges message N, which
 * ends its escalation, with an activity row naming the WeChat user.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages as texts, type AlertMessageView, type EventRuleView } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startListeningConsole, waitFor } from '../testing/devices.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { startReceiver, type Receiver } from '../testing/http-receiver.ts';
import {
  alertServices,
  escalatingRule,
  expectRefusedInWords,
  MINUTE,
  samplePayload as payload,
} from '../testing/alerts.ts';
import type { Raise } from '../messages/store.ts';
import type { Contact } from './contacts.ts';
import { escalateDue } from './wire.ts';
import { attempt } from './send.ts';
import { accessTokenCache } from './wecom.ts';
const CORP_ID = 'ww0123456789abcdef';
const APP_SECRET = 'app-secret-of-the-alerts-app';
const TOKEN = 'callbackToken42';
/** An EncodingAESKey as WeChat Work makes them: 43 characters of the base64 alphabet. */
const AES_KEY = randomBytes(32).toString('base64').slice(0, 43);

/** WXBizMsgCrypt as WeChat Work describes it, written here on its own. */
function encrypt(message: string, receiveId = CORP_ID, aesKey = AES_KEY): string {
  const key = Buffer.from(`${aesKey}=`, 'base64');
  const text = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(text.length);
  const plain = Buffer.concat([randomBytes(16), length, text, Buffer.from(receiveId, 'utf8')]);
  const pad = 32 - (plain.length % 32);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
}
/** The application as a contact names it (the API's fields and the sender's). */
const APP = {
  appId: CORP_ID,
  agentId: 1000002,
  appSecret: APP_SECRET,
  receivers: ['zhangsan', 'lisi'],
  token: TOKEN,
  aesKey: AES_KEY,
};
const sign = (timestamp: string, nonce: string, encrypted: string, token = TOKEN) =>
  createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');

const ok = (body: Record<string, unknown> = {}) => ({
  status: 200,
  body: JSON.stringify({ errcode: 0, errmsg: 'ok', ...body }),
});

describe('WeChat Work application: sending', () => {
  let receiver: Receiver;
  const contact = (over: Record<string, unknown> = {}): Contact => ({
    id: 3,
    channel: 'wecom',
    configName: 'Duty',
    fields: { baseUrl: receiver.url, ...APP, ...over },
    pausedUntil: null,
  });
  const paths = () => receiver.calls.map((c) => `${c.method} ${new URL(c.url, receiver.url).pathname}`);

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  test('gettoken with the corp ID and secret, message/send with the token; the token is reused', async () => {
    const tokens = accessTokenCache();
    receiver.queue('/cgi-bin/gettoken', ok({ access_token: 'token-1', expires_in: 7200 }));
    receiver.queue('/cgi-bin/message/send', ok({ invaliduser: '' }), ok());
    expect(await attempt(contact(), payload, [], tokens)).toMatchObject({ ok: true, status: 200 });
    expect(paths()).toEqual(['GET /cgi-bin/gettoken', 'POST /cgi-bin/message/send']);
    const [get, send] = receiver.calls;
    const query = new URL(get!.url, receiver.url).searchParams;
    expect([query.get('corpid'), query.get('corpsecret')]).toEqual([CORP_ID, APP_SECRET]);
    expect(new URL(send!.url, receiver.url).searchParams.get('access_token')).toBe('token-1');
    expect(send!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(send!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ touser: 'zhangsan|lisi', msgtype: 'text', agentid: 1000002 });
    const content = (body.text as { content: string }).content;
    expect(content).toContain('[critical] Gateway down: gw-lobby');
    expect(content).toContain('Reply "ack 7" to acknowledge it.');

    // The second message goes with the token kept: no gettoken.
    expect((await attempt(contact(), payload, [], tokens)).ok).toBe(true);
    expect(paths().slice(2)).toEqual(['POST /cgi-bin/message/send']);
    expect(new URL(receiver.calls[2]!.url, receiver.url).searchParams.get('access_token')).toBe('token-1');
  });

  test('an expired token (42001) is fetched again and the message sent once with it', async () => {
    const tokens = accessTokenCache();
    receiver.calls.length = 0;
    receiver.queue('/cgi-bin/gettoken', ok({ access_token: 'token-1', expires_in: 7200 }));
    receiver.queue('/cgi-bin/message/send', ok());
    expect((await attempt(contact(), payload, [], tokens)).ok).toBe(true);
    receiver.queue(
      '/cgi-bin/message/send',
      { status: 200, body: '{"errcode":42001,"errmsg":"access_token expired"}' },
      ok(),
    );
    receiver.queue('/cgi-bin/gettoken', ok({ access_token: 'token-2', expires_in: 7200 }));
    expect(await attempt(contact(), payload, [], tokens)).toMatchObject({ ok: true, status: 200 });
    expect(paths()).toEqual([
      'GET /cgi-bin/gettoken',
      'POST /cgi-bin/message/send',
      'POST /cgi-bin/message/send',
      'GET /cgi-bin/gettoken',
      'POST /cgi-bin/message/send',
    ]);
    const tokensSent = receiver.calls
      .filter((c) => c.url.startsWith('/cgi-bin/message/send'))
      .map((c) => new URL(c.url, receiver.url).searchParams.get('access_token'));
    expect(tokensSent).toEqual(['token-1', 'token-1', 'token-2']);
    // The new token is the one kept.
    receiver.queue('/cgi-bin/message/send', ok());
    expect((await attempt(contact(), payload, [], tokens)).ok).toBe(true);
    expect(paths().at(-1)).toBe('POST /cgi-bin/message/send');
    expect(new URL(receiver.calls.at(-1)!.url, receiver.url).searchParams.get('access_token')).toBe(
      'token-2',
    );
  });

  test('answers: 500 and busy are retried, a wrong secret is final, and an edit needs a new token', async () => {
    const tokens = accessTokenCache();
    receiver.calls.length = 0;
    receiver.queue('/cgi-bin/gettoken', { status: 500, body: 'down' });
    expect(await attempt(contact(), payload, [], tokens)).toMatchObject({
      ok: false,
      status: 500,
      retry: true,
    });
    receiver.queue('/cgi-bin/gettoken', {
      status: 200,
      body: '{"errcode":40001,"errmsg":"invalid credential"}',
    });
    expect(await attempt(contact(), payload, [], tokens)).toMatchObject({
      ok: false,
      retry: false,
      answer: expect.stringContaining('40001'),
    });
    receiver.queue('/cgi-bin/gettoken', ok({ access_token: 'token-3', expires_in: 7200 }));
    receiver.queue('/cgi-bin/message/send', { status: 200, body: '{"errcode":-1,"errmsg":"system busy"}' });
    expect(await attempt(contact(), payload, [], tokens)).toMatchObject({ ok: false, retry: true });
    receiver.queue(
      '/cgi-bin/message/send',
      { status: 429, headers: { 'retry-after': '4' } },
      { status: 200, body: '{"errcode":81013,"errmsg":"user & party & tag all invalid"}' },
    );
    expect(await attempt(contact(), payload, [], tokens)).toMatchObject({
      ok: false,
      status: 429,
      retry: true,
      retryAfterMs: 4000,
    });
    expect(await attempt(contact(), payload, [], tokens)).toMatchObject({ ok: false, retry: false });
    // Another secret (an edited contact) is another app: its token is fetched, not the old one reused.
    const before = receiver.calls.length;
    receiver.queue('/cgi-bin/gettoken', ok({ access_token: 'token-4', expires_in: 7200 }));
    receiver.queue('/cgi-bin/message/send', ok());
    expect((await attempt(contact({ appSecret: 'rotated' }), payload, [], tokens)).ok).toBe(true);
    expect(paths().slice(before)).toEqual(['GET /cgi-bin/gettoken', 'POST /cgi-bin/message/send']);
  });
});

describe.each(DIALECTS)('WeChat Work application: queue and callback (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let receiver: Receiver;
  let alerts: ReturnType<typeof alertServices>;
  let rule: EventRuleView;
  let contactId = 0;

  /** A critical message of the rule, escalating after a minute unless said otherwise. */
  const raise = (over: Partial<Raise> = {}): Promise<AlertMessageView> =>
    alerts.raise(rule, { escalateMs: MINUTE, ...over }, 'wecom');
  const sendsOf = (messageId: number) =>
    receiver.calls.filter(
      (c) => c.url.startsWith('/cgi-bin/message/send') && c.body.includes(`(message ${messageId})`),
    );
  const deliveryOf = (messageId: number) =>
    edge.store.db
      .selectFrom('notify_deliveries')
      .selectAll()
      .where('message_id', '=', messageId)
      .where('contact_id', '=', contactId)
      .executeTakeFirst();
  const messageRow = (id: number) =>
    edge.store.db
      .selectFrom('alert_messages')
      .select(['read', 'escalate_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const callbackUrl = (query: Record<string, string>, id = contactId) =>
    `/api/v1/notify/wecom/${id}/callback?${new URLSearchParams(query).toString()}`;
  /** What WeChat Work posts when `from` writes `content` to the app. */
  const post = (from: string, content: string, opts: { token?: string; id?: number } = {}) => {
    const inner =
      `<xml><ToUserName><![CDATA[${CORP_ID}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName>` +
      `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[text]]></MsgType>` +
      `<Content><![CDATA[${content}]]></Content><MsgId>${Date.now()}</MsgId><AgentID>1000002</AgentID></xml>`;
    const encrypted = encrypt(inner);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(6).toString('hex');
    return edge.app.inject({
      method: 'POST',
      url: callbackUrl(
        { msg_signature: sign(timestamp, nonce, encrypted, opts.token), timestamp, nonce },
        opts.id,
      ),
      headers: { 'content-type': 'text/xml' },
      payload:
        `<xml><ToUserName><![CDATA[${CORP_ID}]]></ToUserName><AgentID><![CDATA[1000002]]></AgentID>` +
        `<Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`,
    });
  };

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
    receiver = await startReceiver();
    receiver.always('/cgi-bin/gettoken', ok({ access_token: 'queue-token', expires_in: 7200 }));
    receiver.always('/cgi-bin/message/send', ok());
    const added = await admin('POST', '/api/v1/notify/contacts/add', {
      channel: 'wecom',
      configName: 'Duty (WeChat)',
      baseUrl: receiver.url,
      ...APP,
    });
    expect(added.statusCode, added.body).toBe(200);
    const view = added.json<{ id: number; settings: Record<string, unknown>; secrets: string[] }>();
    contactId = view.id;
    // The secrets are sealed and never answered back.
    expect(view.secrets.sort()).toEqual(['aesKey', 'appSecret', 'token']);
    expect(JSON.stringify(view.settings)).not.toContain(AES_KEY);
    const stored = await edge.store.db
      .selectFrom('notify_contacts')
      .selectAll()
      .where('id', '=', contactId)
      .executeTakeFirstOrThrow();
    expect(`${stored.settings}${stored.sealed}`).not.toContain(AES_KEY);
    expect(`${stored.settings}${stored.sealed}`).not.toContain(APP_SECRET);

    const escalation = await admin('POST', '/api/v1/notify/contacts/add', {
      channel: 'webhook',
      configName: 'Escalation',
      url: `${receiver.url}/escalation`,
      secret: 'hook-secret',
    });
    expect(escalation.statusCode, escalation.body).toBe(200);
    rule = await escalatingRule(admin, escalation.json<{ id: number }>().id);
    expect((await admin('POST', '/api/v1/notify/add', { ruleId: rule.id, contactId })).statusCode).toBe(200);

    alerts = alertServices(edge);
  }, 60_000);
  afterAll(async () => {
    await edge?.destroy();
    await receiver?.close();
  });

  test('a contact missing a secret, or with a bad AES key, is refused in its words, nothing written', async () => {
    const count = async () =>
      Number(
        (
          await edge.store.db
            .selectFrom('notify_contacts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const full = {
      channel: 'wecom',
      configName: 'X',
      appId: CORP_ID,
      agentId: 5,
      appSecret: 's',
      receivers: ['u'],
      token: 't',
      aesKey: AES_KEY,
    };
    await expectRefusedInWords(admin, '/api/v1/notify/contacts/add', full, [
      [{ appSecret: undefined }, 'notifyAppSecretEmpty'],
      [{ token: undefined }, 'notifyTokenEmpty'],
      [{ aesKey: undefined }, 'notifyAesKeyEmpty'],
      [{ aesKey: '' }, 'notifyAesKeyEmpty'],
      [{ aesKey: `${AES_KEY.slice(0, 42)}=` }, 'notifyAesKeyFormat'],
      [{ appId: '' }, 'notifyAppIdEmpty'],
      [{ token: '' }, 'notifyTokenEmpty'],
      [{ receivers: [] }, 'notifyReceiverIdRequired'],
    ]);
    expect(await count()).toBe(before);
  });

  test('a 500 from message/send is retried by the queue and the message delivered once', async () => {
    receiver.queue('/cgi-bin/message/send', { status: 500, body: 'upstream down' });
    const message = await raise({ escalateMs: 0 });
    // The console's own worker sends it (it is queued in the database), fails, and tries again after its wait.
    await waitFor(async () => (await deliveryOf(message.id))?.state === 'delivered', 'the retried delivery');
    const delivery = (await deliveryOf(message.id))!;
    expect(delivery.attempts).toBe(2);
    expect(sendsOf(message.id)).toHaveLength(2);
    // Later passes of the worker send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sendsOf(message.id)).toHaveLength(2);
    expect(JSON.parse(sendsOf(message.id)[1]!.body)).toMatchObject({
      touser: 'zhangsan|lisi',
      agentid: 1000002,
    });
  }, 30_000);

  test('the URL check answers the echostr it decrypts; a bad signature or another corp ID is refused', async () => {
    const echo = `echo-${randomBytes(8).toString('hex')}`;
    const encrypted = encrypt(echo);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = 'n0nce';
    const res = await edge.app.inject({
      method: 'GET',
      url: callbackUrl({
        msg_signature: sign(timestamp, nonce, encrypted),
        timestamp,
        nonce,
        echostr: encrypted,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(echo);

    for (const query of [
      {
        msg_signature: sign(timestamp, nonce, encrypted, 'wrong-token'),
        timestamp,
        nonce,
        echostr: encrypted,
      },
      {
        msg_signature: sign(timestamp, nonce, encrypted),
        timestamp: `${timestamp}1`,
        nonce,
        echostr: encrypted,
      },
      (() => {
        const other = encrypt(echo, 'ww-another-corp');
        return { msg_signature: sign(timestamp, nonce, other), timestamp, nonce, echostr: other };
      })(),
    ]) {
      const refused = await edge.app.inject({ method: 'GET', url: callbackUrl(query) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().err_message).toBe(texts.notifyCallbackRefused);
    }
    // A contact that is not a WeChat Work application has no callback.
    const other = await edge.app.inject({
      method: 'GET',
      url: callbackUrl(
        { msg_signature: sign(timestamp, nonce, encrypted), timestamp, nonce, echostr: encrypted },
        999,
      ),
    });
    expect(other.statusCode).toBe(403);
  });

  test('"ack N" from a receiver acknowledges message N and ends its escalation; a bad signature changes nothing', async () => {
    const acked = await raise();
    const unattended = await raise();
    await waitFor(async () => (await deliveryOf(acked.id))?.state === 'delivered', 'the first delivery');
    await waitFor(
      async () => (await deliveryOf(unattended.id))?.state === 'delivered',
      'the second delivery',
    );
    expect(Number((await messageRow(acked.id)).escalate_at)).toBeGreaterThan(0);

    // Signed with another token: refused, nothing changed.
    const forged = await post('zhangsan', `ack ${acked.id}`, { token: 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().err_message).toBe(texts.notifyCallbackRefused);
    // Someone the contact does not notify, or a message this contact was not sent: nothing changed.
    expect((await post('mallory', `ack ${acked.id}`)).statusCode).toBe(200);
    const notSent = await raise();
    await edge.store.db.deleteFrom('notify_deliveries').where('message_id', '=', notSent.id).execute();
    expect((await post('zhangsan', `ack ${notSent.id}`)).statusCode).toBe(200);
    expect(await messageRow(acked.id)).toMatchObject({ read: 0 });
    expect(Number((await messageRow(acked.id)).escalate_at)).toBeGreaterThan(0);
    expect((await messageRow(notSent.id)).read).toBe(0);
    expect(
      await edge.store.db
        .selectFrom('activity')
        .select('id')
        .where('action', '=', 'message.acknowledge')
        .execute(),
    ).toEqual([]);

    const res = await post('lisi', `ack ${acked.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    expect(await messageRow(acked.id)).toMatchObject({ read: 1, escalate_at: null });
    expect((await alerts.messages.get(acked.id)).read).toBe(true);
    const rows = await edge.store.db
      .selectFrom('activity')
      .select(['user_name', 'user_id', 'target', 'status_code'])
      .where('action', '=', 'message.acknowledge')
      .execute();
    expect(rows).toEqual([
      { user_name: 'wecom:lisi', user_id: null, target: `message ${acked.id}`, status_code: 200 },
    ]);

    // The escalation comes due: the unattended message goes to the next contact, the acknowledged one does not.
    const hooks = () => receiver.calls.filter((c) => c.url === '/escalation').map((c) => c.body);
    const later = Date.now() + 2 * MINUTE;
    await escalateDue(alerts.messages, alerts.notify, later);
    const escalated = await edge.store.db
      .selectFrom('notify_deliveries')
      .select('message_id')
      .where('escalated', '=', 1)
      .execute();
    const ids = escalated.map((d) => d.message_id);
    expect(ids).toContain(unattended.id);
    expect(ids).not.toContain(acked.id);
    await waitFor(() => hooks().some((b) => b.includes(`"id":${unattended.id},`)), 'the escalation');
    expect(hooks().some((b) => b.includes(`"id":${acked.id},`))).toBe(false);
  }, 60_000);
});

describe('WeChat Work application: the callback is limited as every anonymous call', () => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole('sqlite', { anonymousRateLimit: 3 });
  });
  afterAll(async () => edge?.destroy());

  test('a source past the limit is answered 429 before any signature is checked', async () => {
    const url = `/api/v1/notify/wecom/1/callback?msg_signature=00&timestamp=1&nonce=n&echostr=e`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await edge.app.inject({ method: 'GET', url })).statusCode);
    expect(statuses).toEqual([403, 403, 403, 429]);
    const posted = await edge.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/xml' },
      payload: '<xml><Encrypt><![CDATA[x]]></Encrypt></xml>',
    });
    expect(posted.statusCode).toBe(429);
  });
});
