import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { SystemTask } from '../scheduler/service.ts';
import type { LiveHub } from '../live/hub.ts';
import { featureModule, type Core } from './module.ts';
import { startModules } from './start.ts';

/** A core with only what start.ts itself touches, and a log of what the modules did. */
function fakeCore(events: string[]) {
  const tasks: SystemTask[] = [];
  const hub = { name: 'hub' } as unknown as LiveHub;
  const core = {
    config: { port: 0 },
    hub,
    scheduler: { register: (task: SystemTask) => void tasks.push(task) },
  } as unknown as Core;
  const module = (name: string) =>
    featureModule({
      name,
      needs: ['config', 'hub'],
      start: (given) => {
        events.push(`start ${name} sees ${Object.keys(given).sort().join(',')}`);
        return {
          offers: `${name} offers`,
          channels: [
            (opened: LiveHub) => {
              events.push(`open ${name} on ${opened === hub ? 'the hub' : 'another'}`);
              return () => void events.push(`close channel ${name}`);
            },
          ],
          stop: async () => void events.push(`stop ${name}`),
        };
      },
    });
  return { core, tasks, module };
}

describe('feature modules', () => {
  it('start in order with what they declared, give their offers to later ones, stop in reverse', async () => {
    const events: string[] = [];
    const { core, tasks, module } = fakeCore(events);
    const first = module('first');
    const second = module('second');
    const user = featureModule({
      name: 'user',
      uses: { earlier: first },
      start: (given, { earlier }) => {
        events.push(`user got "${earlier}" and ${Object.keys(given).length} core parts`);
        return {
          routes: [async (app) => void app.get('/hello', async () => ({ said: earlier }))],
          tasks: [{ name: 'user.tick', pattern: '0 * * * * *', run: async () => undefined }],
        };
      },
    });
    const app = Fastify();
    const started = await startModules([first, second, user], core, app);

    expect(events).toEqual([
      'start first sees config,hub',
      'open first on the hub',
      'start second sees config,hub',
      'open second on the hub',
      'user got "first offers" and 0 core parts',
    ]);
    expect(started.offersOf(second)).toBe('second offers');
    expect(tasks.map((t) => t.name)).toEqual(['user.tick']);
    expect((await app.inject({ url: '/hello' })).json()).toEqual({ said: 'first offers' });

    events.length = 0;
    started.closeChannels();
    const failures: unknown[] = [];
    await started.stop((work) => work().catch((err: unknown) => void failures.push(err)));
    expect(events).toEqual(['close channel first', 'close channel second', 'stop second', 'stop first']);
    expect(failures).toEqual([]);
    await app.close();
  });

  it('refuse a list where a module comes before one it uses, or one listed twice', async () => {
    const { core, module } = fakeCore([]);
    const first = module('first');
    const user = featureModule({ name: 'user', uses: { first }, start: () => ({}) });
    await expect(startModules([user, first], core, Fastify())).rejects.toThrow(
      'module user uses first, listed after it',
    );
    await expect(startModules([first, first], core, Fastify())).rejects.toThrow(
      'module first is listed twice',
    );
  });
});
