/**
 * The upgrade port (issue 22): the device installs a signed image the console offers, beside the running
 * version, restarts into it, and goes back by itself when the new version cannot reach the console; it
 * reports its version and the outcome of its last upgrade. The device's logo (SPEC 7 systemUpgrade
 * showLogo/uploadLogo/clearLogo) is kept here too: it travels with the software the device shows.
 */
import type { DeviceLogo, UpgradeRpcParams, UpgradeStatusResult } from '@edge/protocol';
import type { Progress } from '../platform/platform.ts';
import type { PortHandlers, PortHost } from './host.ts';

export interface UpgradePort {
  status(): Promise<UpgradeStatusResult>;
  /** Downloads, checks and installs the image beside the running version; throws when any of it fails. */
  install(params: UpgradeRpcParams, progress: Progress): Promise<void>;
  /**
   * Restarts into what install() put in place (called after the device answered). A real agent's process
   * ends here and its successor says hello on connecting; a device that stays up (the simulated one) resolves
   * once it runs the new version, and is made to say hello again so the console sees the version it reports.
   */
  restart(): void | Promise<void>;
  logo(): Promise<DeviceLogo | null>;
  setLogo(logo: DeviceLogo): Promise<void>;
  clearLogo(): Promise<boolean>;
}

/** The device answers first, then restarts: the console sees the install succeed before the link drops. */
export const RESTART_AFTER_MS = 500;

export function upgradeRpc(
  upgrade: UpgradePort,
  host: PortHost,
): PortHandlers<'upgrade' | 'upgradeStatus' | 'setLogo' | 'getLogo' | 'clearLogo'> {
  return {
    upgrade: async (params, progress) => {
      await upgrade.install(params, progress);
      host.log.info('upgrade installed; restarting into it', { version: params.version });
      host.later(
        RESTART_AFTER_MS,
        () =>
          void Promise.resolve(upgrade.restart())
            .then(() => host.sayHello())
            .catch((err: unknown) => host.log.warn('hello after the upgrade failed', { err: String(err) })),
      );
      return { restartInMs: RESTART_AFTER_MS };
    },
    upgradeStatus: () => upgrade.status(),
    setLogo: async (logo) => {
      await upgrade.setLogo(logo);
      return { size: Buffer.from(logo.data, 'base64').length };
    },
    getLogo: () => upgrade.logo(),
    clearLogo: async () => ({ cleared: await upgrade.clearLogo() }),
  };
}
