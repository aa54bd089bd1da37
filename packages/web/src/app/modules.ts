/**
 * The registry of implemented desktop apps. The desktop shows an app only when it is registered here AND
 * enabled in the signed-in user's permission tree. A feature registers itself with one import and one entry.
 */
import type { AppModule } from './module.ts';
import { settingsModule } from '../features/settings/module.ts';

export const modules: readonly AppModule[] = [settingsModule];
