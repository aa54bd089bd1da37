/** dnsmasq lease times: seconds written in the largest whole unit (12h, 90m, 61s), and read back. */
const UNITS = [
  ['h', 3600],
  ['m', 60],
] as const;

export function formatLeaseTime(seconds: number): string {
  const unit = UNITS.find(([, size]) => seconds % size === 0);
  return unit ? `${seconds / unit[1]}${unit[0]}` : `${seconds}s`;
}

export function parseLeaseTime(text: string): number | null {
  const match = /^(\d+)([smhdw]?)$/.exec(text.trim());
  if (!match) return null;
  const size = { '': 1, s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[
    match[2] as '' | 's' | 'm' | 'h' | 'd' | 'w'
  ];
  return Number(match[1]) * size;
}
