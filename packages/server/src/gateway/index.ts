/** Picks the device bus: the embedded broker by default, an external one when MQTT_URL is set. */
import type { Server } from 'node:http';
import type { Config } from '../config.ts';
import type { Bus, BusLog, DeviceAuthenticator } from './bus.ts';
import { createEmbeddedBus, type EmbeddedBus } from './embedded-bus.ts';
import { createExternalBus } from './external-bus.ts';

export type {
  Bus,
  BusLog,
  DeviceAuthenticator,
  MessageHandler,
  SubscribeOptions,
  Unsubscribe,
} from './bus.ts';
export type { EmbeddedBus } from './embedded-bus.ts';

export interface StartBusOptions {
  config: Pick<Config, 'mqttUrl' | 'mqttTcpPort' | 'mqttShareGroup' | 'host'>;
  server: Server;
  authenticator: DeviceAuthenticator;
  log: BusLog;
}

export async function startBus({ config, server, authenticator, log }: StartBusOptions): Promise<Bus> {
  if (config.mqttUrl)
    return createExternalBus({ url: config.mqttUrl, shareGroup: config.mqttShareGroup, log });
  const bus: EmbeddedBus = await createEmbeddedBus({ authenticator, log });
  bus.attach(server);
  if (config.mqttTcpPort !== undefined) {
    const address = await bus.listenTcp(config.mqttTcpPort, config.host);
    log.info({ port: address.port, host: address.address }, 'MQTT/TCP for devices');
  }
  return bus;
}

export const isEmbedded = (bus: Bus): bus is EmbeddedBus => bus.mode === 'embedded';
