/** The public keys the web console reads at start (captcha, analytics). */
import { featureModule } from '../modules/module.ts';
import { variableRoutes } from './routes.ts';

export const variableModule = featureModule({
  name: 'variable',
  needs: ['config'],
  start: ({ config }) => ({ routes: [variableRoutes(config)] }),
});
