/** The simulator makes plausible, protocol-valid, reproducible devices. */
import { describe, expect, test } from 'vitest';
import { fleetSerial, heartbeatMessage, helloMessage, rpcMethods, telemetryMessage } from '@edge/protocol';
import { MODELS } from './catalogue.ts';
import { luhnDigit } from './random.ts';
import { SimulatedPlatform } from './simulated.ts';

const fleet = (count: number, seed = 1) =>
  Array.from({ length: count }, (_, n) => new SimulatedPlatform({ serial: fleetSerial('SIM', n + 1), seed }));

describe('simulated devices', () => {
  test('are the same device for the same serial and seed', async () => {
    const [a] = fleet(1);
    const [b] = fleet(1);
    const [c] = fleet(1, 2);
    expect(await a!.system.facts()).toEqual(await b!.system.facts());
    expect(await c!.system.facts()).not.toEqual(await a!.system.facts());
  });

  test('take the model they are given, and otherwise stay the device their serial makes', async () => {
    const rutm50 = MODELS.find((m) => m.model === 'RUTM50 5G Gateway')!;
    const drawn = await new SimulatedPlatform({ serial: fleetSerial('SIM', 3) }).system.facts();
    const given = await new SimulatedPlatform({
      serial: fleetSerial('SIM', 3),
      model: rutm50,
    }).system.facts();
    expect(drawn.model).not.toBe('RUTM50 5G Gateway');
    expect(given.model).toBe('RUTM50 5G Gateway');
    expect(given.capabilities).toContain('cellular');
    // The same city (a point jittered around it).
    expect(Math.abs(given.location!.latitude - drawn.location!.latitude)).toBeLessThan(0.5);
    expect(Math.abs(given.location!.longitude - drawn.location!.longitude)).toBeLessThan(0.5);
  });

  test('speak the protocol across every model, with cell data only where there is a modem', async () => {
    const devices = fleet(60);
    const models = new Set<string>();
    for (const device of devices) {
      const { ifaceName: _iface, ...facts } = await device.system.facts();
      helloMessage.parse({ ...facts, reportInterval: 30 });
      models.add(facts.model);
      const heartbeat = heartbeatMessage.parse({
        ...(await device.system.heartbeat()),
        ts: Date.now(),
        reportInterval: 30,
        idle: false,
      });
      const telemetry = telemetryMessage.parse({ ...(await device.system.telemetry()), ts: Date.now() });
      const cellular = facts.capabilities.includes('cellular');
      expect(Boolean(heartbeat.signal)).toBe(cellular);
      expect(Boolean(facts.cellular)).toBe(cellular);
      if (facts.cellular) {
        expect(facts.cellular.imei).toMatch(/^\d{15}$/);
        expect(luhnDigit(facts.cellular.imei.slice(0, 14))).toBe(facts.cellular.imei[14]);
      }
      expect(facts.location).toBeDefined();
      expect(telemetry.ports.length).toBeGreaterThan(0);
      expect(telemetry.clients.length).toBeGreaterThan(0);
      if (facts.capabilities.includes('poe') && telemetry.poePowered)
        expect(telemetry.ports.some((p) => p.poe)).toBe(true);
    }
    expect(models.size).toBeGreaterThanOrEqual(5);
  });

  test('a reboot goes offline, waits its boot time and comes back with a fresh uptime', async () => {
    const device = new SimulatedPlatform({ serial: 'SIM-REBOOT', bootMs: 1234 });
    expect((await device.system.heartbeat()).uptime).toBeGreaterThan(60);
    const steps: string[] = [];
    let boot: (() => void) | undefined;
    await device.system.reboot({
      goOffline: async () => void steps.push('offline'),
      comeBack: () => steps.push('back'),
      after: (ms, fn) => {
        steps.push(`wait ${ms}`);
        boot = fn;
      },
    });
    boot!();
    expect(steps).toEqual(['offline', 'wait 1234', 'back']);
    expect((await device.system.heartbeat()).uptime).toBeLessThan(2);
  });

  test('diagnostics give protocol-valid answers', async () => {
    const [device] = fleet(1);
    const progress: number[] = [];
    const result = await device!.diagnostics.ping(
      { target: '8.8.8.8', count: 2, interval: 0.2 },
      (p) => progress.push(p),
      new AbortController().signal,
    );
    rpcMethods.ping.result.parse(result);
    expect(progress).toEqual([50, 100]);
  });

  test('never drop out unless asked to', () => {
    const device = new SimulatedPlatform({ serial: 'SIM-STEADY' });
    expect(Array.from({ length: 1000 }, () => device.system.dropout()).every((d) => d === null)).toBe(true);
    const flaky = new SimulatedPlatform({ serial: 'SIM-FLAKY', dropoutsPerDay: 86400, reportIntervalS: 1 });
    expect(flaky.system.dropout()).toBeGreaterThanOrEqual(10_000);
  });
});
