/**
 * The rollout job kind: on each device, the profile (as it stood when the rollout started) made concrete
 * for the device and stored as the section's next desired version, through the console's own
 * desired-config path: the engine applies it, with confirm-or-rollback where the section can cut the device
 * off, and delivers it when the device returns if it went away. The step ends when the device settles.
 */
import {
  PROFILE_APPLY_JOB_KIND,
  canView,
  ownedPart,
  profileJobParams,
  sectionOfKind,
  type ProfileJobParams,
} from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { JobKind } from '../jobs/index.ts';
import { fail } from '../http/errors.ts';
import { renderFor } from './render.ts';
import type { ProfileStore } from './store.ts';
import type { AppliedWaiter } from './waiter.ts';

export function profileApplyKind(deps: {
  devices: Pick<DeviceDirectory, 'get'>;
  config: Pick<ConfigService, 'change'>;
  store: ProfileStore;
  waiter: AppliedWaiter;
  /** How long a device may take to settle: the confirm window and the time to apply. */
  settleMs: number;
}): JobKind<ProfileJobParams> {
  return {
    name: PROFILE_APPLY_JOB_KIND,
    params: profileJobParams,
    // Storing the same desired document again is harmless: a step cut short may run again.
    idempotent: true,
    view: canView('ProfileManagement'),
    async run({ jobId, deviceId, params }) {
      // A wave starts up to `concurrency` steps at once, and storing a desired document is synchronous work
      // on SQLite: the runner starts each step in a turn of the event loop of its own (lib/own-turn.ts).
      const device = deps.devices.get(deviceId);
      if (!device) return { ok: false, reason: 'The device was removed.' };
      const section = sectionOfKind(params.kind);
      let given: unknown;
      const stored = await deps.config.change(
        deviceId,
        section,
        (current) => {
          const rendered = renderFor(params, device, current);
          if (!rendered.ok) {
            const { code, message, detail } = rendered.refusal;
            throw fail(400, code, `${message} ${detail}`);
          }
          given = ownedPart(params.kind, rendered.doc);
          return rendered.doc;
        },
        params.by,
      );
      await deps.store.assign({
        profile_id: params.profileId,
        device_id: deviceId,
        job_id: jobId,
        doc: JSON.stringify(given),
        desired_version: stored.desiredVersion,
        applied_at: Date.now(),
      });
      const settled = await deps.waiter.wait(deviceId, section, stored.desiredVersion, deps.settleMs);
      const result = { version: stored.desiredVersion, outcome: settled.outcome };
      if (settled.state === 'in_sync') return { ok: true, result };
      return { ok: false, reason: settled.lastError ?? settled.state, result };
    },
  };
}
