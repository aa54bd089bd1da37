/**
 * Wi-Fi scan on Linux: finds the wireless interface (the kernel marks it with a `wireless` or `phy80211`
 * entry under /sys/class/net/<iface>) and runs `iw dev <iface> scan`, which needs root or CAP_NET_ADMIN.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import type { RpcResult } from '@edge/protocol';
import { PlatformRefusal } from './platform.ts';
import { parseIwScan } from './iw-scan.ts';

export const NO_WIRELESS_INTERFACE = 'This device has no wireless interface.';

/** The first wireless interface, by name, or null. */
export function findWirelessInterface(sysRoot: string): string | null {
  const dir = path.join(sysRoot, 'class', 'net');
  let names: string[];
  try {
    names = fs.readdirSync(dir).sort();
  } catch {
    return null;
  }
  return (
    names.find(
      (name) =>
        fs.existsSync(path.join(dir, name, 'wireless')) || fs.existsSync(path.join(dir, name, 'phy80211')),
    ) ?? null
  );
}

/** Runs a program and gives its standard output; a failure carries what the program said. */
export type RunProgram = (file: string, args: string[], signal: AbortSignal) => Promise<string>;

export const runProgram: RunProgram = (file, args, signal) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { signal, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return reject(new PlatformRefusal('failed', `${file} is not installed.`));
      reject(
        new PlatformRefusal('failed', `${file} failed: ${(stderr || err.message).trim().slice(0, 300)}`),
      );
    });
  });

export async function scanWifiLinux(
  opts: { sysRoot: string; iface?: string; run?: RunProgram },
  signal: AbortSignal,
): Promise<RpcResult<'wifi.scan'>> {
  const iface = opts.iface ?? findWirelessInterface(opts.sysRoot);
  if (!iface) throw new PlatformRefusal('unsupported', NO_WIRELESS_INTERFACE);
  const output = await (opts.run ?? runProgram)('iw', ['dev', iface, 'scan'], signal);
  return { iface, networks: parseIwScan(output) };
}
