/**
 * Event rules and notification delivery at fleet size (issue 17), on SQLite and PostgreSQL:
 *   npx tsx bench/src/alerts-main.ts [--devices 10000] [--flaps 5] [--postgres]
 * A storm: every device goes offline and back `--flaps` times (a broker outage seen by the whole fleet),
 * through the real rule engine, message store and delivery queue, with one rule over every device
 * (offline and online, hold-off 10 minutes) notifying one signed webhook on a local receiver. Prints how fast
 * changes became messages (with de-duplication: one offline and one online message per device, however many
 * flaps), the raise latency, and how fast the queue delivered them, and checks nothing was sent twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AlertMessageView } from '@edge/protocol';
import {
  contactStore,
  deliveryStore,
  deliveryWorker,
  deviceChanges,
  linkStore,
  loadSecrets,
  messageService,
  messageStore,
  notifyMessages,
  notifyService,
  openStore,
  payloadOf,
  ruleEngine,
  ruleStore,
  startReceiver,
  type FreshHook,
} from '@edge/server/alerts';
import { prepareBackend } from './backends.ts';
import { summarise } from './stats.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    flaps: { type: 'string', default: '5' },
    postgres: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(values.devices);
const FLAPS = Number(values.flaps);
const log = { info() {}, warn() {}, error: (o: object, m: string) => console.error(m, o) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const print = (rows: [string, string][]) => {
  for (const [name, value] of rows) console.log(`${name.padEnd(44)} ${value}`);
};

async function main() {
  const backend = await prepareBackend(values.postgres ? 'postgres' : 'sqlite', {
    transport: 'ws',
    mosquittoNagle: false,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-bench-alerts-'));
  const store = await openStore({ dataDir, databaseUrl: backend.env.DATABASE_URL });
  const receiver = await startReceiver();
  try {
    const rules = ruleStore(store.db);
    const fresh = new Set<FreshHook>();
    const messages = messageService({ rules, store: messageStore(store.db, fresh), fresh, log });
    const changes = deviceChanges(log);
    const latencies: number[] = [];
    let raised = 0;
    ruleEngine({
      rules,
      devices: {
        get: (id) => ({ id, name: `dev-${id}`, groupId: null }) as never,
        onChange: changes.on,
      },
      raise: async (r) => {
        const begin = performance.now();
        await messages.raise(r);
        latencies.push(performance.now() - begin);
        raised += 1;
      },
      log,
    });
    const contacts = contactStore(store.db, loadSecrets(dataDir));
    const deliveries = deliveryStore(store.db);
    const links = linkStore(store.db);
    const worker = deliveryWorker({
      deliveries,
      contacts,
      payloadOf: async (id) => payloadOf(await messages.get(id)),
      log,
    });
    const notify = notifyService({ contacts, links, deliveries, kick: worker.kick });
    let queued = 0;
    notifyMessages(messages, notify, worker.kick);
    // Queued in the message's transaction: every fresh message told is queued already.
    messages.onChange(({ message, fresh }: { message?: AlertMessageView; fresh: boolean }) => {
      if (message && fresh) queued += 1;
    });

    const rule = await rules.add({
      name: 'Fleet presence',
      description: 'Every device offline or back',
      events: ['offline', 'online'],
      controller: false,
      profileIds: [],
      allDevices: true,
      deviceIds: [],
      groupIds: [],
      severity: 'critical',
      holdOffMinutes: 10,
      enabled: true,
      quietFrom: '',
      quietTo: '',
      escalateMinutes: 0,
      escalateContactId: null,
    });
    const hook = await contacts.add({
      channel: 'webhook',
      configName: 'Bench hook',
      url: `${receiver.url}/hook`,
      secret: 'bench-secret',
      quietFrom: '',
      quietTo: '',
    });
    await links.add(rule.id, hook.id);

    const expected = FLAPS * DEVICES * 2;
    const begin = performance.now();
    const cpuBegin = process.cpuUsage();
    for (let f = 0; f < FLAPS; f++)
      for (let d = 0; d < DEVICES; d++) {
        changes.emit({ type: 'offline', deviceId: String(d), at: Date.now() });
        changes.emit({ type: 'online', deviceId: String(d), at: Date.now() });
      }
    while (raised < expected) await sleep(20);
    const raiseS = (performance.now() - begin) / 1000;
    // CPU time of this process (user + system), which the machine's load does not inflate as it does wall time.
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const raiseCpuMs = cpuMs(cpuBegin);
    const { total } = await messages.list({ key: '', page: 1, pageSize: 1 }, 0);
    const lat = summarise(latencies);
    // The raise figures first: a delivery phase cut short by the time limit still leaves them printed.
    print([
      ['backend', values.postgres ? 'postgres' : 'sqlite'],
      ['devices x flaps', `${DEVICES} x ${FLAPS}`],
      ['device changes through the rules', String(expected)],
      ['changes/s (rules + de-duplicated raise)', (expected / raiseS).toFixed(0)],
      [
        'raise latency p50 / p99 / max, ms',
        `${lat.p50.toFixed(1)} / ${lat.p99.toFixed(1)} / ${lat.max.toFixed(1)}`,
      ],
      ['messages stored (expected 2 per device)', String(total)],
      ['CPU ms per change (deliveries running too)', (raiseCpuMs / expected).toFixed(2)],
    ]);
    const deliverBegin = performance.now();
    while (receiver.calls.length < total && performance.now() - deliverBegin < 15 * 60_000) await sleep(100);
    // Deliveries start while the storm is still being raised: their rate counts from the storm's start.
    const deliverS = (performance.now() - begin) / 1000;
    await worker.stop();
    const ids = receiver.calls.map((c) => (JSON.parse(c.body) as { message: { id: number } }).message.id);
    print([
      [
        'CPU ms per change and delivery, whole run',
        (cpuMs(cpuBegin) / (expected + receiver.calls.length)).toFixed(2),
      ],
      ['queued for the webhook', String(queued)],
      ['deliveries/s since the storm began', (receiver.calls.length / deliverS).toFixed(0)],
      ['delivered / sent twice', `${receiver.calls.length} / ${ids.length - new Set(ids).size}`],
    ]);
  } finally {
    await receiver.close();
    await store.close();
    await backend.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
