/** The configuration RPCs (device-config.ts), answered by the engine, or refused where there is none. */
import type { RpcHandler } from '../client/rpc-dispatcher.ts';
import { PlatformRefusal } from '../platform/platform.ts';
import type { ConfigEngine } from './engine.ts';

type ConfigMethod = 'config.apply' | 'config.confirm' | 'config.get' | 'debug.setLocal';
export type ConfigRpcHandlers = { [M in ConfigMethod]: RpcHandler<M> };

const refuse = async (): Promise<never> => {
  throw new PlatformRefusal('unsupported', 'This device does not take configuration from the console.');
};

export function configRpcHandlers(engine: ConfigEngine | null): ConfigRpcHandlers {
  if (!engine)
    return {
      'config.apply': refuse,
      'config.confirm': refuse,
      'config.get': refuse,
      'debug.setLocal': refuse,
    };
  return {
    'config.apply': (args) => engine.apply(args),
    'config.confirm': (args) => engine.confirm(args),
    'config.get': (args) => engine.get(args),
    'debug.setLocal': (args) => engine.setLocal(args),
  };
}
