/**
 * A PostgreSQL connection reset under a query (what a server killed at once can leave) is told as the
 * database being unreachable, so the request answers 503 in the SPEC's words instead of a bare 500. The
 * reset is made by a TCP relay of the test's own between the pool and the shared server, which is never
 * touched.
 */
import net from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { isDatabaseUnreachable } from './unreachable.ts';
import { postgresPool } from './database.ts';

const relays: net.Server[] = [];
afterAll(() => relays.forEach((r) => r.close()));

/** A relay to the shared PostgreSQL; `reset()` resets every connection through it. */
async function relay() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(5432, '127.0.0.1');
    sockets.push(client, upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  relays.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, reset: () => sockets.forEach((s) => s.resetAndDestroy()) };
}

test('a connection reset under a query is named unreachable; other errors keep their own', async () => {
  const { port, reset } = await relay();
  const pool = postgresPool(`postgres://postgres@127.0.0.1:${port}/postgres`);
  try {
    // A mistake of the query's own is not an outage.
    const mistake = await pool.query('select no_such_column').catch((e: unknown) => e);
    expect(isDatabaseUnreachable(mistake)).toBe(false);

    // A reset under a query, asked as the store asks (Kysely: a pooled client's promise).
    const client = await pool.connect();
    try {
      const pending = client.query('select pg_sleep(10)').catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 300));
      reset();
      const err = (await pending) as Error & { code?: string; cause?: { code?: string } };
      expect(err).toBeInstanceOf(Error);
      expect(err.cause?.code, String(err)).toMatch(/^(ECONNRESET|EPIPE)$/);
      expect(isDatabaseUnreachable(err), String(err)).toBe(true);
    } finally {
      client.release(true);
    }
  } finally {
    await pool.end().catch(() => undefined);
  }
});
