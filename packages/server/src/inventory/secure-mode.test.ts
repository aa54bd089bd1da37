/**
 * Secure mode reaches the device (SPEC 4: its secure link service restarts), on SQLite and PostgreSQL with
 * a simulated fleet: a choice is applied by an online device at once and shown as applied; one made while
 * the device is away waits, pending, and is applied when the device says hello again; devices without a
 * secure link, or whose link cannot run the mode, are refused with a clear message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type DeviceActionResponse,
  type DeviceRow,
  type InventoryListResponse,
  type SecureMode,
} from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import type { DeviceView } from '../devices/index.ts';
import { secureModeKeeper } from './secure-mode.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';

/** Simulated models whose secure link runs every mode (agent platform/catalogue.ts). */
const EVERY_MODE = ['ER-7206 Gigabit Router', 'EG-8P PoE Edge Gateway'];
/** No secure link at all. */
const NO_LINK = 'ER-605 Router';
/** A link that runs OrpheLink Only and Unlimited, never Jump to Device Only. */
const NO_JUMP = 'RUTM50 5G Gateway';
const MODELS = [...EVERY_MODE, NO_LINK, NO_JUMP];
const FLEET = MODELS.length * 2;
const another = (mode: SecureMode): SecureMode => (mode === 'Unlimited' ? 'OrpheLink Only' : 'Unlimited');

describe.each(DIALECTS)('secure mode on devices (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child | undefined;
  let admin: Caller;

  const setMode = (id: string, secureMode: string) =>
    admin('PATCH', '/api/v1/inventory/secureMode/setting', { id, secureMode });
  const rowOf = async (view: DeviceView): Promise<DeviceRow> =>
    (await admin('GET', `/api/v1/inventory/list?search=${view.serial}`))
      .json<InventoryListResponse>()
      .list.find((d) => d.id === view.id)!;
  /** Online devices of models that can run every mode, not yet used by another test. */
  const used = new Set<string>();
  const fullDevice = () => {
    const view = edge.devices
      .list()
      .find(
        (d) => d.online && EVERY_MODE.includes(d.model) && d.secureMode !== 'Unsupported' && !used.has(d.id),
      );
    if (!view) throw new Error('the fleet has no free device that runs every secure mode');
    used.add(view.id);
    return view;
  };

  beforeAll(async () => {
    const started = await startConsoleWithFleet(dialect, {
      count: FLEET,
      prefix,
      bootMs: 3000,
      models: MODELS,
    });
    ({ edge, fleet } = started);
    admin = caller(edge, started.session);
  });

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('an online device applies the mode at once and the console shows it applied', async () => {
    const device = fullDevice();
    const next = another(device.secureMode);
    const res = await setMode(device.id, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeviceActionResponse>()).toMatchObject({
      message: 'Secure mode edited successfully.',
      device: { secureMode: next, secureModeReported: next, secureModePending: false },
    });
    // The device says so in its hello too: the console's own record follows.
    await waitFor(() => edge.devices.get(device.id)?.secureMode === next, 'the hello with the new mode');
    expect(await rowOf(device)).toMatchObject({
      secureMode: next,
      secureModeReported: next,
      secureModePending: false,
    });
  });

  test('a mode set while the device is away waits, pending, and is applied when it comes back', async () => {
    const device = fullDevice();
    const before = device.secureMode;
    const next = another(before);
    expect((await admin('POST', '/api/v1/inventory/reboot', { id: device.id })).statusCode).toBe(200);
    await waitFor(() => edge.devices.get(device.id)?.online === false, 'the device going down');

    const res = await setMode(device.id, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeviceActionResponse>().device).toMatchObject({
      secureMode: next,
      secureModeReported: before,
      secureModePending: true,
    });
    expect(await rowOf(device)).toMatchObject({ secureMode: next, secureModePending: true });

    await waitFor(
      async () => {
        const row = await rowOf(device);
        return row.online && row.secureModeReported === next && !row.secureModePending;
      },
      'the mode applied after the device came back',
      20_000,
    );
    expect(edge.devices.get(device.id)?.secureMode).toBe(next);
  });

  test('a device without a secure link is never sent a mode; Unsupported is not a mode to choose', async () => {
    const unsupported = edge.devices.list().find((d) => d.online && d.model === NO_LINK)!;
    expect(unsupported.secureMode).toBe('Unsupported');
    const refused = await setMode(unsupported.id, 'Unlimited');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      err_code: 'secureModeUnsupported',
      err_message: 'This device does not support secure mode.',
    });
    expect((await rowOf(unsupported)).secureModePending).toBe(false);
    const supported = edge.devices.list().find((d) => d.online && d.secureMode !== 'Unsupported')!;
    const res = await setMode(supported.id, 'Unsupported');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ err_code: 'invalidChoice', err_message: expect.any(String) });
  });

  test('a mode the device cannot run is refused with its words and not kept', async () => {
    const device = edge.devices.list().find((d) => d.online && d.model === NO_JUMP)!;
    const res = await setMode(device.id, 'Jump to Device Only');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      err_code: 'secureModeUnsupported',
      err_message: 'This device does not support secure mode Jump to Device Only.',
    });
    expect(await rowOf(device)).toMatchObject({ secureMode: device.secureMode, secureModePending: false });
  });
});

describe('secure mode choices kept in one document', () => {
  /** A store whose reads and writes take a moment, as PostgreSQL's do. */
  function slowStore() {
    let document: Record<string, SecureMode> = { kept: 'Unlimited' };
    const store = {
      reads: 0,
      dashboardConfig: async () => undefined,
      saveDashboardConfig: async () => undefined,
      async desiredSecureModes() {
        store.reads += 1;
        await new Promise((r) => setTimeout(r, 20));
        return { ...document };
      },
      async saveDesiredSecureModes(modes: Record<string, SecureMode>) {
        await new Promise((r) => setTimeout(r, 20));
        document = { ...modes };
      },
      document: () => document,
    };
    return store;
  }
  const offline = (id: string) => ({ id, online: false, secureMode: 'OrpheLink Only' }) as DeviceView;

  test('a burst of hellos reads the choices once, and choices made at once are all kept', async () => {
    const store = slowStore();
    let listener: ((change: { type: string; device: DeviceView }) => void) | undefined;
    const keeper = secureModeKeeper({
      store,
      devices: { onChange: (l) => ((listener = l as typeof listener), () => undefined) },
      rpc: { call: async () => ({}) } as never,
      rowsChanged: () => undefined,
    });
    for (let i = 0; i < 50; i++) listener!({ type: 'state', device: offline(`d${i}`) });
    await Promise.all([
      keeper.set(offline('a'), 'Unlimited'),
      keeper.set(offline('b'), 'Unlimited'),
      keeper.set(offline('c'), 'Jump to Device Only'),
    ]);
    expect(store.reads).toBe(1);
    expect(store.document()).toEqual({
      kept: 'Unlimited',
      a: 'Unlimited',
      b: 'Unlimited',
      c: 'Jump to Device Only',
    });
  });
});
