/**
 * Secure mode (SPEC 4): the operator's choice per device is kept, and sent to the device (rpc
 * secureMode.set), whose secure link service restarts in that mode. A device that is offline gets it when
 * it says hello again. The row shows the choice as pending until the device reports that mode itself.
 */
import { settableSecureModes, type SecureMode, type SettableSecureMode } from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import { DeviceRpcError, type DeviceDirectory, type DeviceView, type RpcService } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import { keyedLock } from '../lib/keyed-lock.ts';
import { rpcStatus, rpcWords, withError } from './device-failure.ts';
import type { InventoryStore } from './store.ts';

export interface SecureModeDeps {
  store: InventoryStore;
  devices: Pick<DeviceDirectory, 'onChange'>;
  rpc: RpcService;
  /** Rows whose shown mode changed for a reason the device's own changes do not carry. */
  rowsChanged(ids: string[]): void;
  log?: Pick<BusLog, 'warn'>;
}

const isSettable = (mode: SecureMode): mode is SettableSecureMode =>
  (settableSecureModes as readonly SecureMode[]).includes(mode);

export function secureModeKeeper(deps: SecureModeDeps) {
  /**
   * The choices, read once: the promise is kept rather than its result, so a burst of hellos before the
   * first read ends waits on that read instead of starting one each (PostgreSQL: one per enrolling device).
   */
  let desired: Promise<Record<string, SecureMode>> | null = null;
  /** Saves one after another, each on the last one's result: two at once must not lose a choice. */
  const serially = keyedLock();
  /** Devices being told right now: a burst of hellos must not restart their secure link twice. */
  const telling = new Set<string>();

  const modes = () =>
    (desired ??= deps.store.desiredSecureModes().catch((err: unknown) => {
      desired = null;
      throw err;
    }));
  function save(change: (modes: Record<string, SecureMode>) => void): Promise<void> {
    return serially('save', async () => {
      const next = { ...(await modes()) };
      change(next);
      await deps.store.saveDesiredSecureModes(next);
      desired = Promise.resolve(next);
    });
  }
  const tell = (id: string, mode: SettableSecureMode) =>
    deps.rpc.call(id, 'secureMode.set', { secureMode: mode });

  /** On each hello (state change): forget a choice the device now reports, send one it does not. */
  async function reconcile(view: DeviceView): Promise<void> {
    const want = (await modes())[view.id];
    if (want === undefined) return;
    if (want === view.secureMode) return save((m) => delete m[view.id]);
    if (!view.online || !isSettable(want) || view.secureMode === 'Unsupported' || telling.has(view.id))
      return;
    telling.add(view.id);
    try {
      await tell(view.id, want);
    } catch (err) {
      deps.log?.warn({ err, deviceId: view.id }, 'secure mode not applied; tried again at the next hello');
    } finally {
      telling.delete(view.id);
    }
  }

  const stop = deps.devices.onChange((change) => {
    if (change.type === 'state') void reconcile(change.device).catch(() => undefined);
  });

  return {
    /** Device id -> the mode the operator chose and the device may not yet run. */
    desired: modes,
    stop,

    /**
     * Records the choice and tells the device when it is online. Resolves with the mode the device runs
     * now (its answer), or the one it last reported while it is offline (the choice then waits).
     */
    async set(view: DeviceView, mode: SecureMode): Promise<SecureMode> {
      if (view.secureMode === 'Unsupported' && mode !== 'Unsupported')
        throw fail(409, 'secureModeUnsupported');
      if (mode === view.secureMode) {
        await save((m) => delete m[view.id]);
        deps.rowsChanged([view.id]);
        return view.secureMode;
      }
      // 'Unsupported' is what a device without a secure link reports, never a mode to switch to.
      if (!isSettable(mode)) throw fail(400, 'invalidChoice');
      await save((m) => (m[view.id] = mode));
      deps.rowsChanged([view.id]);
      if (!view.online) return view.secureMode;
      telling.add(view.id);
      try {
        return (await tell(view.id, mode)).secureMode;
      } catch (err) {
        if (!(err instanceof DeviceRpcError)) throw err;
        // Gone offline meanwhile: the choice stays and is sent when it comes back.
        if (err.reason === 'deviceOffline') return view.secureMode;
        if (err.remoteCode === 'unsupported') {
          await save((m) => delete m[view.id]);
          deps.rowsChanged([view.id]);
          throw fail(409, 'secureModeUnsupported', err.message);
        }
        throw fail(rpcStatus(err), 'deviceCommandFailed', withError('deviceCommandFailed', rpcWords(err)));
      } finally {
        telling.delete(view.id);
      }
    },

    /** The device left the inventory: its choice goes too. */
    async forget(id: string): Promise<void> {
      if ((await modes())[id] !== undefined) await save((m) => delete m[id]);
    },
  };
}

export type SecureModeKeeper = ReturnType<typeof secureModeKeeper>;
