/**
 * Diagnose > Cell scanner on a real device: ModemManager's `mmcli` in its key-value form (`-K`). The
 * first modem's cell info (`--get-cell-info`) lists the serving cell and the neighbours it measures, each
 * one value `cell type: lte, serving: yes, ci: 1A2D36A, physical ci: 0F, earfcn: 1300, rsrp: -95.0 ...`.
 * No ModemManager or no modem: refused as unsupported.
 */
import type { RpcResult, ScannedCell } from '@edge/protocol';
import { runProgram, type RunProgram } from './linux-wifi.ts';
import { PlatformRefusal } from './platform.ts';

export const NO_MODEM = 'This device has no cellular modem.';

/** `key : value` lines of `mmcli -K`. */
export function mmcliValues(output: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of output.split('\n')) {
    const colon = line.indexOf(' : ');
    if (colon > 0) values.set(line.slice(0, colon).trim(), line.slice(colon + 3).trim());
  }
  return values;
}

/** Values mmcli leaves empty say `--`; ModemManager marks what a modem did not measure with huge negatives. */
const number = (text: string | undefined): number | null => {
  if (!text || text === '--') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > -1000 ? Math.round(n * 10) / 10 : null;
};

const TECHNOLOGY: Record<string, ScannedCell['technology']> = {
  gsm: '2G',
  umts: '3G',
  tdscdma: '3G',
  cdma: '3G',
  lte: '4G',
  '5gnr': '5G',
};

/** Downlink channel ranges of common bands (3GPP 36.101 EARFCN, 38.104 NR-ARFCN). */
const LTE_BANDS: [number, number, string][] = [
  [0, 599, 'B1'],
  [600, 1199, 'B2'],
  [1200, 1949, 'B3'],
  [1950, 2399, 'B4'],
  [2400, 2649, 'B5'],
  [2750, 3449, 'B7'],
  [3450, 3799, 'B8'],
  [5010, 5179, 'B12'],
  [5180, 5279, 'B13'],
  [5730, 5849, 'B17'],
  [6150, 6449, 'B20'],
  [8040, 8689, 'B25'],
  [9210, 9659, 'B28'],
  [37750, 38249, 'B38'],
  [38650, 39649, 'B40'],
  [39650, 41589, 'B41'],
  [66436, 67335, 'B66'],
];
const NR_BANDS: [number, number, string][] = [
  [151600, 160600, 'n28'],
  [422000, 434000, 'n1'],
  [361000, 376000, 'n3'],
  [173800, 178800, 'n5'],
  [524000, 538000, 'n7'],
  [185000, 192000, 'n8'],
  [158200, 164200, 'n20'],
  [499200, 537999, 'n41'],
  // n78 lies inside n77: the narrower band first.
  [620000, 653333, 'n78'],
  [620000, 680000, 'n77'],
];

export function bandOf(technology: ScannedCell['technology'], channel: number | null): string | null {
  if (channel === null) return null;
  const table = technology === '4G' ? LTE_BANDS : technology === '5G' ? NR_BANDS : [];
  return table.find(([low, high]) => channel >= low && channel <= high)?.[2] ?? null;
}

/** One `cell-info.value[N]` value: `key: value` pairs separated by commas. */
export function parseCellInfo(value: string): ScannedCell | null {
  const fields = new Map(
    value.split(', ').map((pair) => {
      const colon = pair.indexOf(': ');
      return [pair.slice(0, colon).trim(), pair.slice(colon + 2).trim()] as const;
    }),
  );
  const technology = TECHNOLOGY[fields.get('cell type') ?? ''];
  if (!technology) return null;
  const channelText =
    fields.get('nrarfcn') ?? fields.get('earfcn') ?? fields.get('uarfcn') ?? fields.get('arfcn');
  const channel = channelText && /^\d+$/.test(channelText) ? Number(channelText) : null;
  const pci = fields.get('physical ci');
  return {
    technology,
    serving: fields.get('serving') === 'yes',
    rsrp: number(fields.get('rsrp')),
    rsrq: number(fields.get('rsrq')),
    snr: number(fields.get('sinr')),
    band: bandOf(technology, channel),
    channel,
    cellId: fields.get('ci') ?? fields.get('cell id') ?? null,
    // ModemManager gives the physical cell id in hexadecimal.
    pci: pci && /^[0-9a-f]+$/i.test(pci) ? parseInt(pci, 16) : null,
  };
}

/** The serving cell first, then the neighbours strongest first. */
export function cellsOf(output: string): ScannedCell[] {
  const cells: ScannedCell[] = [];
  for (const [key, value] of mmcliValues(output))
    if (/\.cell-info\.value\[\d+\]$/.test(key)) {
      const cell = parseCellInfo(value);
      if (cell) cells.push(cell);
    }
  return cells.sort(
    (a, b) => Number(b.serving) - Number(a.serving) || (b.rsrp ?? -Infinity) - (a.rsrp ?? -Infinity),
  );
}

export async function cellScan(
  signal: AbortSignal,
  run: RunProgram = runProgram,
): Promise<RpcResult<'cellScan'>> {
  const mmcli = (...args: string[]) =>
    run('mmcli', ['-K', ...args], signal).catch((err: unknown) => {
      if (err instanceof PlatformRefusal && err.message === 'mmcli is not installed.')
        throw new PlatformRefusal('unsupported', `${NO_MODEM} (ModemManager's mmcli is not installed.)`);
      throw err;
    });
  const modems = [...mmcliValues(await mmcli('-L'))]
    .filter(([key]) => /^modem-list\.value\[\d+\]$/.test(key))
    .map(([, path]) => path);
  const path = modems[0];
  if (!path) throw new PlatformRefusal('unsupported', NO_MODEM);
  const info = mmcliValues(await mmcli('-m', path));
  const model = [info.get('modem.generic.manufacturer'), info.get('modem.generic.model')]
    .filter((part) => part && part !== '--')
    .join(' ');
  return { modem: model || path, cells: cellsOf(await mmcli('-m', path, '--get-cell-info')) };
}
