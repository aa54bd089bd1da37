/** Picks the device bus: the embedded broker by default, an external one when MQTT_URL is set. */
import type { Server } from 'node:http';
import { burstOf, type Config } from '../config.ts';
import type { Bus, BusLog, DeviceAuthenticator } from './bus.ts';
import { createEmbeddedBus, type EmbeddedBus } from './embedded-bus.ts';
import { createExternalBus } from './external-bus.ts';
import { enableDynamicSecurity } from './dynsec/enable.ts';

export type {
  BrokerCredentials,
  Bus,
  BusLog,
  DeviceAuthenticator,
  MessageHandler,
  SubscribeOptions,
  Unsubscribe,
} from './bus.ts';
export { BrokerUnreachableError } from './bus.ts';
export type { EmbeddedBus } from './embedded-bus.ts';

export interface StartBusOptions {
  config: Pick<
    Config,
    'mqttUrl' | 'mqttTcpPort' | 'mqttShareGroup' | 'mqttDeviceAuth' | 'host' | 'enrolRatePerSource'
  >;
  server: Server;
  authenticator: DeviceAuthenticator;
  log: BusLog;
}

export async function startBus({ config, server, authenticator, log }: StartBusOptions): Promise<Bus> {
  if (config.mqttUrl) {
    const bus = await createExternalBus({ url: config.mqttUrl, shareGroup: config.mqttShareGroup, log });
    if (config.mqttDeviceAuth !== 'dynsec') return bus;
    const adminUsername = decodeURIComponent(new URL(config.mqttUrl).username);
    if (!adminUsername || !authenticator.adoptedIds) {
      await bus.close();
      throw new Error(
        'MQTT_DEVICE_AUTH=dynsec needs the dynamic-security admin as user and password in MQTT_URL',
      );
    }
    return enableDynamicSecurity(bus, { adminUsername, adoptedIds: authenticator.adoptedIds, log }).catch(
      async (err: unknown) => {
        await bus.close();
        throw err;
      },
    );
  }
  const bus: EmbeddedBus = await createEmbeddedBus({
    authenticator,
    log,
    enrolPerSource: burstOf(config.enrolRatePerSource),
  });
  bus.attach(server);
  if (config.mqttTcpPort !== undefined) {
    const address = await bus.listenTcp(config.mqttTcpPort, config.host);
    log.info({ port: address.port, host: address.address }, 'MQTT/TCP for devices');
  }
  return bus;
}

export const isEmbedded = (bus: Bus): bus is EmbeddedBus => bus.mode === 'embedded';
