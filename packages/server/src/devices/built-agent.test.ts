/**
 * Devices run the agent as JavaScript built by packages/agent/scripts/build.mjs, not TypeScript through a
 * loader: the built fleet simulator (same code as the agent, one file) must enrol, be adopted and report.
 * SQLite only: what is under test is the built program, not the store.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { fleetSerial } from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import {
  consoleUrl,
  startFleet,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type Child,
} from '../testing/devices.ts';

const BUILD = path.resolve(import.meta.dirname, '../../../agent/scripts/build.mjs');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-agent-build-'));
let edge: TestConsole | undefined;
let fleet: Child | undefined;

afterAll(async () => {
  await fleet?.stop();
  await edge?.destroy();
  fs.rmSync(outDir, { recursive: true, force: true });
});

test('the built agent runs with plain Node: its devices enrol, are adopted and report', async () => {
  const built = spawnSync(process.execPath, [BUILD, '--outdir', outDir], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const program = path.join(outDir, 'edge-fleet.mjs');
  expect(fs.readFileSync(program, 'utf8')).not.toMatch(/from ['"]@edge\/protocol['"]/);

  edge = await startListeningConsole('sqlite');
  const prefix = uniquePrefix();
  await edge.enrolment.provisionSerials([fleetSerial(prefix, 1), fleetSerial(prefix, 2)]);
  fleet = startFleet({ console: consoleUrl(edge), count: 2, prefix }, program);
  await waitFor(
    () => edge!.devices.list().filter((d) => d.online && d.heartbeat).length === 2,
    'the built fleet online and reporting',
    30_000,
  );
});
