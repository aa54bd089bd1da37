/**
 * The live socket (/websocket/v1/live) over the core's hub. A subscription looks at the caller again the
 * way the guard does (token or session cookie), without counting it as the user's activity.
 */
import { featureModule } from '../modules/module.ts';
import { reidentifier } from '../auth/reidentify.ts';
import { liveRoutes } from './routes.ts';

export const liveModule = featureModule({
  name: 'live',
  needs: ['hub', 'sessions', 'tokens'],
  start: ({ hub, sessions, tokens }) => ({
    routes: [liveRoutes(hub, reidentifier(sessions, tokens))],
  }),
});
