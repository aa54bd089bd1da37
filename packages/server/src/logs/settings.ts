/** The Log settings (report mode, expiry duration): console-wide, kept as one key. */
import { DEFAULT_LOG_SETTINGS, type LogSettings } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';

const KEY = 'logs.settings';

export function logSettingsStore(db: Db, now: () => number = Date.now) {
  const kv = keyValueStore(db);
  return {
    get: async (): Promise<LogSettings> => ({
      ...DEFAULT_LOG_SETTINGS,
      ...(await kv.get<Partial<LogSettings>>(KEY)),
    }),
    set: (value: LogSettings) => kv.put(KEY, value, now()),
  };
}
export type LogSettingsStore = ReturnType<typeof logSettingsStore>;
