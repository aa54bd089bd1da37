/**
 * Toasts of SPEC 2: bottom right for TOAST_DURATION_MS, and each one also kept in the notification list.
 * Callable from anywhere (the query client's error handler too); <ToastHost/> lends it antd's themed instance.
 */
import type { NotificationInstance } from 'antd/es/notification/interface';
import { TOAST_DURATION_MS, type NotificationLevel } from '@edge/protocol';
import { notificationStore } from './store.ts';

let instance: NotificationInstance | null = null;

export function bindToastInstance(next: NotificationInstance | null): void {
  instance = next;
}

const ANTD_TYPE = { check: 'success', info: 'info', error: 'error' } as const;

function show(level: NotificationLevel, text: string, type = 'toast'): string {
  const entry = notificationStore.add({ level, type, value: text });
  instance?.open({
    key: entry.id,
    type: ANTD_TYPE[level],
    title: text,
    placement: 'bottomRight',
    duration: TOAST_DURATION_MS / 1000,
    role: level === 'error' ? 'alert' : 'status',
  });
  return entry.id;
}

export const toast = {
  success: (text: string) => show('check', text),
  info: (text: string) => show('info', text),
  error: (text: string) => show('error', text),
};

/** A job with progress (an upload, a long device operation): one list entry whose bar moves by id. */
export function startProgress(type: string, text: string): { update(percent: number): void; fail(): void } {
  const entry = notificationStore.add({ level: 'info', type, value: text, progress: 0 });
  return {
    update: (percent) =>
      notificationStore.updateProgress(entry.id, percent, percent >= 100 ? 'check' : undefined),
    fail: () => notificationStore.updateProgress(entry.id, 100, 'error'),
  };
}
