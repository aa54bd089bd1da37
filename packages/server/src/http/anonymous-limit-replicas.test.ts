/**
 * The anonymous rate limit across replicas (issue 13): two consoles on one PostgreSQL database count a
 * source's requests together, so alternating between them does not double its allowance; another source
 * keeps its own. With counts kept in each process (the old store) each console let LIMIT through.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@edge/protocol';
import { startTestConsole, type TestConsole } from '../testing/harness.ts';

const LIMIT = 12;

describe.skipIf(process.env.SKIP_POSTGRES)('anonymous rate limit on two consoles, one database', () => {
  let a: TestConsole;
  let b: TestConsole;

  const anonymous = (edge: TestConsole, remoteAddress: string) =>
    edge.app.inject({ method: 'GET', url: '/api/v1/settings/company', remoteAddress });

  beforeAll(async () => {
    a = await startTestConsole('postgres', { anonymousRateLimit: LIMIT });
    b = await startTestConsole('sqlite', { anonymousRateLimit: LIMIT, databaseUrl: a.config.databaseUrl });
  }, 60_000);

  afterAll(async () => {
    await b?.destroy();
    await a?.destroy();
  });

  test('requests split between the consoles are limited as one', async () => {
    // Started at a window's beginning, so the count cannot roll over in the middle of the run.
    const windowLeft = 60_000 - (Date.now() % 60_000);
    if (windowLeft < 15_000) await new Promise((r) => setTimeout(r, windowLeft + 50));

    const source = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await anonymous(i % 2 ? b : a, source)).statusCode);
    // Each console has seen only half of the limit, yet both refuse the next request.
    expect(statuses.every((s) => s === 401)).toBe(true);
    for (const edge of [a, b]) {
      const refused = await anonymous(edge, source);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ err_message: messages.tooManyRequests, err_code: 'tooManyRequests' });
    }
    // The count is the source's, not the database's: another source is let through on either console.
    expect((await anonymous(b, '198.51.100.78')).statusCode).toBe(401);
    expect((await anonymous(a, '198.51.100.78')).statusCode).toBe(401);
  });
});
