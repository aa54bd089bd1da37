/**
 * Operators at work while a fault test breaks something: writers that rename devices (a settings write the
 * device must apply), create groups and create roles, each with a name never used twice, so that what the
 * store holds afterwards says which answers it belongs to. `verdict` then holds the store to the answers:
 * every change answered 2xx is stored with exactly one activity row, none answered otherwise is, and each
 * device's desired name is the last one it was answered 2xx for.
 */
import { expect } from 'vitest';
import { RENAME, type Call } from './console-process.ts';
import { waitFor } from './devices.ts';

type Kind = 'rename' | 'group' | 'role';

export interface Answer {
  kind: Kind;
  name: string;
  /** The renamed device. */
  deviceId?: string;
  status: number;
  body: Record<string, unknown>;
  /** How long the answer took. */
  ms: number;
  /** When it came. */
  at: number;
}

const ROUTES: Record<
  Exclude<Kind, 'rename'>,
  { url: string; action: string; body: (name: string) => object }
> = {
  group: {
    url: '/api/v1/inventory/group/create',
    action: 'inventory.group.create',
    body: (name) => ({ name }),
  },
  role: {
    url: '/api/v1/settings/permission/roles',
    action: 'role.create',
    body: (name) => ({ name, permissions: [] }),
  },
};
export const ACTIONS = { rename: 'inventory.settings.generalSetting.setting', ...ROUTES } as const;

/**
 * `writers` loops, each renaming its own share of `ids` (so a device's writes come one after another) and
 * creating a group and a role per round, `pauseMs` apart, until `stop`.
 */
export function operatorLoad(call: Call, ids: string[], writers: number, tag: string, pauseMs = 50) {
  const answers: Answer[] = [];
  let stopping = false;
  const ask = async (kind: Kind, name: string, request: () => Promise<Response>, deviceId?: string) => {
    const startedAt = performance.now();
    const res = await request();
    const text = await res.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    answers.push({
      kind,
      name,
      deviceId,
      status: res.status,
      body,
      ms: performance.now() - startedAt,
      at: Date.now(),
    });
  };
  const loops = Array.from({ length: writers }, async (_, w) => {
    const mine = ids.filter((_, i) => i % writers === w);
    for (let round = 0; !stopping; round++) {
      const name = `${tag}-${w}-${round}`;
      const deviceId = mine[round % mine.length]!;
      await ask('rename', name, () => call('PATCH', RENAME, { id: deviceId, deviceName: name }), deviceId);
      for (const kind of ['group', 'role'] as const)
        await ask(kind, name, () => call('POST', ROUTES[kind].url, ROUTES[kind].body(name)));
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  });
  return {
    answers,
    /** When the first write after `since` was accepted (once one is, within 30 s). */
    async acceptedAgain(since: number): Promise<number> {
      const accepted = () => answers.find((a) => a.at > since && a.status === 200)?.at;
      return waitFor(accepted, 'a write accepted again', 30_000);
    },
    async stop(): Promise<Answer[]> {
      stopping = true;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** What the store holds of the load's changes, read straight from the database by the test. */
export interface Stored {
  groups: Set<string>;
  roles: Set<string>;
  /** Device id -> the name its general section's desired document holds. */
  desired: Map<string, string>;
  /** Activity rows answered 200, per action. */
  recorded: (action: string) => number;
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;

/** The last name each device was answered 2xx for. */
export function lastAccepted(answers: Answer[]): Map<string, string> {
  const last = new Map<string, string>();
  for (const a of answers) if (a.kind === 'rename' && ok(a)) last.set(a.deviceId!, a.name);
  return last;
}

/**
 * The store matches the answers: nothing acknowledged lost, nothing refused stored, no duplicate row.
 * `undecided` marks refusals that may have been stored all the same: those whose change committed just as the
 * database went away, before the request could read back what it answers (they are returned, to be told).
 */
export function verdict(
  answers: Answer[],
  stored: Stored,
  undecided: (a: Answer) => boolean = () => false,
): Answer[] {
  const storedAnyway: Answer[] = [];
  for (const kind of ['group', 'role'] as const) {
    const held = kind === 'group' ? stored.groups : stored.roles;
    const mine = answers.filter((a) => a.kind === kind);
    for (const a of mine) {
      if (!ok(a) && undecided(a) && held.has(a.name)) storedAnyway.push(a);
      else expect(held.has(a.name), `${kind} ${a.name} answered ${a.status}`).toBe(ok(a));
    }
    // One activity row per stored change: none lost, none twice.
    const rows = mine.filter(ok).length + storedAnyway.filter((a) => a.kind === kind).length;
    expect(stored.recorded(ROUTES[kind].action), `${kind} activity rows`).toBe(rows);
  }
  const renames = answers.filter((a) => a.kind === 'rename');
  for (const [deviceId, name] of lastAccepted(answers)) {
    const held = stored.desired.get(deviceId);
    const later = renames.find((a) => a.deviceId === deviceId && a.name === held && !ok(a) && undecided(a));
    if (later) storedAnyway.push(later);
    else expect(held, `device ${deviceId}`).toBe(name);
  }
  // An undecided rename overwritten since leaves only its activity row to tell it was stored.
  const atLeast = renames.filter(ok).length + storedAnyway.filter((a) => a.kind === 'rename').length;
  const atMost = renames.filter(ok).length + renames.filter((a) => !ok(a) && undecided(a)).length;
  expect(stored.recorded(ACTIONS.rename), 'rename activity rows').toBeGreaterThanOrEqual(atLeast);
  expect(stored.recorded(ACTIONS.rename), 'rename activity rows').toBeLessThanOrEqual(atMost);
  return storedAnyway;
}

/** Milliseconds at the median and the maximum. */
export function spread(ms: number[]): { median: number; max: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
}
