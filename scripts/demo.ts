/**
 * `npm start`: the console on the embedded defaults (SQLite, embedded broker) and, beside it, a simulated
 * fleet of DEMO_DEVICES devices that enrol (pre-provisioned, so adopted at once) and report like real ones.
 * Once enough of them are online, an OrpheLink network links a few of them (sdwan/demo.ts) so its map is
 * alive; DEMO_SDWAN=0 leaves it out (the browser tests, whose other specs drive those devices).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fleetSerial } from '@edge/protocol';
import { loadConfig } from '@edge/server/config';
import { buildConsole } from '@edge/server';
import fs from 'node:fs';
import { Fleet, fleetControlAnswer } from '@edge/agent';
import { overlayAllowed } from '@edge/protocol';
import { DEMO_NETWORK_DEVICES, seedDemoNetwork } from '@edge/server/sdwan-demo';

const DEMO_PREFIX = 'DEMO';
const demoDevices = Number.parseInt(process.env.DEMO_DEVICES ?? '25', 10);
/**
 * Random network drop-outs per device per day (the fleet's own default when unset): the demo looks like a
 * real fleet; the browser tests set 0, since a device gone for up to two minutes at random fails whatever
 * spec drives it then (a restore refused as the device is offline).
 */
const demoDropouts = process.env.DEMO_DROPOUTS_PER_DAY;

const config = loadConfig();
let edge = await buildConsole(config);
await edge.app.listen({ port: config.port, host: config.host });
const address = edge.app.server.address();
const port = address && typeof address === 'object' ? address.port : config.port;
let stopping = false;

/**
 * After a console restore (Settings > Backup & Restore) the console is built again on the restored store,
 * on the same port, as the console process does (packages/server/src/main.ts); the fleet reconnects to it.
 */
function restartOnRestore(current: typeof edge): void {
  current.consoleBackup.onRestored(() => {
    if (stopping || current !== edge) return;
    void (async () => {
      await current.drain(300);
      await current.close();
      edge = await buildConsole(config);
      await edge.app.listen({ port, host: config.host });
      restartOnRestore(edge);
    })().catch((err: unknown) => {
      process.stderr.write(`the console did not restart after the restore: ${String(err)}\n`);
      process.exit(1);
    });
  });
}
restartOnRestore(edge);
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

let fleet: Fleet | undefined;
if (demoDevices > 0) {
  // The simulated devices enrol as real ones must: with the console's enrolment secret, and adopted on
  // their own because their serials are listed with the claim code they present.
  const { secret } = await edge.enrolment.enrolSecret();
  const claimCode = randomBytes(12).toString('base64url');
  await edge.enrolment.provisionSerials(
    Array.from({ length: demoDevices }, (_, i) => fleetSerial(DEMO_PREFIX, i + 1)),
    { claimCode },
  );
  fleet = new Fleet({
    enrolSecret: secret,
    claimCode,
    console: `http://127.0.0.1:${port}`,
    count: demoDevices,
    prefix: DEMO_PREFIX,
    // Latency-based reporting (SPEC 9): on the same machine that is every 5 s, so the demo looks alive.
    reportInterval: 'latency',
    // The same identities across restarts, as real devices keep theirs.
    stateFile: path.join(config.dataDir, 'demo-fleet.json'),
    rampMs: Math.min(5000, demoDevices * 20),
    ...(demoDropouts !== undefined && { dropoutsPerDay: Number.parseInt(demoDropouts, 10) }),
  });
  fleet.start();
  serveControlFile(fleet, path.join(config.dataDir, 'fleet-control'));
  if (process.env.DEMO_SDWAN !== '0') void demoNetwork();
}

/**
 * The OrpheLink network among the last online devices whose secure mode allows the overlay (SPEC 4),
 * made as soon as there are enough of them, within a minute of starting.
 */
async function demoNetwork(): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 1000) {
    const online = edge.devices.list().filter((d) => d.online && d.serial.startsWith(DEMO_PREFIX));
    const candidates = online
      .filter((d) => overlayAllowed(d.secureMode))
      .sort((a, b) => b.serial.localeCompare(a.serial));
    // The whole fleet in (or half a minute gone), so the same devices are picked each first start.
    const settled = online.length >= demoDevices || waited >= 30_000;
    if (settled && candidates.length >= DEMO_NETWORK_DEVICES) {
      await seedDemoNetwork(
        edge.sdwan,
        candidates.map((d) => d.id),
      ).catch((err: unknown) => console.error(`the demo's OrpheLink network was not made: ${String(err)}`));
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * The demo fleet takes edge-fleet's control commands (`cut SERIAL MS`, `drop SERIAL MS` ...) appended to
 * DATA_DIR/fleet-control, one a line: a lab, or a browser test, can cut a simulated device's links.
 */
function serveControlFile(demoFleet: Fleet, file: string): void {
  fs.writeFileSync(file, '');
  let done = 0;
  const control = {
    census: () => demoFleet.census(),
    sentMessages: () => demoFleet.sentMessages(),
    device: (serial: string) => demoFleet.device(serial),
    cutOverlay: (serial: string, ms: number) => demoFleet.cutOverlay(serial, ms),
  };
  setInterval(() => {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    // The last piece is an unfinished line until its newline arrives.
    for (const line of lines.slice(done, -1)) fleetControlAnswer(control, line);
    done = Math.max(done, lines.length - 1);
  }, 500).unref();
}
// Scripts (the browser tests, the screenshot script) wait for this exact line.
process.stdout.write(
  `Edge Console ready at http://${shownHost}:${port} (simulated devices: ${demoDevices})\n`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await fleet?.stop();
      await edge.close();
    })().finally(() => process.exit(0));
  });
}
