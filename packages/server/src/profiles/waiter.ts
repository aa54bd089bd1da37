/**
 * Waits for a device to settle a desired version of a section: in sync (applied, or confirmed after
 * confirm-or-rollback), failed or rolled back. One listener on the section changes serves every waiting
 * step; a check of the stored state every few seconds covers an announcement heard before the step listened.
 */
import type { SectionKey, SectionStateView } from '@edge/protocol';
import type { ConfigService, SectionChanges } from '../deviceConfig/index.ts';

const SETTLED = new Set(['in_sync', 'failed', 'rolled_back']);
const CHECK_EVERY_MS = 5000;

export const settledAt = (view: SectionStateView, version: number): boolean =>
  view.desiredVersion >= version && SETTLED.has(view.state);

export function appliedWaiter(changes: SectionChanges, config: Pick<ConfigService, 'state'>) {
  const waiting = new Map<string, Set<(view: SectionStateView) => void>>();
  const stop = changes.on((deviceId, view) => {
    for (const hear of waiting.get(`${deviceId}/${view.section}`) ?? []) hear(view);
  });

  return {
    /** The section's view once the version settled; rejects after `timeoutMs`. */
    wait(
      deviceId: string,
      section: SectionKey,
      version: number,
      timeoutMs: number,
    ): Promise<SectionStateView> {
      const key = `${deviceId}/${section}`;
      return new Promise((resolve, reject) => {
        const done = (finish: () => void) => {
          clearInterval(check);
          clearTimeout(timer);
          const set = waiting.get(key);
          set?.delete(hear);
          if (set?.size === 0) waiting.delete(key);
          finish();
        };
        const hear = (view: SectionStateView) => {
          if (settledAt(view, version)) done(() => resolve(view));
        };
        const look = () =>
          config
            .state(deviceId, section)
            .then(({ sections: [view] }) => view && hear(view))
            .catch(() => undefined);
        const timer = setTimeout(
          () => done(() => reject(new Error('The device did not apply the profile in time.'))),
          timeoutMs,
        );
        waiting.set(key, (waiting.get(key) ?? new Set()).add(hear));
        // The announcement comes after the device answers, well after this; the check is for one missed.
        const check = setInterval(() => void look(), CHECK_EVERY_MS);
      });
    },
    stop,
  };
}

export type AppliedWaiter = ReturnType<typeof appliedWaiter>;
