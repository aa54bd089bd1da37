/**
 * Unlink (SPEC 4 "Client: unlinked"): the device disconnects a client once; it may come back, so no
 * configuration changes and the call is not a section write. Asks first (SPEC 8 "disconnect device").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClientUnlinkResponse } from '@edge/protocol';
import { callWith } from '../../../api/call.ts';
import { settingsEndpoint } from '../api.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { toast } from '../../../components/notifications/toast.ts';
import { settingsReadKey } from '../useSettingsRead.ts';

export function useUnlink(deviceId: string) {
  const { t } = useTranslation();
  const { confirmThen } = useConfirm();
  const client = useQueryClient();
  const unlink = useMutation({
    mutationFn: (mac: string) =>
      callWith(settingsEndpoint('clients/unlink'), { id: deviceId, mac }) as Promise<ClientUnlinkResponse>,
    onSuccess: (answer) => {
      if (answer.unlinked) toast.success(t('deviceSettings.clients.unlinked', { mac: answer.mac }));
      else toast.info(t('deviceSettings.clients.notUnlinked', { mac: answer.mac }));
      return client.invalidateQueries({ queryKey: settingsReadKey(deviceId, 'clients/list') });
    },
  });
  return (mac: string) =>
    confirmThen({ message: t('deviceSettings.clients.unlinkConfirm', { mac }) }, () =>
      unlink.mutateAsync(mac),
    );
}
