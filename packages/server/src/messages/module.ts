/**
 * Messages (SPEC 2, 3): event rules evaluated on this console from device changes, section changes and
 * jobs, and licences about to expire (licence-expiry.ts), turned into de-duplicated messages; offers the
 * message service to To-do and Notification.
 */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { licenseModule } from '../license/module.ts';
import { expiriesOf, licenceExpiryCheck } from './licence-expiry.ts';
import { ruleStore } from './rules.ts';
import { messageStore, type FreshHook } from './store.ts';
import { messageService } from './service.ts';
import { messageRoutes } from './routes.ts';
import { ruleEngine } from './engine.ts';
import { messagesChannel } from './live.ts';

export const messagesModule = featureModule({
  name: 'messages',
  needs: ['store', 'devices', 'jobs', 'log'],
  uses: { deviceConfig: deviceConfigModule, license: licenseModule },
  start: ({ store, devices, jobs, log }, { deviceConfig, license }) => {
    const rules = ruleStore(store.db);
    const fresh = new Set<FreshHook>();
    const service = messageService({ rules, store: messageStore(store.db, fresh), fresh, log });
    const engine = ruleEngine({ rules, devices, raise: (r) => service.raise(r), log });
    const licenceExpiry = licenceExpiryCheck({
      db: store.db,
      expiries: () => expiriesOf(license.list()),
      happened: engine.happened,
    });
    const stopSections = deviceConfig.sectionChanges.on((deviceId, view) => engine.section(deviceId, view));
    const stopJobs = jobs.onChange((change) => {
      if (change.type === 'job') engine.job(change.job);
    });
    // Rules changed on another replica reach this one's cache within half a minute; closed keys are forgotten.
    const reload = setInterval(() => {
      rules.reload();
      service.prune();
    }, 30_000);
    reload.unref();
    return {
      offers: { service, engine, licenceExpiry },
      routes: [messageRoutes(service)],
      tasks: [licenceExpiry.task],
      channels: [(hub) => messagesChannel(hub, service)],
      async stop() {
        clearInterval(reload);
        engine.stop();
        stopSections();
        stopJobs();
      },
    };
  },
});
