/** The RPC table: every method has an answer; each port answers its own; what no port answers is refused. */
import { expect, test } from 'vitest';
import { RPC_METHODS } from '@edge/protocol';
import { lineLog } from '../log.ts';
import { SimulatedPlatform } from '../platform/simulated.ts';
import type { PortHost } from '../ports/host.ts';
import { rpcTable } from './rpc-table.ts';

const never = new AbortController().signal;
const host: PortHost = {
  log: lineLog('silent'),
  later: () => undefined,
  power: () => ({ goOffline: async () => undefined, comeBack: () => undefined, after: () => undefined }),
  poweredOff: () => undefined,
  setIdle: () => undefined,
  reportInterval: () => 30,
  sayHello: async () => undefined,
  config: null,
  tunnels: { open: async () => ({ shell: 'none', window: 1024 }), close: () => false },
};

test('each port answers its methods; a platform without a port refuses them as unsupported', async () => {
  const platform = new SimulatedPlatform({ serial: 'TABLE-1' });
  const full = rpcTable(platform, host);
  expect(Object.keys(full).sort()).toEqual([...RPC_METHODS].sort());
  const ping = await full.ping({ target: '10.0.0.1', count: 1, interval: 0.2 }, () => undefined, never);
  expect(ping.transmitted).toBe(1);

  const systemOnly = rpcTable({ system: platform.system }, host);
  await expect(systemOnly.getInfo({}, () => undefined, never)).resolves.toMatchObject({ serial: 'TABLE-1' });
  await expect(systemOnly.iperf({} as never, () => undefined, never)).rejects.toMatchObject({
    code: 'unsupported',
    message: 'This device cannot run iperf.',
  });
  await expect(
    systemOnly['clients.unlink']({ mac: '02:00:00:00:00:01' }, () => undefined, never),
  ).rejects.toMatchObject({
    code: 'unsupported',
  });
});
