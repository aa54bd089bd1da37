/** Every refusal carries the SPEC's words and a code, never only a library's text (issue 13). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';

describe.each(DIALECTS)('error words (%s)', (dialect) => {
  let edge: TestConsole;
  let headers: Record<string, string>;
  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    headers = (await signIn(edge)).headers();
  });
  afterAll(async () => edge?.destroy());

  const send = (payload: string, contentType = 'application/json') =>
    edge.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/company',
      payload,
      headers: { ...headers, 'content-type': contentType },
    });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', 400, 'invalidRequest'],
    ['a field of the wrong type', '{"name":{"$gt":""}}', 'application/json', 400, 'invalidRequest'],
    ['an unsupported body type', 'name=x', 'application/x-www-form-urlencoded', 415, 'invalidRequest'],
    [
      'a body over the size limit',
      JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      'application/json',
      413,
      'fileTooLarge',
    ],
  ] as const)('answers %s in words with a code', async (_what, payload, type, status, code) => {
    const res = await send(payload, type);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
  });
});
