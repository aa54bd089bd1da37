/**
 * SPEC 5's notification rules for a WeChat Work application contact, as the form and the API both check
 * them: app ID, app secret, AES key and token not empty, at least one receiver ID, in the SPEC's words;
 * the AES key is WeChat Work's 43-character EncodingAESKey; a secret left out is kept on edit but needed
 * on create.
 */
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { contactEditRequest, contactRequest, missingSecret, WECOM_ACK, wecomAesKeyRule } from './notify.ts';

const AES_KEY = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';
const valid = {
  channel: 'wecom',
  configName: 'Duty',
  appId: 'ww0123456789abcdef',
  agentId: 1000002,
  appSecret: 'secret',
  receivers: ['zhangsan', 'lisi'],
  token: 'callbackToken',
  aesKey: AES_KEY,
};
const issuesOf = (body: Record<string, unknown>) => {
  const parsed = contactRequest.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('WeChat Work application contact', () => {
  it('takes a complete contact, with the default base URL left empty', () => {
    const parsed = contactRequest.parse(valid);
    expect(parsed).toMatchObject({ ...valid, baseUrl: '' });
  });

  it.each([
    ['appId', '', messages.notifyAppIdEmpty],
    ['appId', '   ', messages.notifyAppIdEmpty],
    ['appSecret', '', messages.notifyAppSecretEmpty],
    ['aesKey', '', messages.notifyAesKeyEmpty],
    ['token', '', messages.notifyTokenEmpty],
    ['receivers', [], messages.notifyReceiverIdRequired],
    ['configName', '', messages.notifyConfigNameEmpty],
    ['agentId', 0, messages.notifyAgentIdInvalid],
    ['agentId', 1.5, messages.notifyAgentIdInvalid],
  ])('refuses %s = %j with the words "%s"', (field, value, words) => {
    expect(issuesOf({ ...valid, [field]: value })).toEqual([words]);
  });

  it('refuses an app ID or agent ID left out in the same words', () => {
    const { appId: _appId, agentId: _agentId, ...rest } = valid;
    expect(issuesOf(rest).sort()).toEqual([messages.notifyAgentIdInvalid, messages.notifyAppIdEmpty].sort());
  });

  it('takes only a 43-character EncodingAESKey of the base64 alphabet', () => {
    expect(wecomAesKeyRule(AES_KEY)).toBeNull();
    expect(wecomAesKeyRule('0123456789+/0123456789+/0123456789+/0123456')).toBeNull();
    for (const key of [
      AES_KEY.slice(0, 42),
      `${AES_KEY}7`,
      `${AES_KEY.slice(0, 42)}=`,
      `${AES_KEY.slice(0, 42)}-`,
    ])
      expect(issuesOf({ ...valid, aesKey: key })).toEqual([messages.notifyAesKeyFormat]);
  });

  it('keeps stored secrets left out on edit; on create each one missing is named in its words', () => {
    const { appSecret: _s, token: _t, aesKey: _k, ...withoutSecrets } = valid;
    expect(contactEditRequest.safeParse({ ...withoutSecrets, id: 4 }).success).toBe(true);
    expect(missingSecret('wecom', {})).toBe('notifyAppSecretEmpty');
    expect(missingSecret('wecom', { appSecret: 's' })).toBe('notifyTokenEmpty');
    expect(missingSecret('wecom', { appSecret: 's', token: 't' })).toBe('notifyAesKeyEmpty');
    expect(missingSecret('wecom', { appSecret: 's', token: 't', aesKey: AES_KEY })).toBeUndefined();
  });

  it('reads "ack N" as acknowledging message N, and nothing else', () => {
    expect(WECOM_ACK.exec('ack 12')?.[1]).toBe('12');
    expect(WECOM_ACK.exec(' ACK #7 ')?.[1]).toBe('7');
    for (const text of ['ack', 'ack twelve', 'please ack 12', 'ack 12 13'])
      expect(WECOM_ACK.exec(text)).toBeNull();
  });
});
