/**
 * Licence coverage at fleet size (issue 23):
 *   npx tsx bench/src/licences-main.ts [--devices 10000] [--licences 20] [--runs 50]
 * The console recomputes which licence covers which device whenever licences change, a burst of devices
 * arrives or leaves, and every 5 s (license/service.ts): `--licences` licences in priority order (half naming
 * serials, half counting devices, together covering 90% of the fleet) over `--devices` devices. Prints the
 * time of one recomputation (median, p99, max over `--runs`) and the devices covered and locked.
 */
import { parseArgs } from 'node:util';
import { licensePayload } from '@edge/protocol';
import { coverage, type CoveredDevice, type RankedLicense } from '@edge/server/license-coverage';
import { summarise } from './stats.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    licences: { type: 'string', default: '20' },
    runs: { type: 'string', default: '50' },
  },
});
const DEVICES = Number(values.devices);
const LICENCES = Number(values.licences);
const RUNS = Number(values.runs);

const devices: CoveredDevice[] = Array.from({ length: DEVICES }, (_, i) => ({
  id: `d${i}`,
  serial: `SN${String(i).padStart(6, '0')}`,
  adoptedAt: (i * 7919) % DEVICES,
}));
const share = Math.floor((DEVICES * 0.9) / LICENCES);
const licenses: RankedLicense[] = Array.from({ length: LICENCES }, (_, n) => ({
  priority: n + 1,
  payload: licensePayload.parse({
    id: `L${n}`,
    name: `Licence ${n}`,
    startDate: '2026-01-01',
    endDate: '2030-12-31',
    ...(n % 2 === 0
      ? {
          devices: Array.from({ length: share }, (_, k) => ({
            sn: `SN${String(n * share + k).padStart(6, '0')}`,
            expire: `2029-0${1 + (k % 9)}-15`,
          })),
        }
      : { count: share }),
  }),
}));

const times: number[] = [];
let result = coverage(licenses, devices, '2026-06-01', { running: false, lastDay: '2026-01-01' });
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  result = coverage(licenses, devices, '2026-06-01', { running: false, lastDay: '2026-01-01' });
  times.push(performance.now() - started);
}
const s = summarise(times);
console.log(`licence coverage: ${DEVICES} devices, ${LICENCES} licences, ${RUNS} runs`);
console.log(
  `  one recomputation: median ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms`,
);
console.log(`  covered ${result.covers.size}, License Lock ${DEVICES - result.covers.size}`);
