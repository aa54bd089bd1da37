/**
 * SPEC 4 inventory actions, each behind a confirmation: set idle (or leave idle), reboot, shut down (both
 * happen 5 s after confirming), delete (irreversible: the device must be provisioned again). The server's
 * answer is shown as a toast in the user's language.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@edge/protocol';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useDeviceAction, type DeviceAction } from '../api.ts';
import { serverText } from '../serverText.ts';

/** The actions by name, for the screens' buttons. */
export const ACTION = {
  SET_IDLE: 'setIdle',
  CLEAR_IDLE: 'clearIdle',
  REBOOT: 'reboot',
  SHUTDOWN: 'shutdown',
  DELETE: 'delete',
} as const satisfies Record<string, DeviceAction>;

export function useDeviceActions(onDeleted?: (row: Pick<DeviceRow, 'id'>) => void) {
  const { t } = useTranslation();
  const { act } = useConfirmAct();
  const mutation = useDeviceAction();

  const run = useCallback(
    (action: DeviceAction, device: Pick<DeviceRow, 'id' | 'name'>) => {
      const name = device.name;
      const message = {
        setIdle: t('inventory.confirm.setIdle', { name }),
        clearIdle: t('inventory.confirm.clearIdle', { name }),
        reboot: t('inventory.confirm.reboot', { name }),
        shutdown: t('inventory.confirm.shutdown', { name }),
        delete: t('inventory.confirm.delete', { name }),
      }[action];
      const okText = {
        setIdle: t('inventory.actions.setIdle'),
        clearIdle: t('inventory.actions.clearIdle'),
        reboot: t('inventory.actions.reboot'),
        shutdown: t('inventory.actions.shutdown'),
        delete: t('inventory.actions.delete'),
      }[action];
      const danger = action === 'delete' || action === 'shutdown' || action === 'reboot';
      return act({
        confirm: { message, okText, danger, kind: 'warning' },
        run: () => mutation.mutateAsync({ action, id: device.id }),
        done: (answer) => serverText(t, answer.message),
        then: () => {
          if (action === 'delete') onDeleted?.(device);
        },
      });
    },
    [act, mutation, onDeleted, t],
  );

  return { run, pending: mutation.isPending };
}
