/**
 * A screen's Refresh button: reads again now, and when the device is still offline says so in the console's
 * words (what it last showed stays on the screen). The installed list and the hypervisor view share it.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/messageText.ts';

export function useRefresh<T>(refetch: () => Promise<{ data?: T }>, offline: (data: T) => boolean) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async () => {
    const again = await refetch();
    if (again.data !== undefined && offline(again.data))
      void message.warning(messageText(t, 'deviceOffline'));
  };
}
