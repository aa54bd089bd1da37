/**
 * Simulated devices of a browser test's own (packages/agent's fleet simulator, the real agent's sections),
 * for what the demo fleet cannot show: devices that ask to join and wait in Discovery until adopted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const FLEET = path.resolve(import.meta.dirname, '../../packages/agent/dev/edge-fleet.mjs');

export interface TestFleet {
  stop(): Promise<void>;
}

/** The organisation's enrolment secret, as Provision gives it to its managers. */
async function enrolSecret(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/provision/enrolment-secret');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { secret: string }).secret;
}

/** A model with Wi-Fi and a 4G modem: every section of a profile template applies to it. */
const FULL_MODEL = 'RUT-X11 4G Gateway';

/**
 * `count` devices with serials fleetSerial(prefix, n) asking the console to join with its enrolment secret,
 * of a model that has every section (the simulator otherwise draws one per serial, some without Wi-Fi or
 * a modem, whose template would fail at that section).
 */
export async function startWaitingFleet(page: Page, prefix: string, count = 1): Promise<TestFleet> {
  const args = [
    ...['--models', FULL_MODEL],
    ...['--console', process.env.E2E_BASE_URL!, '--count', String(count), '--prefix', prefix],
    ...['--interval', '5', '--boot-ms', '1000', '--reboot-delay-ms', '200', '--dropouts-per-day', '0'],
    ...['--ramp-ms', '0', '--memory', '--log-level', 'warn', '--enrol-secret', await enrolSecret(page)],
  ];
  const child: ChildProcess = spawn(process.execPath, [FLEET, ...args], { stdio: 'ignore' });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
