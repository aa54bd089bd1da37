/**
 * Device images (issue 22): signed agent or firmware builds uploaded to the console, checked with the
 * upgrade key (too large, not an image, unsigned or badly signed: refused, nothing written); the one-time
 * download a device fetches its image by; the version report per device; and the staged rollout, a job
 * of kind upgrade.device (canary share first, halted past the failure share: the jobs seam's waves).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ANY_MODEL,
  DEVICE_IMAGE_DOWNLOAD_PATH,
  UPGRADE_JOB_KIND,
  messages,
  upgradeRolloutRequest,
  type DeviceImageView,
  type DeviceVersionRow,
  type UpgradeRolloutRequest,
} from '@edge/protocol';
import { openImage } from '@edge/protocol/upgrade-image';
import type { DeviceDirectory } from '../devices/index.ts';
import type { JobService } from '../jobs/index.ts';
import { fail } from '../http/errors.ts';
import type { ImageRow, UpgradeStore } from './store.ts';
import type { ImageFiles } from './image-files.ts';
import type { ConsoleRelease } from './console-release.ts';
import { publicKeyOf } from '@edge/protocol/signature';

/** A download token lives this long: the device fetches at once. */
const TOKEN_TTL_MS = 15 * 60_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const IMAGE_REFUSALS = {
  format: 'upgradeImageFormat',
  unsigned: 'upgradeImageUnsigned',
  signature: 'upgradeImageSignature',
  payload: 'upgradeImagePayload',
} as const;

export const imageView = (row: ImageRow): DeviceImageView => ({
  id: row.id,
  kind: row.kind as DeviceImageView['kind'],
  model: row.model,
  version: row.version,
  size: Number(row.size),
  sha256: row.sha256,
  uploadedAt: Number(row.uploaded_at),
  uploadedBy: row.uploaded_by,
});

export function deviceImages(deps: {
  store: UpgradeStore;
  release: ConsoleRelease;
  devices: DeviceDirectory;
  jobs: JobService;
  files: ImageFiles;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const { store } = deps;

  return {
    list: async () => ({ list: (await store.images()).map(imageView) }),

    async upload(bytes: Buffer, userName: string): Promise<DeviceImageView> {
      const { settings } = await deps.release.info();
      if (!settings.publicKey) throw fail(400, 'upgradeKeyMissing');
      const opened = openImage(bytes, publicKeyOf(settings.publicKey));
      if (!opened.ok) throw fail(400, IMAGE_REFUSALS[opened.reason]);
      if (await store.imageBySha(opened.manifest.sha256)) throw fail(409, 'upgradeImageExists');
      const row = {
        kind: opened.manifest.kind,
        model: opened.manifest.model,
        version: opened.manifest.version,
        size: bytes.length,
        sha256: opened.manifest.sha256,
        data: '',
        uploaded_at: now(),
        uploaded_by: userName,
      };
      // The file first: a row is never listed without its bytes (a file without a row is overwritten by
      // the same image's next upload).
      await deps.files.write(row.sha256, bytes);
      const id = await store.addImage(row);
      return imageView({ ...row, id });
    },

    async remove(id: number): Promise<void> {
      const image = await store.image(id);
      if (!image || !(await store.removeImage(id))) throw fail(404, 'upgradeSoftwareNotFound');
      await deps.files.remove(image.sha256);
    },

    image: (id: number) => store.image(id),

    /** A one-time path the device downloads this image from. */
    async downloadPath(imageId: number, deviceId: string): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await store.addToken(hashToken(token), imageId, deviceId, now() + TOKEN_TTL_MS);
      return `${DEVICE_IMAGE_DOWNLOAD_PATH}?token=${token}`;
    },

    async fetchByToken(token: string) {
      const found = await store.takeToken(hashToken(token), now());
      const stream = found && (await deps.files.open(found.sha256));
      if (!stream) throw fail(404, 'notFound');
      return stream;
    },

    recordVersion: (deviceId: string, v: { agentVersion: string; firmware: string; state: string | null }) =>
      store.saveVersion({
        device_id: deviceId,
        agent_version: v.agentVersion,
        firmware: v.firmware,
        state: v.state,
        updated_at: now(),
      }),

    async versions(): Promise<{ list: DeviceVersionRow[] }> {
      const known = new Map((await store.versions()).map((r) => [r.device_id, r]));
      return {
        list: deps.devices.list().map((d) => {
          const v = known.get(d.id);
          return {
            deviceId: d.id,
            name: d.name,
            serial: d.serial,
            model: d.model,
            online: d.online,
            // What the device says in its hello is what it runs now; the rollout's record stands in for
            // an agent too old to say, and tells how the last upgrade ended (state).
            firmware: d.firmware || v?.firmware || '',
            agentVersion: d.agentVersion || v?.agent_version || null,
            state: v?.state ?? null,
            updatedAt: v ? Number(v.updated_at) : null,
          };
        }),
      };
    },

    /** Starts the staged rollout of an image to devices and/or a group: a job, answered at once. */
    async rollout(input: UpgradeRolloutRequest, userName: string) {
      const request = upgradeRolloutRequest.parse(input);
      const image = await store.image(request.imageId);
      if (!image) throw fail(404, 'upgradeSoftwareNotFound');
      const fits = (model: string) => image.model === ANY_MODEL || model === image.model;
      const ids = new Set(request.deviceIds);
      // A group is taken as it is now: those of its devices the image is made for (a group mixes models).
      if (request.groupId !== undefined)
        for (const d of deps.devices.list())
          if (d.groupId === request.groupId && fits(d.model)) ids.add(d.id);
      if (!ids.size) throw fail(400, 'upgradeNoDevices');
      // A firmware image is made for one model: a device named of another has no software to take from it.
      if (image.model !== ANY_MODEL)
        for (const id of request.deviceIds)
          if (deps.devices.get(id) && deps.devices.get(id)!.model !== image.model)
            throw fail(404, 'upgradeSoftwareNotFound', `${messages.upgradeSoftwareNotFound} (${id})`);
      const jobId = await deps.jobs.create({
        kind: UPGRADE_JOB_KIND,
        title: `Upgrade to ${image.kind} ${image.version}`,
        params: { imageId: image.id, rollbackAfterMs: request.rollbackAfterS * 1000 },
        deviceIds: [...ids],
        options: {
          canaryShare: request.canaryShare,
          maxFailedShare: request.maxFailedShare,
          concurrency: request.concurrency,
        },
        createdBy: 'operator',
        createdByName: userName,
      });
      return { jobId, message: messages.upgradeStarted };
    },
  };
}
export type DeviceImages = ReturnType<typeof deviceImages>;
