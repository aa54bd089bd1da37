/**
 * The two address lists. The access control list, when enabled, lets only its addresses reach the
 * console at all; the admin ACL, when enabled, lets administrators sign in only from its addresses.
 * Both are read on every request, so they are cached briefly; a change here drops the cache at once, and
 * other replicas see it within CACHE_MS.
 */
import {
  aclLists,
  type AclEntryEditRequest,
  type AclEntryRequest,
  type AclEntryView,
  type AclList,
  type AclListResponse,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';
import { touchedRow, unlessDuplicate } from '../db/errors.ts';
import { fail } from '../http/errors.ts';
import { freshOrLast } from '../db/unreachable.ts';
import { aclStore } from './store.ts';
import { clientAddress } from './address.ts';

const CACHE_MS = 5_000;
export const enabledKey = (list: AclList) => `acl.${list}.enabled`;

interface ListState {
  enabled: boolean;
  entries: AclEntryView[];
}
type State = Record<AclList, ListState>;

/** Who is making a change, to tell whether it would shut them out. */
export interface AclCaller {
  ip: string;
  isAdministrator: boolean;
}

export function aclService(db: Db, now: () => number = Date.now) {
  const store = aclStore(db);
  const settings = keyValueStore(db);
  let cached: { at: number; state: State } | null = null;

  async function load(): Promise<State> {
    if (cached && now() - cached.at < CACHE_MS) return cached.state;
    // While the database cannot be reached, the lists last read still decide who is answered.
    return freshOrLast(read, cached?.state);
  }

  async function read(): Promise<State> {
    const rows = await store.all();
    const state = {} as State;
    for (const list of aclLists) {
      state[list] = {
        enabled: (await settings.get<boolean>(enabledKey(list))) ?? false,
        entries: rows
          .filter((r) => r.list === list)
          .map((r) => ({
            id: r.id,
            ipAddress: r.ip_address,
            Description: r.description,
            createdAt: r.created_at,
          })),
      };
    }
    cached = { at: now(), state };
    return state;
  }

  const listed = (state: ListState, ip: string) =>
    state.entries.some((e) => e.ipAddress === clientAddress(ip));
  const admittedBy = (state: ListState, ip: string) => !state.enabled || listed(state, ip);
  /** The access control list shuts out anyone not on it; the admin ACL only administrators. */
  const shutsOut = (list: AclList, state: ListState, caller: AclCaller) =>
    (list === 'accessControl' || caller.isAdministrator) && !admittedBy(state, caller.ip);

  /** Makes a change unless the list as it would be afterwards shuts the caller out and they did not confirm. */
  async function change(
    list: AclList,
    caller: AclCaller,
    confirm: boolean,
    after: (s: ListState) => ListState,
    apply: () => Promise<unknown>,
  ) {
    const current = (await load())[list];
    if (!confirm && shutsOut(list, after(current), caller)) {
      throw fail(
        409,
        'aclLockout',
        `Your address ${clientAddress(caller.ip)} would not be on the enabled list, so this change would shut you out. Send it again with confirm: true to apply it anyway.`,
      );
    }
    try {
      await unlessDuplicate(apply(), 'aclEntryExists');
    } finally {
      cached = null;
    }
  }

  const service = {
    async view(list: AclList, ip: string): Promise<AclListResponse> {
      const state = (await load())[list];
      return { enabled: state.enabled, yourAddress: clientAddress(ip), list: state.entries };
    },
    /** An added address never shuts anyone out, so it needs no confirmation. */
    async add(list: AclList, entry: AclEntryRequest, caller: AclCaller) {
      await change(
        list,
        caller,
        true,
        (s) => s,
        () => store.insert(list, entry.ipAddress, entry.Description.trim(), now()),
      );
      return service.view(list, caller.ip);
    },
    async edit(list: AclList, entry: AclEntryEditRequest, caller: AclCaller) {
      const replaced = (s: ListState) => ({
        ...s,
        entries: s.entries.map((e) => (e.id === entry.id ? { ...e, ipAddress: entry.ipAddress } : e)),
      });
      await change(list, caller, entry.confirm, replaced, async () =>
        touchedRow(await store.update(list, entry.id, entry.ipAddress, entry.Description.trim())),
      );
      return service.view(list, caller.ip);
    },
    async remove(list: AclList, entry: { id: number; confirm: boolean }, caller: AclCaller) {
      const without = (s: ListState) => ({ ...s, entries: s.entries.filter((e) => e.id !== entry.id) });
      await change(list, caller, entry.confirm, without, async () =>
        touchedRow(await store.remove(list, entry.id)),
      );
      return service.view(list, caller.ip);
    },
    async setEnabled(list: AclList, request: { enabled: boolean; confirm: boolean }, caller: AclCaller) {
      await change(
        list,
        caller,
        request.confirm,
        (s) => ({ ...s, enabled: request.enabled }),
        () => settings.put(enabledKey(list), request.enabled, now()),
      );
      return service.view(list, caller.ip);
    },
    /** Whether the console answers this address at all. */
    admits: async (ip: string) => admittedBy((await load()).accessControl, ip),
    /** Whether an administrator may sign in from this address. */
    admitsAdministrator: async (ip: string) => admittedBy((await load()).adminAcl, ip),
    async enabled(): Promise<Record<AclList, boolean>> {
      const state = await load();
      return { accessControl: state.accessControl.enabled, adminAcl: state.adminAcl.enabled };
    },
  };
  return service;
}
export type AclService = ReturnType<typeof aclService>;
