/**
 * Section state changes, told to every console replica: the replica whose engine moved a section publishes
 * its new view on the bus, and every replica (this one included) hears it and hands it to its listeners
 * (the live WebSocket). Like presence and RPC answers, the subscription is not shared: each replica must
 * hear every change, since the browser that waits for it may be connected to any of them.
 *
 * The topic lives outside the device tree (`edge/v1/{deviceId}/...`), so no device filter matches it and no
 * device may read it (gateway/access.ts); an external broker must let the console's own client publish and
 * subscribe `edge/console/v1/#`.
 */
import { CONSOLE_TOPIC_ROOT, type SectionStateView } from '@edge/protocol';
import type { Bus, BusLog } from '../gateway/index.ts';

const ROOT = `${CONSOLE_TOPIC_ROOT}/settings`;
const topicOf = (deviceId: string) => `${ROOT}/${deviceId}`;
const EVERY_DEVICE = `${ROOT}/+`;

export type SectionChangeListener = (deviceId: string, view: SectionStateView) => void;

export interface SectionChanges {
  /** Every replica's changes, in the order each replica made them. Returns the function that stops listening. */
  on(listener: SectionChangeListener): () => void;
}

/**
 * Announces sections' new views of one device, in order, as one message: a device's first report stores
 * every section at once, and a message per section made a fleet enrolling at once publish twelve times per
 * device. Never throws (the change itself is stored, only its news is lost).
 */
export type AnnounceSections = (deviceId: string, views: SectionStateView[]) => Promise<void>;

export function announcer(bus: Bus, log: BusLog): AnnounceSections {
  return async (deviceId, views) => {
    if (views.length === 0) return;
    try {
      await bus.publish(topicOf(deviceId), JSON.stringify(views));
    } catch (err) {
      log.warn({ err, deviceId, sections: views.map((v) => v.section) }, 'section change not announced');
    }
  };
}

export async function listenSectionChanges(
  bus: Bus,
  log: BusLog,
): Promise<SectionChanges & { stop(): Promise<void> }> {
  const listeners = new Set<SectionChangeListener>();
  const unsubscribe = await bus.subscribe(EVERY_DEVICE, (topic, payload) => {
    const deviceId = topic.slice(ROOT.length + 1);
    let views: SectionStateView[];
    try {
      // Written by a console replica from stored rows (presenter.ts): trusted, not validated again. A
      // replica of the version before sends one view, not a list, until it is upgraded too.
      const parsed = JSON.parse(payload.toString('utf8')) as SectionStateView | SectionStateView[];
      views = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return;
    }
    for (const view of views)
      for (const listener of listeners) {
        try {
          listener(deviceId, view);
        } catch (err) {
          log.error({ err, deviceId }, 'section change listener failed');
        }
      }
  });
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: unsubscribe,
  };
}
