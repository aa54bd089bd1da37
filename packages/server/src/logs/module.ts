/**
 * The Log app (issue 17): device lines (written by devices/ as they arrive) and the console's own lines
 * in device_logs, the SPEC 7 routes over them, report mode pushed to devices, and retention as a claimed
 * scheduler task that deletes in batches.
 */
import { CONSOLE_LOG_DEVICE } from '@edge/protocol';
import { featureModule } from '../modules/module.ts';
import { every } from '../devices/periodic.ts';
import { logStore } from './store.ts';
import { hasKeywordIndex } from './keyword-index.ts';
import { logSettingsStore } from './settings.ts';
import { programBook } from './program-book.ts';
import { consoleLog } from './console-log.ts';
import { deviceModeStore, reportModeSender } from './report-mode.ts';
import { logService } from './service.ts';
import { logRoutes } from './routes.ts';
import { ONE_BY_ONE_GATHER_MS, batcher } from '../lib/batcher.ts';

/** How often the console's own lines and newly seen programs are written. */
const FLUSH_MS = 2000;

export const logsModule = featureModule({
  name: 'logs',
  needs: ['store', 'devices', 'rpc', 'log'],
  async start({ store, devices, rpc, log }) {
    const indexed = await hasKeywordIndex(store.db, store.dialect);
    if (!indexed)
      log.warn(
        'the log key-word index is missing (pg_trgm could not be created): key words are matched by scanning',
      );
    const lines = logStore(store.db, store.dialect, indexed);
    const settings = logSettingsStore(store.db);
    const programs = programBook(lines);
    await programs.load();
    const console = consoleLog(lines, programs);
    const deviceModes = deviceModeStore(store.db);
    const sender = reportModeSender(devices, rpc, deviceModes);
    const logs = logService({
      store: lines,
      devices,
      settings,
      programs,
      consoleLog: console,
      tellReportMode: (mode) => sender.tellAll(mode),
      deviceModes,
      tellDevice: sender.tell,
    });

    // A fleet coming online at once (a console restart, devices enrolling one after another) reads the report
    // mode once per batch, not per device.
    const cameOnline = batcher<string>(
      (deviceId) => deviceId,
      async (deviceIds) => {
        const { reportMode } = await settings.get();
        await sender.cameOnline(deviceIds, reportMode);
      },
      1000,
      ONE_BY_ONE_GATHER_MS,
    );
    const stopListening = devices.onChange((change) => {
      if (change.type === 'event') programs.note(change.deviceId, change.event.program, change.event.ts);
      else if (change.type === 'online') {
        console.write(change.deviceId, 'info', 'Device connected to the console');
        cameOnline
          .add(change.deviceId)
          .catch((err: unknown) => log.warn({ err }, 'report mode not read for a device coming online'));
      } else if (change.type === 'offline')
        console.write(change.deviceId, 'warning', 'Device disconnected from the console');
      else if (change.type === 'removed')
        console.write(CONSOLE_LOG_DEVICE, 'info', `Device ${change.serial} removed`);
    });
    const flush = async () => {
      await console.flush();
      await programs.flush();
    };
    const timer = every(FLUSH_MS, 'console log write', flush, log);

    return {
      offers: { logs, consoleLog: console },
      routes: [logRoutes(logs)],
      tasks: [{ name: 'logs.prune', pattern: '0 */5 * * * *', run: () => logs.prune() }],
      async stop() {
        clearInterval(timer);
        stopListening();
        await flush();
      },
    };
  },
});
