/**
 * The notification list of SPEC 2/3: every toast (and every long-running job) is kept here, newest first,
 * so the user can read it again after the toast has gone. Lives outside React so the API layer can add to it.
 * While a user is signed in, every change also goes to their list on the console (a `NotificationSink`,
 * server.ts), and the console's list replaces this one when read, so it survives reloads and tabs agree.
 */
import dayjs from 'dayjs';
import { NOTIFICATION_TITLE_FORMAT, type NotificationEntry, type NotificationLevel } from '@edge/protocol';

export interface NotificationState {
  entries: readonly NotificationEntry[];
  unread: number;
}

type Listener = () => void;

/** Where changes go besides this tab: the signed-in user's list on the console. */
export interface NotificationSink {
  add(entry: NotificationEntry): Promise<unknown>;
  progress(id: string, progress: number, level: NotificationLevel): Promise<unknown>;
  markAllRead(): Promise<unknown>;
  clear(): Promise<unknown>;
}

/** The console's entry: the list's, with whether it was read. */
export interface KeptNotification extends Omit<NotificationEntry, 'title'> {
  read: boolean;
}

const MAX_ENTRIES = 200;
let state: NotificationState = { entries: [], unread: 0 };
const listeners = new Set<Listener>();
let sequence = 0;
let sink: NotificationSink | null = null;
/** Entries sent to the console and not yet in a list read back from it: a read-back must not drop them. */
const unconfirmed = new Set<string>();
const titleOf = (date: number) => dayjs(date).format(NOTIFICATION_TITLE_FORMAT);
/** A sink that fails (offline, signed out meanwhile) leaves the entry in this tab; the list is not lost. */
const send = (call: Promise<unknown> | undefined) => void call?.catch(() => undefined);

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
    // Not crypto.randomUUID: it is missing on plain-HTTP consoles reached by IP (no secure context). The
    // random part keeps two tabs of one user from naming two entries alike in the same millisecond.
    const entry: NotificationEntry = {
      id: `n${date.toString(36)}-${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 7)}`,
      title: titleOf(date),
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
    if (sink) {
      unconfirmed.add(entry.id);
      send(sink.add(entry));
    }
    return entry;
  },

  /** Starts or stops sending changes to the console (sign-in, sign-out). */
  bind(next: NotificationSink | null): void {
    sink = next;
    unconfirmed.clear();
  },

  /** The list as the console keeps it, plus what this tab has sent that the console has not shown yet. */
  replace(kept: readonly KeptNotification[]): void {
    const ids = new Set(kept.map((e) => e.id));
    for (const id of ids) unconfirmed.delete(id);
    const local = state.entries.filter((e) => unconfirmed.has(e.id) && !ids.has(e.id));
    const entries = [...kept.map(({ read: _read, ...e }) => ({ ...e, title: titleOf(e.date) })), ...local];
    publish({
      entries: entries.sort(byDateDesc).slice(0, MAX_ENTRIES),
      unread: kept.filter((e) => !e.read).length + local.length,
    });
  },

  updateProgress(id: string, progress: number, level?: NotificationLevel): void {
    const entry = state.entries.find((e) => e.id === id);
    if (!entry) return;
    const next = { ...entry, progress: clampProgress(progress), level: level ?? entry.level };
    publish({ ...state, entries: state.entries.map((e) => (e.id === id ? next : e)) });
    send(sink?.progress(id, next.progress, next.level));
  },

  remove(id: string): void {
    publish({ ...state, entries: state.entries.filter((e) => e.id !== id) });
  },

  markAllRead(): void {
    if (state.unread) publish({ ...state, unread: 0 });
    send(sink?.markAllRead());
  },

  clear(): void {
    publish({ entries: [], unread: 0 });
    unconfirmed.clear();
    send(sink?.clear());
  },
};
