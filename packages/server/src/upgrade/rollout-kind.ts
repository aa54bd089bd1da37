/**
 * Job kind upgrade.device: one device takes one image. The device is given a one-time download path, checks
 * and installs the image and restarts into it; the step then asks the device how the upgrade ended, until
 * it reports the new version (done) or its own rollback (the new version did not reach the console in
 * time), and records the version it reports. Waves and the stop rule are the job's (jobs/runner.ts).
 */
import { z } from 'zod';
import { ANY_MODEL, UPGRADE_JOB_KIND, canView, messages, type UpgradeStatusResult } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { JobKind, StepContext } from '../jobs/kinds.ts';
import type { DeviceImages } from './device-images.ts';

const params = z.object({
  imageId: z.number().int().positive(),
  rollbackAfterMs: z.number().int().min(1000).max(3600_000),
});
type Params = z.infer<typeof params>;

/** Time for the device to restart and come back, past its rollback deadline. */
const COME_BACK_MS = 90_000;
const POLL_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function upgradeDeviceKind(deps: { images: DeviceImages; devices: DeviceDirectory }): JobKind<Params> {
  const record = (deviceId: string, status: UpgradeStatusResult) =>
    deps.images.recordVersion(deviceId, {
      agentVersion: status.agentVersion,
      firmware: status.firmware,
      state: status.last?.state ?? null,
    });

  return {
    name: UPGRADE_JOB_KIND,
    params,
    // Re-running asks the device again; a device with an upgrade on trial refuses a second one.
    idempotent: false,
    view: canView('Upgrade'),
    async run(step: StepContext<Params>) {
      const image = await deps.images.image(step.params.imageId);
      if (!image) return { ok: false, reason: messages.upgradeSoftwareNotFound };
      const device = deps.devices.get(step.deviceId);
      if (image.model !== ANY_MODEL && device?.model !== image.model)
        return { ok: false, reason: messages.upgradeSoftwareNotFound };
      const running = (s: UpgradeStatusResult) => (image.kind === 'agent' ? s.agentVersion : s.firmware);

      const before = await step.call('upgradeStatus', {});
      await record(step.deviceId, before);
      if (running(before) === image.version)
        return { ok: true, result: { version: image.version, already: true } };

      await step.call(
        'upgrade',
        {
          kind: image.kind as 'agent' | 'firmware',
          version: image.version,
          path: await deps.images.downloadPath(image.id, step.deviceId),
          sha256: image.sha256,
          size: Number(image.size),
          rollbackAfterMs: step.params.rollbackAfterMs,
        },
        { deadlineMs: 300_000 },
      );

      // The device answered with its upgrade on trial: whatever it reports next is how this one ended.
      const until = Date.now() + step.params.rollbackAfterMs + COME_BACK_MS;
      while (Date.now() < until) {
        await sleep(POLL_MS);
        const status = await step.call('upgradeStatus', {}, { deadlineMs: 5000 }).catch(() => null);
        if (!status?.last || status.last.state === 'trial') continue;
        await record(step.deviceId, status);
        if (status.last.state === 'done' && running(status) === image.version)
          return { ok: true, result: { version: image.version, from: status.last.from } };
        return {
          ok: false,
          reason: `rolled back to ${running(status)}: ${status.last.reason ?? status.last.state}`,
          result: { version: running(status), state: status.last.state },
        };
      }
      return { ok: false, reason: 'the device did not report the outcome of its upgrade in time' };
    },
  };
}
