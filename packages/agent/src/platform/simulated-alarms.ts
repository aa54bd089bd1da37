/** The alarms a simulated router raises and clears from what it reads: load, heat, signal, its WAN. */

export interface Reading {
  cpu: number;
  temp: number;
  rsrp: number | null;
  wanUp: boolean;
}

export const SIMULATED_ALARMS = [
  {
    code: 'cpu-high',
    program: 'watchdog',
    level: 'warning',
    active: (r: Reading) => r.cpu >= 90,
    raised: (r: Reading) => `CPU usage ${r.cpu.toFixed(0)}%.`,
    cleared: 'CPU usage back to normal.',
  },
  {
    code: 'overheat',
    program: 'thermal',
    level: 'error',
    active: (r: Reading) => r.temp >= 85,
    raised: (r: Reading) => `CPU at ${r.temp.toFixed(0)} °C.`,
    cleared: 'CPU temperature back to normal.',
  },
  {
    code: 'signal-weak',
    program: 'modem',
    level: 'warning',
    active: (r: Reading) => r.rsrp !== null && r.rsrp < -112,
    raised: (r: Reading) => `Weak cell signal (RSRP ${r.rsrp} dBm).`,
    cleared: 'Cell signal recovered.',
  },
  {
    code: 'wan-down',
    program: 'netifd',
    level: 'error',
    active: (r: Reading) => !r.wanUp,
    raised: () => 'WAN link down.',
    cleared: 'WAN link up.',
  },
] as const;
