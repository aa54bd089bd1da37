/**
 * Integration-test harness: a real console on a throwaway store, once per dialect.
 * SQLite lives in a temporary directory; PostgreSQL gets a database created for this run and dropped after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { buildConsole, type Console } from '../app.ts';
import type { Dialect } from '../db/schema.ts';

export const DIALECTS: Dialect[] = process.env.SKIP_POSTGRES ? ['sqlite'] : ['sqlite', 'postgres'];
export const ADMIN_PASSWORD = 'Admin-pass-1234';
/**
 * The enrolment secret of every test console (ENROL_SECRET), and the claim code test fleets present and
 * provisionSerials lists: the device helpers (testing/devices.ts) enrol with them unless told otherwise.
 */
export const TEST_ENROL_SECRET = 'test-enrolment-secret-0001';
export const TEST_CLAIM_CODE = 'TEST-CLAIM-0001';
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestConsole extends Console {
  config: Config;
  /** Drops the throwaway store as well as closing the console. */
  destroy(): Promise<void>;
  /** Closes this console and starts another on the same store (a console restart); destroy that one. */
  reopen(): Promise<TestConsole>;
}

export async function throwawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `edge_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestConsole(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  /** Receives the console's log lines at `overrides.logLevel` (default: no log at all). */
  logStream?: { write(line: string): void },
): Promise<TestConsole> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-test-'));
  const database = dialect === 'postgres' ? await throwawayPostgres() : undefined;
  const config: Config = {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: database?.url,
    adminPassword: ADMIN_PASSWORD,
    webRoot: undefined,
    logLevel: 'silent',
    // Test files share the process's threads: lowering "every other thread" would slow their neighbours.
    helperThreadNice: 0,
    heapGrowingPercent: 0,
    enrolSecret: TEST_ENROL_SECRET,
    ...overrides,
  };
  return wrap(await buildConsole(config, logStream ? { logStream } : { logger: false }), config, database);
}

function wrap(edge: Console, config: Config, database?: { drop(): Promise<void> }): TestConsole {
  const { enrolment } = edge;
  return {
    ...edge,
    // Provisioned serials carry the claim code the helpers' agents present, so they are adopted on their own.
    enrolment: {
      ...enrolment,
      provisionSerials: (serials, common = {}) =>
        enrolment.provisionSerials(serials, { claimCode: TEST_CLAIM_CODE, ...common }),
    },
    config,
    async destroy() {
      await edge.close();
      await database?.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
    async reopen() {
      await edge.close();
      return wrap(await buildConsole(config, { logger: false }), config, database);
    },
  };
}

/** A cookie jar over app.inject: signs in and carries the session cookie and CSRF header. */
/** `remoteAddress`: the source the sign-in comes from (tests of per-source limits use their own). */
export async function signIn(
  edge: Console,
  name = 'admin',
  password = ADMIN_PASSWORD,
  remoteAddress?: string,
) {
  const res = await edge.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { name, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'edge_session')!;
  const csrf = (res.json() as { csrfToken: string }).csrfToken;
  return {
    cookie: `edge_session=${cookie.value}`,
    csrf,
    headers: (mutating = true): Record<string, string> => ({
      cookie: `edge_session=${cookie.value}`,
      ...(mutating ? { 'x-csrf-token': csrf } : {}),
    }),
  };
}
