/**
 * `edge-fleet --control`: steering a running fleet from stdin, one command a line; each answer is one
 * stdout line `control {json}`, so a benchmark or a lab script can tell answers from the fleet's chatter.
 *
 *   census              devices in each state, messages the fleet has sent so far, and its event-loop delay
 *                       (p99 and longest, ms) since the previous census
 *   drop SERIAL [MS]    that device drops off the network as a cut cable would (no goodbye: the broker
 *                       sends its last will) and comes back after MS (default 60000)
 *   refuse SERIAL       that device refuses every configuration change from now on (a firmware fault)
 *   accept SERIAL       it applies them again
 *   upgrade-fail SERIAL its next upgrades never reach the console and are rolled back (a broken build)
 *   upgrade-ok SERIAL   its upgrades take again
 *   cut SERIAL [MS]     that device's SD-WAN uplink is cut (its overlay links fail, or take a reachable relay)
 *                       while it stays connected to the console; the links come back after MS (default 60000)
 *
 * When stdin ends (the controller went away), `onEnd` runs: the fleet stops rather than lingering.
 */
import readline from 'node:readline';
import type { Census } from './fleet.ts';

export const CONTROL_PREFIX = 'control ';
const DEFAULT_DROP_MS = 60_000;

/** What the control needs of a fleet. */
export interface ControlledFleet {
  census(): Census;
  sentMessages(): number;
  device(serial: string): { dropOff(ms: number): boolean } | undefined;
  /** Makes a device refuse configuration changes with `reason`, or accept them (null); false: no such device. */
  refuseConfig?(serial: string, reason: string | null): boolean;
  /** The event-loop delay since the last call: when the simulator itself stalls, its devices send late, together. */
  loopDelay?(): { p99Ms: number; maxMs: number };
  /** Makes a device's upgrades roll back (true) or take (false); false when there is no such device. */
  failUpgrades?(serial: string, failing: boolean): boolean;
  /** Cuts a device's overlay underlay for `ms`; false when it has no overlay yet. */
  cutOverlay?(serial: string, ms: number): boolean;
}

export function answer(fleet: ControlledFleet, line: string, now: () => number = Date.now): object | null {
  const [cmd, ...args] = line.trim().split(/\s+/);
  if (!cmd) return null;
  switch (cmd) {
    case 'census':
      return {
        cmd,
        at: now(),
        census: fleet.census(),
        sent: fleet.sentMessages(),
        loop: fleet.loopDelay?.(),
      };
    case 'drop': {
      const serial = args[0] ?? '';
      const ms = args[1] === undefined ? DEFAULT_DROP_MS : Number(args[1]);
      if (!Number.isInteger(ms) || ms < 0) return { cmd, serial, error: `bad duration ${args[1]}` };
      const device = fleet.device(serial);
      if (!device) return { cmd, serial, error: 'no such device' };
      // Stamped before the drop: the broker may notice it before this function returns.
      const at = now();
      return { cmd, serial, at, dropped: device.dropOff(ms) };
    }
    case 'refuse':
    case 'accept': {
      const serial = args[0] ?? '';
      const reason = cmd === 'refuse' ? 'The device refused the configuration (simulated fault).' : null;
      if (!fleet.refuseConfig?.(serial, reason)) return { cmd, serial, error: 'no such device' };
      return { cmd, serial, at: now() };
    }
    case 'upgrade-fail':
    case 'upgrade-ok': {
      const serial = args[0] ?? '';
      if (!fleet.failUpgrades?.(serial, cmd === 'upgrade-fail'))
        return { cmd, serial, error: 'no such device' };
      return { cmd, serial, at: now() };
    }
    case 'cut': {
      const serial = args[0] ?? '';
      const ms = args[1] === undefined ? DEFAULT_DROP_MS : Number(args[1]);
      if (!Number.isInteger(ms) || ms < 0) return { cmd, serial, error: `bad duration ${args[1]}` };
      if (!fleet.device(serial)) return { cmd, serial, error: 'no such device' };
      return { cmd, serial, at: now(), cut: fleet.cutOverlay?.(serial, ms) ?? false };
    }
    default:
      return {
        cmd,
        error:
          'unknown command (census, drop SERIAL [MS], refuse SERIAL, accept SERIAL, upgrade-fail SERIAL, upgrade-ok SERIAL, cut SERIAL [MS])',
      };
  }
}

/** Reads commands from `input` until it ends, then calls onEnd; returns the function that stops reading. */
export function serveFleetControl(
  fleet: ControlledFleet,
  input: NodeJS.ReadableStream,
  say: (line: string) => void,
  onEnd: () => void,
): () => void {
  let stopped = false;
  const lines = readline.createInterface({ input, terminal: false });
  lines.on('line', (line) => {
    const reply = answer(fleet, line);
    if (reply) say(`${CONTROL_PREFIX}${JSON.stringify(reply)}`);
  });
  lines.on('close', () => {
    if (!stopped) onEnd();
  });
  return () => {
    stopped = true;
    lines.close();
  };
}
