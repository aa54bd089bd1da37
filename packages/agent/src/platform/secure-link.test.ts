/** Secure mode on the device: the Linux secure link (dry run and real command) and the RPC handler. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { lineLog } from '../log.ts';
import { LinuxSecureLink } from './linux-secure-link.ts';
import { LinuxPlatform } from './linux.ts';
import { PlatformRefusal } from './platform.ts';
import type { Platform } from '../ports/index.ts';
import { SimulatedPlatform } from './simulated.ts';
import { networkRpc } from '../ports/network.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'edge-secure-'));
const never = new AbortController().signal;
const noProgress = () => undefined;

function recordingLog() {
  const lines: string[] = [];
  return { lines, log: lineLog('info', '', (l) => lines.push(l)) };
}

describe('Linux secure link', () => {
  test('dry run (the default): logs the restart command, runs nothing, records the mode', async () => {
    const dir = tmp();
    const marker = path.join(dir, 'ran');
    const { lines, log } = recordingLog();
    const link = new LinuxSecureLink({
      restartCommand: `touch ${marker}`,
      stateFile: path.join(dir, 'state', 'secure-mode'),
      log,
    });
    expect(link.current()).toBe('Unlimited');
    await link.set('OrpheLink Only');
    expect(fs.existsSync(marker)).toBe(false);
    expect(
      lines.some((l) =>
        l.includes(`dry run: would restart the secure link (OrpheLink Only) with: touch ${marker}`),
      ),
    ).toBe(true);
    expect(link.current()).toBe('OrpheLink Only');
  });

  test('not a dry run: runs the command with SECURE_MODE set; a failing command changes nothing', async () => {
    const dir = tmp();
    const out = path.join(dir, 'mode');
    const stateFile = path.join(dir, 'secure-mode');
    const link = new LinuxSecureLink({
      restartCommand: `printf %s "$SECURE_MODE" > ${out}`,
      stateFile,
      dryRun: false,
      log: lineLog('silent'),
    });
    await link.set('Jump to Device Only');
    expect(fs.readFileSync(out, 'utf8')).toBe('Jump to Device Only');
    expect(link.current()).toBe('Jump to Device Only');

    const broken = new LinuxSecureLink({
      restartCommand: 'exit 3',
      stateFile,
      dryRun: false,
      log: lineLog('silent'),
    });
    await expect(broken.set('Unlimited')).rejects.toThrow('Restarting the secure link failed (exit code 3).');
    expect(broken.current()).toBe('Jump to Device Only');
  });

  test('without a restart command the device has no secure link: Unsupported in its hello', async () => {
    const platform = new LinuxPlatform({ serial: 'LNX-1', model: 'Test Box', log: lineLog('silent') });
    expect((await platform.system.facts()).secureMode).toBe('Unsupported');
    const withLink = new LinuxPlatform({
      serial: 'LNX-2',
      model: 'Test Box',
      log: lineLog('silent'),
      secureLinkCommand: 'true',
      secureModeFile: path.join(tmp(), 'secure-mode'),
    });
    await withLink.network.setSecureMode('Jump to Device Only');
    expect((await withLink.system.facts()).secureMode).toBe('Jump to Device Only');
  });
});

describe('secureMode.set on the device', () => {
  const handlersFor = (platform: Platform) => {
    let hellos = 0;
    const handlers = networkRpc(platform.network!, platform.system, {
      sayHello: async () => void hellos++,
      config: null,
    });
    return { handlers, hellos: () => hellos };
  };

  test('applies a new mode, says hello again, and answers the mode in force; the same mode restarts nothing', async () => {
    let restarts = 0;
    const platform = new LinuxPlatform({
      serial: 'LNX-3',
      model: 'Test Box',
      log: lineLog('silent'),
      secureLinkCommand: 'true',
      secureModeFile: path.join(tmp(), 'secure-mode'),
    });
    const setSecureMode = platform.network.setSecureMode.bind(platform.network);
    platform.network.setSecureMode = async (mode) => (restarts++, setSecureMode(mode));
    const { handlers, hellos } = handlersFor(platform);
    const set = (secureMode: 'OrpheLink Only') =>
      handlers['secureMode.set']({ secureMode }, noProgress, never);
    await expect(set('OrpheLink Only')).resolves.toEqual({ secureMode: 'OrpheLink Only' });
    expect([restarts, hellos()]).toEqual([1, 1]);
    await expect(set('OrpheLink Only')).resolves.toEqual({ secureMode: 'OrpheLink Only' });
    expect([restarts, hellos()]).toEqual([1, 1]);
  });

  test('a device without a secure link refuses as unsupported', async () => {
    const platform = new LinuxPlatform({ serial: 'LNX-4', model: 'Test Box', log: lineLog('silent') });
    const { handlers } = handlersFor(platform);
    const call = handlers['secureMode.set']({ secureMode: 'Unlimited' }, noProgress, never);
    await expect(call).rejects.toBeInstanceOf(PlatformRefusal);
    await expect(call).rejects.toMatchObject({
      code: 'unsupported',
      message: 'This device does not support secure mode.',
    });
  });

  test('the simulator restarts its link in memory and reports the new mode in its facts', async () => {
    for (let n = 1; n <= 30; n++) {
      const device = new SimulatedPlatform({ serial: `SEC-${String(n).padStart(6, '0')}` });
      const before = (await device.system.facts()).secureMode;
      if (before === 'Unsupported') continue;
      const next = before === 'Unlimited' ? 'OrpheLink Only' : 'Unlimited';
      const { handlers } = handlersFor(device);
      const answer = await handlers['secureMode.set']({ secureMode: next }, noProgress, never).catch(
        (err: unknown) => err,
      );
      if (answer instanceof PlatformRefusal) {
        // This model's link cannot run that mode: nothing changed.
        expect((await device.system.facts()).secureMode).toBe(before);
        continue;
      }
      expect(answer).toEqual({ secureMode: next });
      expect((await device.system.facts()).secureMode).toBe(next);
      return;
    }
    throw new Error('no simulated device could switch its secure mode');
  }, 30_000);
});
