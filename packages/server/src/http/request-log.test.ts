import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverLogOptions } from './request-log.ts';

async function linesLoggedAt(level: string): Promise<{ msg: string; level: number; url?: string }[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const options = serverLogOptions(level);
  const app = Fastify({ ...options, logger: { level, stream } });
  app.get('/api/x', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/api/x' });
  await app.inject({ method: 'POST', url: `/api/${'a'.repeat(5000)}` });
  await app.close();
  return lines.map((l) => JSON.parse(l) as { msg: string; level: number; url?: string });
}

describe('request log', () => {
  it('writes no line per request at info', async () => {
    expect(await linesLoggedAt('info')).toEqual([]);
  });

  it('writes one bounded line per request at debug', async () => {
    const lines = (await linesLoggedAt('debug')).filter((l) => l.msg === 'request');
    expect(lines.map((l) => l.url?.slice(0, 8))).toEqual(['/api/x', '/api/aaa']);
    expect(Math.max(...lines.map((l) => l.url!.length))).toBeLessThanOrEqual(200);
    expect(lines.every((l) => l.level === 20)).toBe(true);
  });
});
