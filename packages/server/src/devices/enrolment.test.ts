/** Zero-touch enrolment: Discovery, adoption, the provisioning list, and coming back after removal. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ApiFailure, enrolTopic, fleetSerial } from '@edge/protocol';
import { DIALECTS, TEST_CLAIM_CODE, TEST_ENROL_SECRET, type TestConsole } from '../testing/harness.ts';
import {
  consoleUrl,
  enrolByHand,
  mqttUrl,
  startFleet,
  startListeningConsole,
  uniquePrefix,
  waitFor,
} from '../testing/devices.ts';

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))]);

/** An agent's enrolment request, as it would publish it. */
const handRequest = (serial: string, mac: string) => ({
  serial,
  model: 'Hand Device',
  mac,
  ip: '127.0.0.1',
  ifaceName: 'eth0',
  firmware: '1.0',
  key: randomBytes(32).toString('base64url'),
  secret: TEST_ENROL_SECRET,
  claim: TEST_CLAIM_CODE,
});

const mac = (i: number) =>
  `02:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`;

/** The bus-facing entry, kept off the service's public type: called here as the inbox calls it. */
const busEntry = (edge: TestConsole) =>
  (edge.enrolment as unknown as { handleRequest(serial: string, payload: unknown): Promise<void> })
    .handleRequest;

describe.each(DIALECTS)('enrolment (%s)', (dialect) => {
  const prefix = uniquePrefix();
  /** The key of the agent waiting as A1: only that key is ever adopted for its serial. */
  const keyA1 = randomBytes(32).toString('base64url');
  let edge: TestConsole;

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
  });
  afterAll(() => edge?.destroy());

  test('unknown serials wait in Discovery, sorted by serial without regard to case', async () => {
    await enrolByHand(mqttUrl(edge), `${prefix}-b2`, 'pending');
    await enrolByHand(mqttUrl(edge), `${prefix}-A1`, 'pending', keyA1);
    const discovery = await edge.enrolment.listDiscovery();
    expect(discovery.map((d) => d.sn)).toEqual([`${prefix}-A1`, `${prefix}-b2`]);
    expect(discovery[0]).toMatchObject({
      IP: '127.0.0.1',
      ifaceName: 'eth0',
      model: 'Hand Device',
      group: '',
    });
    expect(edge.devices.list()).toEqual([]);
  });

  test('adoption sends the waiting agent its identity; only the adopted key may ask again', async () => {
    const serial = `${prefix}-A1`;
    const key = keyA1;
    const waiting = enrolByHand(mqttUrl(edge), serial, 'adopted', key);
    const group = await edge.devices.groups.ensure('Lobby group');
    await new Promise((r) => setTimeout(r, 200));
    const view = await edge.enrolment.adopt(serial, { name: 'Lobby', groupId: group.id, profile: 'retail' });
    expect(view).toMatchObject({
      serial,
      name: 'Lobby',
      groupId: group.id,
      profile: 'retail',
      adoption: 'adopted',
      online: false,
      status: 'Offline',
    });
    expect((await waiting).deviceId).toBe(view.id);

    expect((await within(enrolByHand(mqttUrl(edge), serial, 'adopted', key), 3000)) !== 'no answer').toBe(
      true,
    );
    expect(await within(enrolByHand(mqttUrl(edge), serial, 'adopted'), 700)).toBe('no answer');
    expect((await edge.enrolment.listDiscovery()).map((d) => d.sn)).toEqual([`${prefix}-b2`]);
  });

  test('repeats of a request still in hand are answered once, by the answer to the first', async () => {
    const serial = `${prefix}-R1`;
    const request = handRequest(serial, '02:00:00:00:00:01');
    const handleRequest = busEntry(edge);
    const publish = vi.spyOn(edge.bus, 'publish');
    try {
      // Five arrivals before the first is answered, as from an agent repeating itself to a busy console.
      await Promise.all(Array.from({ length: 5 }, () => handleRequest(serial, request)));
      const replies = publish.mock.calls.filter(([topic]) => topic === enrolTopic(serial, 'reply'));
      expect(replies.map(([, payload]) => JSON.parse(String(payload)))).toEqual([{ status: 'pending' }]);
      // Once answered, a repeat is handled again (the agent may have missed the answer).
      await handleRequest(serial, request);
      expect(publish.mock.calls.filter(([topic]) => topic === enrolTopic(serial, 'reply'))).toHaveLength(2);
    } finally {
      publish.mockRestore();
    }
    expect((await edge.enrolment.listDiscovery()).filter((d) => d.sn === serial)).toHaveLength(1);
  });

  test("an adopted agent's late repeats are answered from memory, until the device is removed", async () => {
    const serial = `${prefix}-R2`;
    const handleRequest = busEntry(edge);
    await edge.enrolment.provisionSerials([serial]);
    const request = handRequest(serial, '02:00:00:00:00:02');
    await handleRequest(serial, request);
    const adopted = edge.devices.list().find((d) => d.serial === serial)!;
    const publish = vi.spyOn(edge.bus, 'publish');
    const reads = vi.spyOn(edge.store.db, 'selectFrom');
    const replies = () =>
      publish.mock.calls
        .filter(([topic]) => topic === enrolTopic(serial, 'reply'))
        .map(([, payload]) => JSON.parse(String(payload)));
    try {
      await handleRequest(serial, request);
      expect(replies()).toEqual([{ status: 'adopted', deviceId: adopted.id, username: adopted.id }]);
      expect(reads).not.toHaveBeenCalled();
      // Another key for the same serial is not answered from memory: it is refused as a conflict.
      await handleRequest(serial, { ...request, key: randomBytes(32).toString('base64url') });
      expect(replies()).toEqual([
        { status: 'adopted', deviceId: adopted.id, username: adopted.id },
        { status: 'refused', reason: 'conflict' },
      ]);

      await edge.enrolment.remove(serial);
      publish.mockClear();
      await handleRequest(serial, request);
      expect(replies()).toEqual([{ status: 'pending' }]);
    } finally {
      publish.mockRestore();
      reads.mockRestore();
    }
  });

  test('a fleet enrolling at once is answered in batches, not a round of queries per device', async () => {
    const serials = Array.from({ length: 120 }, (_, i) => `${prefix}-S${i}`);
    await edge.enrolment.provision(
      serials.slice(0, 100).map((serial) => ({ serial, group: 'Batch group', claimCode: TEST_CLAIM_CODE })),
    );
    const handleRequest = busEntry(edge);
    const publish = vi.spyOn(edge.bus, 'publish');
    const reads = vi.spyOn(edge.store.db, 'selectFrom');
    try {
      await Promise.all(serials.map((serial, i) => handleRequest(serial, handRequest(serial, mac(i)))));
      const answers = new Map(
        publish.mock.calls.map(([topic, payload]) => [topic, JSON.parse(String(payload)).status]),
      );
      expect(serials.map((serial) => answers.get(enrolTopic(serial, 'reply')))).toEqual([
        ...Array(100).fill('adopted'),
        ...Array(20).fill('pending'),
      ]);
      // One device at a time took at least three reads each (360 here); a batch takes a handful. The
      // console's own background work (job ticks, presence) reads meanwhile too: 18 alone, 32 under a full
      // run's load. Under one read per two devices holds both apart.
      expect(reads.mock.calls.length).toBeLessThan(serials.length / 2);
    } finally {
      publish.mockRestore();
      reads.mockRestore();
    }
    const group = (await edge.devices.groups.list()).find((g) => g.name === 'Batch group')!;
    const adopted = edge.devices.list().filter((d) => d.serial.startsWith(`${prefix}-S`));
    expect(adopted).toHaveLength(100);
    expect(adopted.every((d) => d.groupId === group.id && d.name === d.serial)).toBe(true);
    const waiting = (await edge.enrolment.listDiscovery()).filter((d) => d.sn.startsWith(`${prefix}-S`));
    expect(waiting.map((d) => d.sn).sort()).toEqual(serials.slice(100).sort());
  });

  test('provisioning a serial that waits in Discovery adopts it with the listed name and group', async () => {
    const result = await edge.enrolment.provision([
      {
        serial: `${prefix}-b2`,
        name: 'Warehouse',
        group: 'Depots',
        profile: 'industrial',
        claimCode: TEST_CLAIM_CODE,
      },
    ]);
    expect(result).toEqual({ provisioned: 1, adopted: 1 });
    const device = edge.devices.list().find((d) => d.serial === `${prefix}-b2`)!;
    const depots = (await edge.devices.groups.list()).find((g) => g.name === 'Depots');
    expect(device).toMatchObject({ name: 'Warehouse', groupId: depots!.id, profile: 'industrial' });
    await expect(edge.enrolment.provision([{ serial: 'bad/serial' }])).rejects.toBeInstanceOf(ApiFailure);
  });

  test('a removed device must be provisioned again: it re-enrols into Discovery', async () => {
    const fleetPrefix = `${prefix}F`;
    const serial = fleetSerial(fleetPrefix, 1);
    await edge.enrolment.provisionSerials([serial]);
    const fleet = startFleet({ console: consoleUrl(edge), count: 1, prefix: fleetPrefix });
    try {
      const first = await waitFor(
        () => edge.devices.list().find((d) => d.serial === serial && d.online),
        'the simulated device online',
      );
      await edge.enrolment.remove(first.id);
      const pending = await waitFor(
        async () => (await edge.enrolment.listDiscovery()).find((d) => d.sn === serial),
        'the device back in Discovery',
      );
      expect(pending.id).not.toBe(first.id);
      await edge.enrolment.adopt(pending.id, { name: 'Second life' });
      const again = await waitFor(
        () => edge.devices.get(pending.id)?.online && edge.devices.get(pending.id),
        'the re-adopted device online',
      );
      expect(again.name).toBe('Second life');
    } finally {
      await fleet.stop();
    }
  });
});
