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

export const modules: readonly AppModule[] = [
  provisionModule,
  inventoryModule,
  diagnoseModule,
  scheduleModule,
  sdwanModule,
  securityModule,
  settingsModule,
];
