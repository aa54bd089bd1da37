/** The Backup app's calls (protocol endpoints/backup.ts). */
import { endpoints } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { saveLogFile } from '../logs/api.ts';

const { backup } = endpoints;
/** Every Backup query: a backup, upload, delete or restore reads them all again. */
const backupKey = queryKeys.feature('backup');
const changed = { invalidates: [backupKey] };

export const useBackupDevices = () => useEndpointQuery(backup.devices, undefined, { select: (r) => r.list });
export const useBackupHistory = (deviceId: string) =>
  useEndpointQuery(backup.history, { deviceId }, { select: (r) => r.list });
export const useBackupSettings = () => useEndpointQuery(backup.settings);

export const useBackupNow = () =>
  useEndpointMutation(backup.backupNow, { ...changed, toInput: (deviceIds: string[]) => ({ deviceIds }) });
export const useRestore = () => useEndpointMutation(backup.restore, changed);
export const useFactoryDefault = () =>
  useEndpointMutation(backup.factoryDefault, { ...changed, toInput: (deviceId: string) => ({ deviceId }) });
export const useDeleteBackup = () =>
  useEndpointMutation(backup.remove, { ...changed, toInput: (id: string) => ({ id }) });
export const useSaveBackupSettings = () => useEndpointMutation(backup.saveSettings, changed);

export const useUploadBackup = () =>
  useEndpointMutation(backup.upload, {
    send: ({ deviceId, file }: { deviceId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(backup.upload, { deviceId, form });
    },
    ...changed,
  });

/** Saves a backup file (SPEC 7: GET /api/v1/uploadFile/get?id=); a failure is the server's words. */
export const downloadBackup = (id: string) => saveLogFile(backup.download, { id });
