/** Mounts antd's notification holder inside the ConfigProvider so toasts follow theme, locale and direction. */
import { useEffect } from 'react';
import { notification } from 'antd';
import { TOAST_DURATION_MS } from '@edge/protocol';
import { bindToastInstance } from './toast.ts';

export function ToastHost() {
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    duration: TOAST_DURATION_MS / 1000,
    maxCount: 5,
  });
  useEffect(() => {
    bindToastInstance(api);
    return () => bindToastInstance(null);
  }, [api]);
  return holder;
}
