import { describe, expect, it } from 'vitest';
import { licensePayload } from '@edge/protocol';
import { coverage, type CoveredDevice } from './coverage.ts';

const lic = (id: string, priority: number, fields: Record<string, unknown>) => ({
  priority,
  payload: licensePayload.parse({ id, name: id, startDate: '2026-01-01', endDate: '2026-12-31', ...fields }),
});
const devices: CoveredDevice[] = [
  { id: 'd3', serial: 'S3', adoptedAt: 30 },
  { id: 'd1', serial: 'S1', adoptedAt: 10 },
  { id: 'd2', serial: 'S2', adoptedAt: 20 },
];
const trial = { running: true, lastDay: '2026-03-01' };
const covered = (c: ReturnType<typeof coverage>) =>
  Object.fromEntries([...c.covers].map(([id, cover]) => [id, cover.licenseId]));

describe('licence coverage', () => {
  it('lets the trial cover every device until its last day while no licence is uploaded', () => {
    expect(covered(coverage([], devices, '2026-03-01', trial))).toEqual({ d1: null, d2: null, d3: null });
    expect(coverage([], devices, '2026-03-02', { ...trial, running: false }).covers.size).toBe(0);
  });

  it('gives a count licence the oldest adoptions and locks the rest', () => {
    const c = coverage([lic('A', 1, { count: 2 })], devices, '2026-06-01', trial);
    expect(covered(c)).toEqual({ d1: 'A', d2: 'A' });
    expect(c.used.get('A')).toBe(2);
  });

  it('lets priority decide which licence covers a named device', () => {
    const named = lic('N', 2, { devices: [{ sn: 'S3' }, { sn: 'S1', expire: '2026-08-01' }] });
    const counted = lic('C', 1, { count: 1 });
    expect(covered(coverage([named, counted], devices, '2026-06-01', trial))).toEqual({ d1: 'C', d3: 'N' });
    const first = { ...named, priority: 0 };
    const c = coverage([first, counted], devices, '2026-06-01', trial);
    expect(covered(c)).toEqual({ d1: 'N', d2: 'C', d3: 'N' });
    expect(c.covers.get('d1')?.expire).toBe('2026-08-01');
  });

  it('leaves out licences not in force and named devices past their own expiry', () => {
    const later = lic('L', 1, { count: 5, startDate: '2026-07-01' });
    const named = lic('N', 2, { devices: [{ sn: 'S1', expire: '2026-02-01' }, { sn: 'S2' }] });
    expect(covered(coverage([later, named], devices, '2026-06-01', trial))).toEqual({ d2: 'N' });
  });
});
