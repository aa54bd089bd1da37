/**
 * Which devices a group deploy goes to: a group of mixed models gets the app only on the devices with a
 * container engine (a step on one without failed at once, and at fleet scale half the steps did), keeps
 * the devices not heard from yet (their capabilities unknown), and says so when none can run it.
 */
import { describe, expect, test } from 'vitest';
import { ApiFailure, deviceCapabilities } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import { deployService } from './deploy.ts';

const GROUP = 7;

function devicesOf(members: { id: string; groupId: number | null; capabilities: string[] }[]) {
  const devices = {
    groups: { get: async (id: number) => (id === GROUP ? { id, name: 'g' } : undefined) },
    scan: () =>
      members.map((m) => ({ record: { id: m.id, groupId: m.groupId }, capabilities: m.capabilities })),
  } as unknown as DeviceDirectory;
  const service = deployService({ devices } as Parameters<typeof deployService>[0]);
  return (groupId: number) => service.devicesOf({ groupId });
}

const engine = [deviceCapabilities.reboot, deviceCapabilities.containers];
const noEngine = [deviceCapabilities.reboot, deviceCapabilities.ping];

describe('a group deploy', () => {
  test('goes to the devices with a container engine and to those not heard from yet', async () => {
    const of = devicesOf([
      { id: 'a', groupId: GROUP, capabilities: engine },
      { id: 'b', groupId: GROUP, capabilities: noEngine },
      { id: 'c', groupId: GROUP, capabilities: [] },
      { id: 'd', groupId: null, capabilities: engine },
    ]);
    expect(await of(GROUP)).toEqual(['a', 'c']);
  });

  test('a group without devices, or with none that runs containers, is refused with why', async () => {
    const refusal = async (work: Promise<unknown>) => {
      const err = await work.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiFailure);
      return (err as ApiFailure).code;
    };
    expect(await refusal(devicesOf([{ id: 'd', groupId: null, capabilities: engine }])(GROUP))).toBe(
      'deployGroupEmpty',
    );
    expect(await refusal(devicesOf([{ id: 'b', groupId: GROUP, capabilities: noEngine }])(GROUP))).toBe(
      'deployGroupNoEngine',
    );
    expect(await refusal(devicesOf([])(GROUP + 1))).toBe('notFound');
  });
});
