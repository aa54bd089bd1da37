/**
 * A full disk is said as such (507 and the diskFull words) instead of the generic 'API request Error'.
 * The failure comes from a real SQLite database that may not grow (max_page_count), as on a full disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@edge/protocol';
import { registerErrorHandling } from '../http/errors.ts';
import { isDiskFull } from './disk-full.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-disk-full-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fullDatabase() {
  const file = new SQLite(path.join(dir, `full-${Math.random()}.sqlite`));
  file.exec('create table lines (text blob)');
  file.pragma(`max_page_count = ${file.pragma('page_count', { simple: true }) as number}`);
  return file;
}

describe('a full disk', () => {
  it('is recognised from what SQLite throws', () => {
    const file = fullDatabase();
    let thrown: unknown;
    try {
      file.prepare('insert into lines values (zeroblob(100000))').run();
    } catch (err) {
      thrown = err;
    }
    expect(isDiskFull(thrown)).toBe(true);
    expect(isDiskFull(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
  });

  it('answers 507 with the diskFull words, not a generic error', async () => {
    const file = fullDatabase();
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/api/x', async () => {
      file.prepare('insert into lines values (zeroblob(100000))').run();
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/api/x' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ err_message: messages.diskFull, err_code: 'diskFull' });
    expect(file.prepare('select count(*) as n from lines').get()).toEqual({ n: 0 });
    await app.close();
  });
});
