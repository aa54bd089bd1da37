/**
 * The registry of implemented desktop apps. The desktop shows an app only when it is registered here AND
 * enabled in the signed-in user's permission tree. A feature registers itself with one import and one entry.
 */
import type { AppModule } from './module.ts';
import { settingsModule } from '../features/settings/module.ts';
import { securityModule } from '../features/security/module.ts';
import { inventoryModule } from '../features/inventory/module.ts';
import { provisionModule } from '../features/provision/module.ts';
import { diagnoseModule } from '../features/diagnose/module.ts';
import { scheduleModule } from '../features/schedule/module.ts';
import { sdwanModule } from '../features/sdwan/module.ts';
import { logsModule } from '../features/logs/module.ts';
import { messagesModule } from '../features/messages/module.ts';
import { todoModule } from '../features/todo/module.ts';
import { notifyModule } from '../features/notify/module.ts';
import { missionModule } from '../features/profiles/module.ts';
import { statisticsModule } from '../features/statistics/module.ts';
import { dashboardModule } from '../features/dashboard/module.ts';
import { clientsModule } from '../features/clients/module.ts';
import { applicationModule } from '../features/application/module.ts';
import { licenseModule } from '../features/license/module.ts';
import { authConnectModule } from '../features/authConnect/module.ts';
import { backupModule } from '../features/backup/module.ts';

export const modules: readonly AppModule[] = [
  provisionModule,
  inventoryModule,
  diagnoseModule,
  scheduleModule,
  clientsModule,
  sdwanModule,
  logsModule,
  messagesModule,
  todoModule,
  notifyModule,
  missionModule,
  dashboardModule,
  statisticsModule,
  applicationModule,
  securityModule,
  licenseModule,
  authConnectModule,
  backupModule,
  settingsModule,
];
