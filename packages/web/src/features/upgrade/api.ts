/** Software upgrade's calls (protocol endpoints/upgrade.ts): Settings > Upgrade and device images. */
import { endpoints } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { upgrade } = endpoints;
const upgradeKey = queryKeys.feature('upgrade');
const changed = { invalidates: [upgradeKey] };

/** Sends the one file of an upload as a form (protocol: `upload: true`). */
const form = (file: File) => {
  const data = new FormData();
  data.append('file', file, file.name);
  return { form: data };
};

export const useUpgradeInfo = () => useEndpointQuery(upgrade.info);
export const useSaveUpgradeSettings = () => useEndpointMutation(upgrade.saveSettings, changed);
export const useCheckNow = () => useEndpointMutation(upgrade.check, changed);
export const useStage = () => useEndpointMutation(upgrade.stage, changed);
export const useUploadFeed = () =>
  useEndpointMutation(upgrade.uploadFeed, {
    send: (file: File) => call(upgrade.uploadFeed, form(file)),
    ...changed,
  });

export const useDeviceImages = () => useEndpointQuery(upgrade.images, undefined, { select: (r) => r.list });
export const useUploadImage = () =>
  useEndpointMutation(upgrade.uploadImage, {
    send: (file: File) => call(upgrade.uploadImage, form(file)),
    ...changed,
  });
export const useDeleteImage = () =>
  useEndpointMutation(upgrade.removeImage, { ...changed, toInput: (id: number) => ({ id }) });
export const useRollout = () => useEndpointMutation(upgrade.rollout, changed);
export const useDeviceVersions = () =>
  useEndpointQuery(upgrade.versions, undefined, { select: (r) => r.list, refetchInterval: 5000 });
