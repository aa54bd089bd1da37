/** API tokens; the guard identifies callers by them through the core's token service. */
import { featureModule } from '../modules/module.ts';
import { tokenRoutes } from './routes.ts';

export const tokensModule = featureModule({
  name: 'tokens',
  needs: ['tokens'],
  start: ({ tokens }) => ({ routes: [tokenRoutes(tokens)] }),
});
