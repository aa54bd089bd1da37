/** What the log benchmark (bench/src/logs) drives directly: the store as devices' lines reach it, and its queries. */
export { openStore } from '../db/database.ts';
export { DELETE_BATCH, logStore, type LogLine } from './store.ts';
export { logService } from './service.ts';
export { logSettingsStore } from './settings.ts';
export { programBook } from './program-book.ts';
export { consoleLog } from './console-log.ts';
export { hasKeywordIndex } from './keyword-index.ts';
export { deviceModeStore } from './report-mode.ts';
