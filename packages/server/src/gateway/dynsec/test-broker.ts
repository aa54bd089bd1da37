/**
 * Test support: a Mosquitto of the test's own with the dynamic-security plugin (the shared broker on 1883
 * allows anonymous clients).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { MOSQUITTO, startMosquitto } from '../mosquitto-process.ts';

const MOSQUITTO_CTRL = '/usr/bin/mosquitto_ctrl';
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
const DYNSEC_FILE = 'dynamic-security.json';

/** What is not installed here, which fails the tests that need it; empty when all is there. */
export const missingForDynsec = (): string[] =>
  [MOSQUITTO, MOSQUITTO_CTRL, DYNSEC_PLUGIN].filter((file) => !fs.existsSync(file));

export interface DynsecBroker {
  /** For devices: no credentials in it. */
  url: string;
  /** For the console: the plugin's admin in it. */
  adminUrl: string;
  stop(): Promise<void>;
}

export async function startDynsecBroker(): Promise<DynsecBroker> {
  const password = 'Admin-dynsec-1';
  const broker = await startMosquitto(
    (dir) => [
      'allow_anonymous false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${path.join(dir, DYNSEC_FILE)}`,
    ],
    async (dir) => {
      await promisify(execFile)(MOSQUITTO_CTRL, [
        'dynsec',
        'init',
        path.join(dir, DYNSEC_FILE),
        'console-admin',
        password,
      ]);
    },
  );
  return {
    url: `mqtt://127.0.0.1:${broker.port}`,
    adminUrl: `mqtt://console-admin:${password}@127.0.0.1:${broker.port}`,
    stop: broker.stop,
  };
}
