/**
 * Messages and event rules: what the routes and the other modules (To-do, Notification) use. Listeners hear
 * of every message raised or counted up and of read changes (the live badge, the notification queue).
 */
import type { AlertMessageView, EventRuleRequest, MessageListQuery } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { RuleStore } from './rules.ts';
import type { Db } from '../db/schema.ts';
import type { FreshHook, MessageStore } from './store.ts';
import { raiseCoalescer } from './coalesce.ts';

/** `fresh`: a new message (not a repeat counted up); undefined message: read states changed. */
export type MessageListener = (change: { message?: AlertMessageView; fresh: boolean }) => void;

export function messageService(deps: {
  rules: RuleStore;
  store: MessageStore;
  /** The hooks the store runs in a new message's transaction (alongWithFresh adds to them). */
  fresh: Set<FreshHook>;
  log: { error(o: object, m: string): void };
}) {
  const { rules, store } = deps;
  const listeners = new Set<MessageListener>();
  const coalescer = raiseCoalescer(store, (message, fresh) => tell({ message, fresh }));
  function tell(change: Parameters<MessageListener>[0]) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        deps.log.error({ err }, 'message listener failed');
      }
    }
  }

  return {
    /** Resolves once the occurrence is stored (as a new message or counted up on the open one). */
    raise: coalescer.raise,
    /** Forgets open messages past their hold-off window (the module calls it each minute). */
    prune: coalescer.prune,
    async list(q: MessageListQuery, userId: number) {
      return { ...(await store.list(q, userId)), unreadCritical: await store.unreadCritical(userId) };
    },
    /** As the user sees it (read by them); without a user, read by anyone. */
    async get(id: number, userId?: number): Promise<AlertMessageView> {
      const message = await store.get(id, userId);
      if (!message) throw fail(404, 'notFound');
      return message;
    },
    async markRead(ids: number[], read: boolean, userId: number): Promise<void> {
      await store.markRead(ids, read, userId);
      tell({ fresh: false });
    },
    /** Acknowledged from outside the console (a chat app's callback): read, and its escalation ended. */
    async acknowledge(id: number): Promise<boolean> {
      const done = await store.acknowledge(id);
      if (done) tell({ fresh: false });
      return done;
    },
    unreadCritical: store.unreadCritical,
    /** Writes more in each new message's transaction (Notification: its deliveries). */
    alongWithFresh(hook: FreshHook): () => void {
      deps.fresh.add(hook);
      return () => deps.fresh.delete(hook);
    },
    dueEscalations: store.dueEscalations,
    /** Escalates a due message once, across replicas: `run` writes the escalation in its transaction. */
    takeEscalation: (id: number, run: (trx: Db) => Promise<void>) => store.takeEscalation(id, run),
    onChange(listener: MessageListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rules: {
      list: rules.list,
      add: (r: EventRuleRequest) => rules.add(r),
      edit: (id: number, r: EventRuleRequest) => rules.edit(id, r),
      remove: (id: number) => rules.remove(id),
      get: rules.get,
    },
  };
}
export type MessageService = ReturnType<typeof messageService>;
