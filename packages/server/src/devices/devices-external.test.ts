/**
 * The core suite with MQTT_URL: the console is a client of the shared Mosquitto on 127.0.0.1:1883, and so
 * are the devices. Each run has its own serial prefix and shared-subscription group, so parallel runs on
 * the same broker do not see each other's devices.
 */
import { describe } from 'vitest';
import { DIALECTS } from '../testing/harness.ts';
import { fleetSuite } from '../testing/fleet-suite.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe.each(DIALECTS)('devices on an external broker (%s)', (dialect) => {
  fleetSuite({
    dialect,
    overrides: (prefix) => ({ mqttUrl: BROKER, mqttShareGroup: `test-${prefix.toLowerCase()}` }),
    deviceUrl: () => BROKER,
  });
});
