/**
 * Failed sign-ins, counted in the database so replicas share the count. Three counters, so that guessing
 * from one place does not lock the real user out from another:
 * - account + address: after `perPair` failures within the window, that pair is refused until it ends;
 * - address: after `perAddress` failures (password spraying across accounts), the address is refused;
 * - account, from anywhere: past `perAccount` failures each further one doubles a short delay (capped)
 *   before the account may be tried again, so a distributed guesser is slowed, never a hard lock.
 * An administrator can clear any of them (clear()).
 */
import type { LockoutView } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { throttleStore } from './store.ts';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  perPair: 5,
  perAddress: 20,
  perAccount: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
} as const;

const accountKey = (name: string) => `account:${name.toLowerCase()}`;
const pairKey = (name: string, ip: string) => `pair:${ip}|${name.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

interface Row {
  key: string;
  count: number;
  window_start: number;
}

/** When the row stops refusing sign-in (0: it does not). The account row's window_start is its last failure. */
function refusesUntil(row: Row): number {
  if (row.key.startsWith('account:')) {
    const over = row.count - THROTTLE.perAccount;
    if (over < 0) return 0;
    return row.window_start + Math.min(THROTTLE.firstDelayMs * 2 ** over, THROTTLE.maxDelayMs);
  }
  const limit = row.key.startsWith('pair:') ? THROTTLE.perPair : THROTTLE.perAddress;
  return row.count >= limit ? row.window_start + THROTTLE.windowMs : 0;
}

function describe(row: Row, until: number): LockoutView {
  const [kind, rest = ''] = [row.key.slice(0, row.key.indexOf(':')), row.key.slice(row.key.indexOf(':') + 1)];
  const bar = rest.indexOf('|');
  if (kind === 'pair')
    return { ip: rest.slice(0, bar), account: rest.slice(bar + 1), failures: row.count, until };
  if (kind === 'ip') return { ip: rest, account: null, failures: row.count, until };
  return { ip: null, account: rest, failures: row.count, until };
}

export function loginThrottle(db: Db, now: () => number = Date.now) {
  const store = throttleStore(db);
  const keysFor = (name: string, ip: string) => [accountKey(name), pairKey(name, ip), addressKey(ip)];

  return {
    /** True while any of the three counters refuses this account from this address. */
    async isBlocked(name: string, ip: string): Promise<boolean> {
      const t = now();
      return (await store.find(keysFor(name, ip))).some((r) => refusesUntil(r) > t);
    },
    async recordFailure(name: string, ip: string): Promise<void> {
      const t = now();
      // The account's counter keeps its last failure, so its delay runs from there.
      for (const key of keysFor(name, ip))
        await store.increment(key, t, THROTTLE.windowMs, key.startsWith('account:'));
    },
    async recordSuccess(name: string, ip: string): Promise<void> {
      await store.clear([accountKey(name), pairKey(name, ip)]);
    },
    /** The counters that refuse sign-in now. */
    async lockouts(): Promise<LockoutView[]> {
      const t = now();
      return (await store.all())
        .map((r) => ({ row: r, until: refusesUntil(r) }))
        .filter(({ until }) => until > t)
        .map(({ row, until }) => describe(row, until));
    },
    /** Clears the counters of an account, of an address, of both together, or all of them. */
    async clear(filter: { account?: string; ip?: string }): Promise<void> {
      const account = filter.account?.toLowerCase();
      await store.clearMatching((key) => {
        const view = describe({ key, count: 0, window_start: 0 }, 0);
        return (
          (account === undefined || view.account === account) &&
          (filter.ip === undefined || view.ip === filter.ip)
        );
      });
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
