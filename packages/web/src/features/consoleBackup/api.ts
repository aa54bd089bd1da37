/** Settings > Backup & Restore: the console's own backups, their upload (with its progress) and restore. */
import { endpoints, type ConsoleBackupView } from '@edge/protocol';
import { call, urlOf } from '../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { consoleBackup } = endpoints;
const listKey = queryKeys.of(consoleBackup.list);

export const useConsoleBackups = () => useEndpointQuery(consoleBackup.list);

export const useCreateConsoleBackup = () =>
  useEndpointMutation(consoleBackup.create, { invalidates: [listKey] });

export const useDeleteConsoleBackup = () =>
  useEndpointMutation(consoleBackup.remove, { invalidates: [listKey] });

export const useRestoreConsoleBackup = () => useEndpointMutation(consoleBackup.restore);

/** Uploads an archive, telling its progress (0-100) as it goes. */
export const useUploadConsoleBackup = () =>
  useEndpointMutation<typeof consoleBackup.upload, { file: File; onProgress: (percent: number) => void }>(
    consoleBackup.upload,
    {
      invalidates: [listKey],
      send: ({ file, onProgress }): Promise<ConsoleBackupView> => {
        const form = new FormData();
        form.append('file', file);
        return call(consoleBackup.upload, { form }, { onProgress });
      },
    },
  );

/** The download's address: the browser saves the archive itself, streamed, however large. */
export const downloadUrl = (id: string) => urlOf(consoleBackup.download, { id });
