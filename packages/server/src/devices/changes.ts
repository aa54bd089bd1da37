/** The in-process stream of device changes. A listener that throws is logged, never breaks the others. */
import type { BusLog } from '../gateway/index.ts';
import type { DeviceChange } from './types.ts';

export type ChangeListener = (change: DeviceChange) => void;

export interface DeviceChanges {
  /** Returns the function that stops listening. */
  on(listener: ChangeListener): () => void;
  emit(change: DeviceChange): void;
}

export function deviceChanges(log: BusLog): DeviceChanges {
  const listeners = new Set<ChangeListener>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (err) {
          log.error({ err, change: change.type }, 'device change listener failed');
        }
      }
    },
  };
}
