import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { answer, serveFleetControl, type ControlledFleet } from './fleet-control.ts';
import type { Census } from './fleet.ts';

const census: Census = {
  idle: 0,
  enrolling: 0,
  waitingAdoption: 0,
  connecting: 0,
  online: 2,
  offline: 0,
  poweredOff: 0,
  stopped: 0,
};

function fakeFleet() {
  const drops: [string, number][] = [];
  const refusals = new Map<string, string | null>();
  const fleet: ControlledFleet = {
    census: () => census,
    sentMessages: () => 42,
    device: (serial) =>
      serial === 'SIM-000001'
        ? {
            dropOff: (ms) => {
              drops.push([serial, ms]);
              return true;
            },
          }
        : undefined,
    refuseConfig: (serial, reason) => serial === 'SIM-000001' && Boolean(refusals.set(serial, reason)),
  };
  return { fleet, drops, refusals };
}

describe('fleet control', () => {
  test('census and drop answer with what happened', () => {
    const { fleet, drops } = fakeFleet();
    expect(answer(fleet, 'census', () => 7)).toEqual({ cmd: 'census', at: 7, census, sent: 42 });
    expect(answer(fleet, 'drop SIM-000001 500', () => 9)).toEqual({
      cmd: 'drop',
      serial: 'SIM-000001',
      at: 9,
      dropped: true,
    });
    expect(answer(fleet, 'drop SIM-000001')).toMatchObject({ dropped: true });
    expect(drops).toEqual([
      ['SIM-000001', 500],
      ['SIM-000001', 60_000],
    ]);
  });

  test('refuse makes a device refuse configuration changes, accept lets them through again', () => {
    const { fleet, refusals } = fakeFleet();
    expect(answer(fleet, 'refuse SIM-000001', () => 5)).toEqual({
      cmd: 'refuse',
      serial: 'SIM-000001',
      at: 5,
    });
    expect(refusals.get('SIM-000001')).toMatch(/refused the configuration/);
    expect(answer(fleet, 'accept SIM-000001')).toMatchObject({ cmd: 'accept' });
    expect(refusals.get('SIM-000001')).toBeNull();
    expect(answer(fleet, 'refuse SIM-999999')).toMatchObject({ error: 'no such device' });
  });

  test('mistakes get an error, blank lines nothing', () => {
    const { fleet } = fakeFleet();
    expect(answer(fleet, 'drop SIM-999999')).toMatchObject({ error: 'no such device' });
    expect(answer(fleet, 'drop SIM-000001 soon')).toMatchObject({ error: 'bad duration soon' });
    expect(answer(fleet, 'fly')).toMatchObject({ error: expect.stringContaining('unknown command') });
    expect(answer(fleet, '   ')).toBeNull();
  });

  test('reads lines from a stream, answers with the control prefix, and reports the end', async () => {
    const { fleet } = fakeFleet();
    const input = new PassThrough();
    const said: string[] = [];
    const ended = new Promise<void>((resolve) =>
      serveFleetControl(fleet, input, (l) => said.push(l), resolve),
    );
    input.write('census\n');
    input.end();
    await ended;
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^control \{"cmd":"census"/);
  });
});
