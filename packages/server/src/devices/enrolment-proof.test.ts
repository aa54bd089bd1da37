/**
 * Enrolment needs proof the serial alone does not give (issue 13): an impostor who knows a serial cannot
 * enrol, cannot replace a waiting device's key and is shown as a conflict; the provisioning list adopts
 * only on the claim code; the secret rotates; Discovery is bounded and the request rate limited.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { enrolTopic, keyFingerprint, type EnrolRequest } from '@edge/protocol';
import { DIALECTS, TEST_CLAIM_CODE, TEST_ENROL_SECRET, type TestConsole } from '../testing/harness.ts';
import { connectAs, enrolByHand, mqttUrl, startListeningConsole, uniquePrefix } from '../testing/devices.ts';

const newKey = () => randomBytes(32).toString('base64url');
const fingerprintOf = (key: string) => keyFingerprint(createHash('sha256').update(key).digest('hex'));

const request = (
  serial: string,
  proof: Pick<EnrolRequest, 'secret' | 'claim'>,
  key = newKey(),
): EnrolRequest => ({
  serial,
  model: 'Hand Device',
  mac: '02:00:00:00:00:09',
  ip: '127.0.0.1',
  ifaceName: 'eth0',
  firmware: '1.0',
  key,
  ...proof,
});

/** The bus-facing entry, kept off the service's public type: called here as the inbox calls it. */
const busEntry = (edge: TestConsole) =>
  (edge.enrolment as unknown as { handleRequest(serial: string, payload: unknown): Promise<void> })
    .handleRequest;

/** Calls the bus entry and returns the replies published to the serial's reply topic meanwhile. */
async function ask(edge: TestConsole, serial: string, payload: unknown): Promise<unknown[]> {
  const publish = vi.spyOn(edge.bus, 'publish');
  try {
    await busEntry(edge)(serial, payload);
    return publish.mock.calls
      .filter(([topic]) => topic === enrolTopic(serial, 'reply'))
      .map(([, body]) => JSON.parse(String(body)));
  } finally {
    publish.mockRestore();
  }
}

describe.each(DIALECTS)('enrolment proof (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  const waiting = async (serial: string) =>
    (await edge.enrolment.listDiscovery()).find((d) => d.sn === serial);

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
  });
  afterAll(() => edge?.destroy());

  test('without the enrolment secret or a claim code a known serial is refused and nothing is stored', async () => {
    const serial = `${prefix}-NOPROOF`;
    expect(await ask(edge, serial, request(serial, {}))).toEqual([{ status: 'refused', reason: 'proof' }]);
    const wrong = { secret: randomBytes(32).toString('base64url') };
    expect(await ask(edge, serial, request(serial, wrong))).toEqual([{ status: 'refused', reason: 'proof' }]);
    // A claim code is no proof where the provisioning list holds none for the serial.
    expect(await ask(edge, serial, request(serial, { claim: TEST_CLAIM_CODE }))).toEqual([
      { status: 'refused', reason: 'proof' },
    ]);
    expect(await waiting(serial)).toBeUndefined();
    // Over MQTT too, as an impostor would try it.
    await enrolByHand(mqttUrl(edge), serial, 'refused', newKey(), {});
    expect(await waiting(serial)).toBeUndefined();
  });

  test("an impostor cannot replace a waiting device's key, is shown as a conflict, and never gets its identity", async () => {
    const serial = `${prefix}-REAL`;
    const realKey = newKey();
    await enrolByHand(mqttUrl(edge), serial, 'pending', realKey);
    const before = (await waiting(serial))!;
    expect(before).toMatchObject({
      fingerprint: fingerprintOf(realKey),
      conflictFingerprint: '',
      conflictAt: null,
    });

    // Holding the organisation's secret too (an insider, or a leaked agent configuration).
    const impostorKey = newKey();
    expect(await ask(edge, serial, request(serial, { secret: TEST_ENROL_SECRET }, impostorKey))).toEqual([
      { status: 'refused', reason: 'conflict' },
    ]);
    const flagged = (await waiting(serial))!;
    expect(flagged.id).toBe(before.id);
    expect(flagged.fingerprint).toBe(fingerprintOf(realKey));
    expect(flagged.conflictFingerprint).toBe(fingerprintOf(impostorKey));
    expect(flagged.conflictAt).toBeGreaterThan(0);

    // The operator adopts: the identity goes to the first key, and the impostor's key opens nothing.
    const view = await edge.enrolment.adopt(serial);
    await expect(connectAs(mqttUrl(edge), { serial, deviceId: view.id, key: impostorKey })).rejects.toThrow();
    const real = await connectAs(mqttUrl(edge), { serial, deviceId: view.id, key: realKey });
    await real.endAsync();
    expect(await ask(edge, serial, request(serial, { secret: TEST_ENROL_SECRET }, impostorKey))).toEqual([
      { status: 'refused', reason: 'conflict' },
    ]);
  });

  test('another key for an adopted serial is flagged for the operator and logged, never swapped in', async () => {
    const serial = `${prefix}-ADOPTED`;
    const realKey = newKey();
    await enrolByHand(mqttUrl(edge), serial, 'pending', realKey);
    const view = await edge.enrolment.adopt(serial);
    const conflicts = async () =>
      (await edge.enrolment.listAdoptedConflicts()).filter((c) => c.sn === serial);
    const conflictRows = () =>
      edge.store.db
        .selectFrom('activity')
        .selectAll()
        .where('action', '=', 'provision.enrolConflict')
        .where('target', '=', serial)
        .execute();

    // Without proof nothing is flagged: otherwise anyone who reads a label could raise flags.
    expect(await ask(edge, serial, request(serial, {}))).toEqual([]);
    expect(await conflicts()).toEqual([]);

    const impostorKey = newKey();
    const claim = request(serial, { secret: TEST_ENROL_SECRET }, impostorKey);
    expect(await ask(edge, serial, claim)).toEqual([{ status: 'refused', reason: 'conflict' }]);
    const [flagged] = await conflicts();
    expect(flagged).toMatchObject({
      id: view.id,
      sn: serial,
      fingerprint: fingerprintOf(realKey),
      conflictFingerprint: fingerprintOf(impostorKey),
    });
    expect(flagged!.conflictAt).toBeGreaterThan(0);
    const [logged] = await conflictRows();
    expect(logged).toMatchObject({ user_id: null, status_code: 409 });
    // The agent repeats its request every ENROL_RETRY_MS: flagged and logged once.
    await ask(edge, serial, claim);
    expect(await conflictRows()).toHaveLength(1);

    // The adopted key stays the credential; the claimant's opens nothing.
    await expect(connectAs(mqttUrl(edge), { serial, deviceId: view.id, key: impostorKey })).rejects.toThrow();
    const real = await connectAs(mqttUrl(edge), { serial, deviceId: view.id, key: realKey });
    await real.endAsync();

    // Settled by the operator: the flag goes; a second dismissal finds nothing.
    expect(await edge.enrolment.dismissConflict(view.id)).toBe(true);
    expect(await conflicts()).toEqual([]);
    expect(await edge.enrolment.dismissConflict(view.id)).toBe(false);
  });

  test('the provisioning list adopts on its own only an agent that presents the listed claim code', async () => {
    const [noCode, wrongCode, rightCode, unlisted] = ['P1', 'P2', 'P3', 'P4'].map(
      (s) => `${prefix}-${s}`,
    ) as [string, string, string, string];
    await edge.enrolment.provision(
      [noCode, wrongCode, rightCode].map((serial) => ({
        serial,
        group: 'Claimed',
        claimCode: TEST_CLAIM_CODE,
      })),
    );
    await edge.enrolment.provision([{ serial: unlisted }]);
    const secret = { secret: TEST_ENROL_SECRET };
    expect(await ask(edge, noCode, request(noCode, secret))).toEqual([{ status: 'pending' }]);
    expect(await ask(edge, wrongCode, request(wrongCode, { ...secret, claim: 'WRONG-CODE-1' }))).toEqual([
      { status: 'pending' },
    ]);
    const [adopted] = await ask(edge, rightCode, request(rightCode, { claim: TEST_CLAIM_CODE }));
    expect(adopted).toMatchObject({ status: 'adopted' });
    // Listed without a claim code: the list names it, the operator adopts it.
    expect(await ask(edge, unlisted, request(unlisted, { ...secret, claim: TEST_CLAIM_CODE }))).toEqual([
      { status: 'pending' },
    ]);
    expect(edge.devices.list().map((d) => d.serial)).toContain(rightCode);
    expect(edge.devices.list().map((d) => d.serial)).not.toContain(noCode);

    // Listing the claim code later adopts the waiting device that presented it, not one that did not.
    const result = await edge.enrolment.provision(
      [noCode, unlisted].map((serial) => ({ serial, claimCode: TEST_CLAIM_CODE })),
    );
    expect(result).toEqual({ provisioned: 2, adopted: 1 });
    expect(edge.devices.list().map((d) => d.serial)).toContain(unlisted);
    expect(await waiting(noCode)).toBeDefined();
  });

  test('a rotated secret stops working for new enrolments; the new one works', async () => {
    const old = await edge.enrolment.enrolSecret();
    expect(old.secret).toBe(TEST_ENROL_SECRET);
    const rotated = await edge.enrolment.rotateEnrolSecret();
    expect(rotated.secret).not.toBe(old.secret);
    expect((await edge.enrolment.enrolSecret()).secret).toBe(rotated.secret);
    const serial = `${prefix}-ROT`;
    expect(await ask(edge, serial, request(serial, { secret: old.secret }))).toEqual([
      { status: 'refused', reason: 'proof' },
    ]);
    expect(await ask(edge, serial, request(serial, { secret: rotated.secret }))).toEqual([
      { status: 'pending' },
    ]);
  });

  test('reported model and firmware must be printable text of a sane length; nothing is stored otherwise', async () => {
    const serial = `${prefix}-TEXT`;
    const proof = { secret: (await edge.enrolment.enrolSecret()).secret };
    for (const bad of [
      { model: '<img src=x onerror=alert(0)>' },
      { model: 'Router\nInjected' },
      { model: 'x'.repeat(65) },
      { firmware: '1.0\u0000' },
      { firmware: '"><script>' },
    ])
      expect(await ask(edge, serial, { ...request(serial, proof), ...bad })).toEqual([]);
    expect(await waiting(serial)).toBeUndefined();
  });

  test('an operator removes waiting devices, one or all; adopted ones stay', async () => {
    const proof = { secret: (await edge.enrolment.enrolSecret()).secret };
    const serials = ['R1', 'R2', 'R3'].map((s) => `${prefix}-${s}`);
    for (const serial of serials) await ask(edge, serial, request(serial, proof));
    const ids = await Promise.all(serials.map(async (s) => (await waiting(s))!.id));
    const adoptedId = edge.devices.list().find((d) => d.serial === `${prefix}-P3`)!.id;
    expect(await edge.enrolment.removePending([ids[0]!, adoptedId])).toBe(1);
    expect(await waiting(serials[0]!)).toBeUndefined();
    expect(edge.devices.get(adoptedId)).toBeDefined();
    expect(await edge.enrolment.removePending('all')).toBeGreaterThanOrEqual(2);
    expect(await edge.enrolment.listDiscovery()).toEqual([]);
    // A removed entry's agent may ask again, with a new key (the settled conflict).
    expect(await ask(edge, serials[0]!, request(serials[0]!, proof))).toEqual([{ status: 'pending' }]);
  });
});

describe('Discovery bound and enrolment rate', () => {
  let edge: TestConsole;
  afterAll(() => edge?.destroy());

  test('past DISCOVERY_MAX new serials are refused; past ENROL_RATE requests are dropped', async () => {
    edge = await startListeningConsole('sqlite', { discoveryMax: 3, enrolRate: 1 });
    const prefix = uniquePrefix();
    const proof = { secret: TEST_ENROL_SECRET };
    const replies: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const serial = `${prefix}-${i}`;
      replies.push(...(await ask(edge, serial, request(serial, proof))));
    }
    expect(replies).toEqual([
      { status: 'pending' },
      { status: 'pending' },
      { status: 'pending' },
      { status: 'refused', reason: 'full' },
    ]);
    expect(await edge.enrolment.listDiscovery()).toHaveLength(3);
    // The burst of ENROL_RATE 1 is ten requests: four taken above, six more, then none.
    let answered = 0;
    const started = Date.now();
    for (let i = 0; i < 12; i++) {
      const serial = `${prefix}-${i % 3}`;
      if ((await ask(edge, serial, request(serial, proof))).length > 0) answered++;
    }
    // One more for every second the loop took (the bucket refills), on a slow shared machine.
    expect(answered).toBeGreaterThanOrEqual(6);
    expect(answered).toBeLessThanOrEqual(6 + Math.ceil((Date.now() - started) / 1000));
  });
});
