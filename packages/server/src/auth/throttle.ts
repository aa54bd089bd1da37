/**
 * Failed sign-ins are counted per account and per address in the database, so replicas share the count.
 * Past the limit within the window, sign-in is refused until the window ends, even with the right password.
 */
import type { Db } from '../db/schema.ts';
import { throttleStore } from './store.ts';

export const THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 } as const;

export function loginThrottle(db: Db, now: () => number = Date.now) {
  const store = throttleStore(db);
  const keysFor = (name: string, ip: string) => ({ account: `account:${name.toLowerCase()}`, address: `ip:${ip}` });
  const limitOf = (key: string) => (key.startsWith('account:') ? THROTTLE.perAccount : THROTTLE.perAddress);

  return {
    /** True when either the account or the address has used up its failures in the current window. */
    async isBlocked(name: string, ip: string): Promise<boolean> {
      const { account, address } = keysFor(name, ip);
      const rows = await store.find([account, address]);
      const t = now();
      return rows.some((r) => t - r.window_start < THROTTLE.windowMs && r.count >= limitOf(r.key));
    },
    async recordFailure(name: string, ip: string): Promise<void> {
      const { account, address } = keysFor(name, ip);
      const rows = await store.find([account, address]);
      const t = now();
      for (const key of [account, address]) {
        const row = rows.find((r) => r.key === key);
        const fresh = !row || t - row.window_start >= THROTTLE.windowMs;
        await store.upsert(key, fresh ? 1 : row.count + 1, fresh ? t : row.window_start);
      }
    },
    async recordSuccess(name: string): Promise<void> {
      await store.clear(keysFor(name, '').account);
    },
  };
}
