/**
 * One handler per settings call (SPEC 7, `settingsCalls`): a read answers from the section's current
 * document and live device data; a write turns the current document into the next one, which the
 * config service validates, stores and applies; an action asks the device to do something once.
 * Handlers hold only what differs between calls; routing, permissions and applying are shared.
 */
import type { z } from 'zod';
import {
  SETTINGS_API_ROOT,
  settingsReadResponses,
  settingsWriteResponse,
  type SectionDocs,
  type SectionKey,
  type SettingsMethod,
  type SettingsReadPath,
} from '@edge/protocol';
import type { DeviceView, RpcService } from '../../devices/index.ts';

export interface HandlerContext {
  device: DeviceView;
  /** Another section's current document (desired, else reported, else the defaults). */
  section<K extends SectionKey>(key: K): Promise<SectionDocs[K]>;
  /** Calls into the device, for reads only it can answer now (multipleWan/wifiHotspot scans). */
  rpc: RpcService;
}

export interface ActionContext extends HandlerContext {
  rpc: RpcService;
}

type Root = typeof SETTINGS_API_ROOT;
type ReadRoute = SettingsReadPath extends `${Root}/${infer R}` ? R : never;
type ReadAnswer<R extends ReadRoute> = z.input<
  (typeof settingsReadResponses)[`${Root}/${R}` & SettingsReadPath]
>;
type Maybe<T> = T | Promise<T>;

interface Common {
  section: SectionKey;
  method: SettingsMethod;
  path: string;
  /** The schema of a successful answer. */
  response: z.ZodType;
}

export interface ReadHandler extends Common {
  kind: 'read';
  answer(doc: unknown, query: never, ctx: HandlerContext): Maybe<unknown>;
}
export interface WriteHandler extends Common {
  kind: 'write';
  change(doc: unknown, body: never, ctx: HandlerContext): Maybe<unknown>;
}
export interface ActionHandler extends Common {
  kind: 'action';
  run(body: never, ctx: ActionContext): Promise<unknown>;
}
export type SettingsHandler = ReadHandler | WriteHandler | ActionHandler;

const pathOf = (route: string) => `${SETTINGS_API_ROOT}/${route}`;

/** A GET call; `query` is typed by the call's request schema (settingsCalls), which Fastify has checked. */
export function read<K extends SectionKey, R extends ReadRoute, Q = { id: string }>(
  section: K,
  route: R,
  answer: (doc: SectionDocs[K], query: Q, ctx: HandlerContext) => Maybe<ReadAnswer<R>>,
): ReadHandler {
  const path = pathOf(route);
  return {
    kind: 'read',
    section,
    method: 'GET',
    path,
    response: settingsReadResponses[path as SettingsReadPath],
    answer: answer as ReadHandler['answer'],
  };
}

/** A call that changes the section: the next document from the current one and the request body. */
export function write<K extends SectionKey, B>(
  section: K,
  method: Exclude<SettingsMethod, 'GET'>,
  route: string,
  change: (doc: SectionDocs[K], body: B, ctx: HandlerContext) => Maybe<SectionDocs[K]>,
): WriteHandler {
  return {
    kind: 'write',
    section,
    method,
    path: pathOf(route),
    response: settingsWriteResponse,
    change: change as WriteHandler['change'],
  };
}

/** A call that changes no configuration, only asks the device to act. */
export function action<B>(
  section: SectionKey,
  method: Exclude<SettingsMethod, 'GET'>,
  route: string,
  response: z.ZodType,
  run: (body: B, ctx: ActionContext) => Promise<unknown>,
): ActionHandler {
  return { kind: 'action', section, method, path: pathOf(route), response, run: run as ActionHandler['run'] };
}
