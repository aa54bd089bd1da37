/**
 * The notification list of SPEC 2/3: every toast (and every long-running job) is kept here, newest first,
 * so the user can read it again after the toast has gone. Lives outside React so the API layer can add to it.
 */
import dayjs from 'dayjs';
import { NOTIFICATION_TITLE_FORMAT, type NotificationEntry, type NotificationLevel } from '@edge/protocol';

export interface NotificationState {
  entries: readonly NotificationEntry[];
  unread: number;
}

type Listener = () => void;

const MAX_ENTRIES = 200;
let state: NotificationState = { entries: [], unread: 0 };
const listeners = new Set<Listener>();
let sequence = 0;

function publish(next: NotificationState): void {
  state = next;
  listeners.forEach((l) => l());
}

const byDateDesc = (a: NotificationEntry, b: NotificationEntry) => b.date - a.date;
const clampProgress = (p: number) => Math.max(0, Math.min(100, Math.round(p)));

export interface NewNotification {
  level: NotificationLevel;
  type: string;
  value: string;
  progress?: number;
  date?: number;
}

export const notificationStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): NotificationState => state,

  add(input: NewNotification): NotificationEntry {
    const date = input.date ?? Date.now();
    // Not crypto.randomUUID: it is missing on plain-HTTP consoles reached by IP (no secure context).
    const entry: NotificationEntry = {
      id: `n${date.toString(36)}-${(sequence++).toString(36)}`,
      title: dayjs(date).format(NOTIFICATION_TITLE_FORMAT),
      level: input.level,
      type: input.type,
      value: input.value,
      progress: clampProgress(input.progress ?? 100),
      date,
    };
    publish({
      entries: [entry, ...state.entries].sort(byDateDesc).slice(0, MAX_ENTRIES),
      unread: state.unread + 1,
    });
    return entry;
  },

  updateProgress(id: string, progress: number, level?: NotificationLevel): void {
    if (!state.entries.some((e) => e.id === id)) return;
    publish({
      ...state,
      entries: state.entries.map((e) =>
        e.id === id ? { ...e, progress: clampProgress(progress), level: level ?? e.level } : e,
      ),
    });
  },

  remove(id: string): void {
    publish({ ...state, entries: state.entries.filter((e) => e.id !== id) });
  },

  markAllRead(): void {
    if (state.unread) publish({ ...state, unread: 0 });
  },

  clear(): void {
    publish({ entries: [], unread: 0 });
  },
};
