/**
 * Every channel sends the request its service's public API expects, to the contact's base URL: checked
 * against a local receiver, with DingTalk's signature recomputed and 429 / Retry-After read as the wait.
 */
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NotifyChannel } from '@edge/protocol';
import { samplePayload as payload } from '../testing/alerts.ts';
import { startReceiver, type Receiver } from '../testing/http-receiver.ts';
import type { Contact } from './contacts.ts';
import { attempt, retryAfterOf } from './send.ts';

describe('notification channels', () => {
  let receiver: Receiver;
  const contact = (channel: NotifyChannel, fields: Record<string, unknown>): Contact => ({
    id: 1,
    channel,
    configName: channel,
    fields,
    pausedUntil: null,
  });
  const last = () => {
    const call = receiver.calls.at(-1)!;
    return { ...call, json: JSON.parse(call.body) as Record<string, unknown> };
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.always('/cgi-bin', { status: 200, body: '{"errcode":0,"errmsg":"ok"}' });
    receiver.always('/robot', { status: 200, body: '{"errcode":0,"errmsg":"ok"}' });
  });
  afterAll(() => receiver?.close());

  test('Slack and Teams incoming webhooks', async () => {
    expect((await attempt(contact('slack', { url: `${receiver.url}/slack` }), payload, [])).ok).toBe(true);
    expect(last().json.text).toContain('[critical] Gateway down: gw-lobby');
    expect((await attempt(contact('teams', { url: `${receiver.url}/teams` }), payload, [])).ok).toBe(true);
    const card = last().json as {
      type: string;
      attachments: { contentType: string; content: { body: unknown[] } }[];
    };
    expect(card.type).toBe('message');
    expect(card.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
  });

  test('LINE push per receiver with the channel access token; one not reached is retried alone', async () => {
    receiver.queue('/v2/bot/message/push', { status: 200 }, { status: 429, headers: { 'retry-after': '3' } });
    const line = contact('line', { baseUrl: receiver.url, token: 'line-token', receivers: ['U1', 'C2'] });
    const first = await attempt(line, payload, []);
    expect(first).toMatchObject({ ok: false, status: 429, retry: true, retryAfterMs: 3000, sentTo: ['U1'] });
    expect(last().headers.authorization).toBe('Bearer line-token');
    const before = receiver.calls.length;
    const second = await attempt(line, payload, first.sentTo);
    expect(second).toMatchObject({ ok: true, sentTo: ['U1', 'C2'] });
    expect(receiver.calls.length).toBe(before + 1);
    expect(last().json).toMatchObject({ to: 'C2', messages: [{ type: 'text' }] });
  });

  test('WeChat Work robot by key; an errcode in a 200 answer is a failure', async () => {
    const wechat = contact('wechat', { baseUrl: receiver.url, token: 'robot-key' });
    expect((await attempt(wechat, payload, [])).ok).toBe(true);
    expect(last().url).toBe('/cgi-bin/webhook/send?key=robot-key');
    expect(last().json).toMatchObject({
      msgtype: 'text',
      text: { content: expect.stringContaining('gw-lobby') },
    });
    receiver.queue('/cgi-bin', { status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' });
    expect(await attempt(wechat, payload, [])).toMatchObject({ ok: false, retry: false });
  });

  test('DingTalk robot signed with its secret', async () => {
    const secret = 'SEC0123456789';
    expect(
      (
        await attempt(
          contact('dingtalk', { baseUrl: receiver.url, token: 'tk', appSecret: secret }),
          payload,
          [],
        )
      ).ok,
    ).toBe(true);
    const url = new URL(last().url, receiver.url);
    expect(url.pathname).toBe('/robot/send');
    expect(url.searchParams.get('access_token')).toBe('tk');
    const timestamp = url.searchParams.get('timestamp')!;
    const expected = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    expect(url.searchParams.get('sign')).toBe(expected);
  });

  test('SMS gateway with a bearer token and every phone number', async () => {
    const sms = contact('sms', {
      url: `${receiver.url}/sms`,
      token: 'gw',
      receivers: ['+886912345678', '0987654321'],
    });
    expect((await attempt(sms, payload, [])).ok).toBe(true);
    expect(last().headers.authorization).toBe('Bearer gw');
    expect(last().json.to).toEqual(['+886912345678', '0987654321']);
  });

  test('a 4xx other than 429 is final; a refused connection is retried, saying so; Retry-After as a date', async () => {
    receiver.queue('/slack', { status: 404, body: 'no_service' });
    expect(await attempt(contact('slack', { url: `${receiver.url}/slack` }), payload, [])).toMatchObject({
      ok: false,
      status: 404,
      answer: 'no_service',
      retry: false,
    });
    // A port nothing listens on any more (port 1 would be refused by fetch itself, as a bad port).
    const closed = net.createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await attempt(contact('slack', { url: `http://127.0.0.1:${port}/x` }), payload, [])).toMatchObject(
      {
        ok: false,
        status: 0,
        // The reason fetch keeps as its cause, not its bare 'fetch failed'.
        answer: expect.stringContaining('ECONNREFUSED'),
        retry: true,
      },
    );
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(retryAfterOf(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(retryAfterOf('120')).toBe(120_000);
    expect(retryAfterOf(null)).toBeUndefined();
  });
});
