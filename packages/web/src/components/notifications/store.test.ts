import { beforeEach, describe, expect, it } from 'vitest';
import { notificationStore } from './store.ts';

describe('notification store', () => {
  beforeEach(() => notificationStore.clear());

  it('keeps entries newest first with the SPEC 3 fields', () => {
    notificationStore.add({
      level: 'info',
      type: 'toast',
      value: 'older',
      date: Date.UTC(2024, 0, 2, 3, 4, 5),
    });
    const newer = notificationStore.add({
      level: 'error',
      type: 'toast',
      value: 'newer',
      date: Date.UTC(2024, 0, 3),
    });
    const { entries, unread } = notificationStore.getSnapshot();
    expect(entries.map((e) => e.value)).toEqual(['newer', 'older']);
    expect(unread).toBe(2);
    expect(newer).toMatchObject({ level: 'error', type: 'toast', progress: 100 });
    expect(entries[1]!.title).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(newer).sort()).toEqual(['date', 'id', 'level', 'progress', 'title', 'type', 'value']);
  });

  it('updates progress by id, clamped to 0-100', () => {
    const job = notificationStore.add({ level: 'info', type: 'upload', value: 'backup.tar', progress: 0 });
    notificationStore.updateProgress(job.id, 42.4);
    expect(notificationStore.getSnapshot().entries[0]!.progress).toBe(42);
    notificationStore.updateProgress(job.id, 250, 'check');
    expect(notificationStore.getSnapshot().entries[0]).toMatchObject({ progress: 100, level: 'check' });
  });

  it('marks everything read and notifies subscribers', () => {
    let calls = 0;
    const off = notificationStore.subscribe(() => calls++);
    notificationStore.add({ level: 'check', type: 'toast', value: 'x' });
    notificationStore.markAllRead();
    off();
    notificationStore.add({ level: 'check', type: 'toast', value: 'y' });
    expect(calls).toBe(2);
    expect(notificationStore.getSnapshot().unread).toBe(1);
  });
});
