/**
 * The seam every feature plugs into: a feature module names what it needs of the core, which earlier
 * modules it uses, and starts into routes, live channels, scheduled tasks, a stop, and what it offers to
 * the modules after it. app.ts builds the core and starts its ordered list of modules (start.ts).
 *
 * It lives in modules/, not http/: a module is more than its HTTP face (live channels, scheduled work,
 * device services it stops), and http/ stays the HTTP layer every module shares.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Store } from '../db/database.ts';
import type { Secrets } from '../crypto/secrets.ts';
import type { Bus } from '../gateway/index.ts';
import type { DeviceServices } from '../devices/index.ts';
import type { JobService } from '../jobs/index.ts';
import type { Scheduler, SystemTask } from '../scheduler/service.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { TokenService } from '../tokens/service.ts';
import type { AclService } from '../acl/service.ts';

/** What the core holds before any module starts; a module receives the parts it names in `needs`. */
export interface Core {
  config: Config;
  log: FastifyBaseLogger;
  /** The database (Kysely) and its dialect. */
  store: Store;
  /** Encrypts credentials at rest. */
  secrets: Secrets;
  /** The device bus. */
  bus: Bus;
  devices: DeviceServices['devices'];
  rpc: DeviceServices['rpc'];
  enrolment: DeviceServices['enrolment'];
  telemetry: DeviceServices['telemetry'];
  /** Modules register their job kinds on `jobs.kinds`. */
  jobs: JobService;
  /** Schedules; a module's own periodic work goes in its `tasks`. */
  scheduler: Scheduler;
  /** Live channels are opened through a module's `channels`; the hub itself is for the live socket. */
  hub: LiveHub;
  /** The guard's parts: signed-in sessions, API tokens, the access control lists. */
  sessions: Sessions;
  tokens: TokenService;
  acl: AclService;
}

export type CoreName = keyof Core;

/** A Fastify plugin registering a feature's routes (its routes.ts factory's result). */
export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** A started module. */
export interface Started<Offers> {
  /** What modules after this one (and the Console) use of it. */
  offers?: Offers;
  /** Registered in order once the module has started. */
  routes?: RoutePlugin[];
  /** Live channels, opened on the hub after the routes; each returns the function that closes it. */
  channels?: ((hub: LiveHub) => () => void)[];
  /** Periodic work one replica does for all, claimed per occurrence (scheduler/service.ts). */
  tasks?: SystemTask[];
  /**
   * Called in reverse list order when the console closes: after HTTP stopped taking requests and jobs
   * stopped claiming, before the device services and the bus stop (app.ts, close()).
   */
  stop?(): Promise<void>;
}

export interface FeatureModule<Offers = unknown> {
  readonly name: string;
  readonly needs: readonly CoreName[];
  /** The modules whose offers this one uses: they come before it in the list. */
  readonly uses: readonly FeatureModule[];
  start(core: Core, offersOf: <O>(module: FeatureModule<O>) => O): Promise<Started<Offers>>;
}

type OffersOf<Uses> = { [K in keyof Uses]: Uses[K] extends FeatureModule<infer O> ? O : never };

/**
 * Declares a module. `start` sees only the parts of the core named in `needs` (the others are not passed,
 * so the declaration is what the module can reach) and the offers of the modules in `uses`, by the keys
 * given there.
 */
export function featureModule<
  Offers = undefined,
  const Needs extends CoreName = never,
  Uses extends Record<string, FeatureModule> = Record<never, never>,
>(spec: {
  name: string;
  needs?: readonly Needs[];
  uses?: Uses;
  start(core: Pick<Core, Needs>, uses: OffersOf<Uses>): Started<Offers> | Promise<Started<Offers>>;
}): FeatureModule<Offers> {
  const needs = spec.needs ?? [];
  const uses = Object.entries(spec.uses ?? {}) as [string, FeatureModule][];
  return {
    name: spec.name,
    needs,
    uses: uses.map(([, module]) => module),
    async start(core, offersOf) {
      const given = Object.fromEntries(needs.map((name) => [name, core[name]])) as Pick<Core, Needs>;
      const used = Object.fromEntries(uses.map(([key, module]) => [key, offersOf(module)])) as OffersOf<Uses>;
      return spec.start(given, used);
    },
  };
}
