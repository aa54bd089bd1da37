/**
 * Starts the feature modules in list order: each one's routes are registered, its scheduled tasks given to
 * the scheduler and its live channels opened before the next starts, so a module may use what any module
 * before it offers. Closing goes the other way round (app.ts says when).
 */
import type { FastifyInstance } from 'fastify';
import type { Core, FeatureModule, Started } from './module.ts';

export interface StartedModules {
  /** What a started module offers. */
  offersOf<O>(module: FeatureModule<O>): O;
  /** Closes every live channel the modules opened, in the order they were opened. */
  closeChannels(): void;
  /** Each module's stop, last module first; `step` runs one and keeps its failure for later. */
  stop(step: (work: () => Promise<unknown>) => Promise<unknown>): Promise<void>;
}

export async function startModules(
  list: readonly FeatureModule[],
  core: Core,
  app: FastifyInstance,
): Promise<StartedModules> {
  const started = new Map<FeatureModule, Started<unknown>>();
  const channelClosers: (() => void)[] = [];

  const offersOf = <O>(module: FeatureModule<O>): O => {
    const found = started.get(module);
    if (!found) throw new Error(`module ${module.name} is used before it starts: list it earlier`);
    return found.offers as O;
  };

  const names = new Set<string>();
  for (const module of list) {
    if (names.has(module.name)) throw new Error(`module ${module.name} is listed twice`);
    names.add(module.name);
    for (const used of module.uses)
      if (!started.has(used)) throw new Error(`module ${module.name} uses ${used.name}, listed after it`);
    const running = await module.start(core, offersOf);
    started.set(module, running);
    for (const routes of running.routes ?? []) await app.register(routes);
    for (const task of running.tasks ?? []) core.scheduler.register(task);
    for (const open of running.channels ?? []) channelClosers.push(open(core.hub));
  }

  return {
    offersOf,
    closeChannels() {
      for (const close of channelClosers) close();
    },
    async stop(step) {
      for (const running of [...started.values()].reverse())
        if (running.stop) await step(() => running.stop!());
    },
  };
}
