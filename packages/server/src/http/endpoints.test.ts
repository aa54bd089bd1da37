/**
 * The endpoint contract, walked: every route the console registers serves a declaration of
 * packages/protocol/src/endpoints, every declaration is served by exactly one route with the declared
 * permission, and every API path the web console spells names a declared endpoint.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, endpoints, settingsCalls, settingsRouteOf } from '@edge/protocol';
import { startTestConsole, type TestConsole } from '../testing/harness.ts';
import type { RouteEntry } from './route-table.ts';

const WEB_SRC = path.resolve(import.meta.dirname, '../../../web/src');

/** Every non-test source file of the web console. */
function webSources(dir = WEB_SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : webSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A declared path as a pattern: `:id` segments match any one segment. */
const patternOf = (declared: string) =>
  new RegExp(`^${declared.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
const declaredPatterns = [...new Set(allEndpoints.map((e) => e.path))].map(patternOf);
const declaredPaths = allEndpoints.map((e) => e.path);

/**
 * Whether an API path the web spells is declared: a whole literal must be a declared path, one cut short
 * by an interpolation (`/api/v1/x/${...}`) must begin one.
 */
function isDeclared(spelled: string, cut: boolean): boolean {
  if (cut) return declaredPaths.some((p) => p.startsWith(spelled));
  return declaredPatterns.some((pattern) => pattern.test(spelled));
}

/** The API paths spelled in a source text: string and template literals starting /api/ or /websocket/. */
function spelledPaths(source: string): { spelled: string; cut: boolean }[] {
  const found: { spelled: string; cut: boolean }[] = [];
  for (const match of source.matchAll(/['"`](\/(?:api|websocket)\/[^'"`?#\s]*?)(\$\{|\?|#|['"`])/g)) {
    found.push({ spelled: match[1]!, cut: match[2] === '${' });
  }
  return found;
}

/**
 * Settings calls are named on the web by their path under the settings root (`wifi/setting`); every
 * literal that looks like one (its first segment is a settings call's) must be one.
 */
const settingsRoutes = new Set(settingsCalls.map((c) => settingsRouteOf(c.path)));
const settingsHeads = new Set([...settingsRoutes].map((r) => r.split('/')[0]!));
function unknownSettingsRoutes(source: string): string[] {
  return [...source.matchAll(/['"`]([A-Za-z]+(?:\/[A-Za-z]+)+)['"`]/g)]
    .map((m) => m[1]!)
    .filter((route) => settingsHeads.has(route.split('/')[0]!) && !settingsRoutes.has(route));
}

describe('endpoint contract', () => {
  let edge: TestConsole;
  let routes: RouteEntry[];

  beforeAll(async () => {
    edge = await startTestConsole('sqlite');
    await edge.app.ready();
    // HEAD routes are Fastify's own copies of each GET.
    routes = edge.routes().filter((r) => r.method !== 'HEAD' && !r.thirdParty);
  });
  afterAll(async () => edge?.destroy());

  it('finds a declaration behind every registered route, with its method, path and permission', () => {
    const byId = new Map(allEndpoints.map((e) => [e.id, e]));
    const undeclared = routes.filter((r) => !r.endpoint || !byId.has(r.endpoint));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const route of routes) {
      const declared = byId.get(route.endpoint!)!;
      expect(route.url, declared.id).toBe(declared.path);
      expect([declared.method, ...(declared.alsoMethods ?? [])], declared.id).toContain(route.method);
      expect(route.permission, declared.id).toEqual(declared.permission);
    }
  });

  it('serves every declaration exactly once', () => {
    const served = routes.map((r) => r.endpoint);
    const unserved = allEndpoints.filter((e) => !served.includes(e.id)).map((e) => e.id);
    expect(unserved).toEqual([]);
    const servedAs = routes.map((r) => `${r.endpoint} ${r.method}`);
    const twice = servedAs.filter((id, i) => servedAs.indexOf(id) !== i);
    expect(twice).toEqual([]);
  });

  it('declares each method and path once, and names each endpoint by its feature', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const [feature, declared] of Object.entries(endpoints)) {
      for (const [name, e] of Object.entries(declared)) expect(e.id).toBe(`${feature}.${name}`);
    }
  });

  it('finds every API path the web spells among the declarations', () => {
    const files = webSources();
    expect(files.length).toBeGreaterThan(50);
    const unknown = files.flatMap((file) =>
      spelledPaths(fs.readFileSync(file, 'utf8'))
        .filter(({ spelled, cut }) => !isDeclared(spelled, cut))
        .map(({ spelled }) => `${path.relative(WEB_SRC, file)}: ${spelled}`),
    );
    expect(unknown).toEqual([]);
  });

  it('finds every settings call the web names among the declarations', () => {
    const unknown = webSources().flatMap((file) =>
      unknownSettingsRoutes(fs.readFileSync(file, 'utf8')).map(
        (r) => `${path.relative(WEB_SRC, file)}: ${r}`,
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('has the web call the API through the typed client only (no hand-written method and path)', () => {
    const handTyped = webSources()
      .filter((file) => !file.startsWith(path.join(WEB_SRC, 'api') + path.sep))
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/\bapi\.(?:get|post|put|patch|delete|upload)\b/g)].map(
          () => path.relative(WEB_SRC, file),
        ),
      );
    expect(handTyped).toEqual([]);
  });

  it('spots an undeclared path in web source', () => {
    // The scanner itself must be able to fail: a made-up path is reported, a declared one is not.
    const sample =
      "call('/api/v1/inventory/list'); fetch(`/api/v1/not/declared`); x(`/api/v1/inventory/${a}`)";
    const bad = spelledPaths(sample).filter(({ spelled, cut }) => !isDeclared(spelled, cut));
    expect(bad.map((b) => b.spelled)).toEqual(['/api/v1/not/declared']);
    expect(unknownSettingsRoutes("apply('wifi/setting', doc); apply('wifi/nonsense', doc)")).toEqual([
      'wifi/nonsense',
    ]);
  });
});
