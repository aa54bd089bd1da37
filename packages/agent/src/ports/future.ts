/**
 * Capabilities still to come (issue 12, section 5), declared so each arrives as a port of its own with its
 * own RPC handlers, a Linux side and a simulated side. Only types: no device answers these yet, and the
 * protocol names none of their calls, so no platform fills them and no handler refuses them.
 */
import type { Progress } from '../platform/platform.ts';

/** Container apps (Docker Engine on Linux). */
export interface ContainersPort {
  list(): Promise<{ id: string; name: string; image: string; state: string }[]>;
  start(id: string): Promise<void>;
  stop(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  logs(id: string, tail: number, signal: AbortSignal): Promise<string[]>;
}

/** A shell on the device, relayed to the browser. */
export interface TerminalPort {
  open(size: { cols: number; rows: number }, output: (data: string) => void): Promise<TerminalSession>;
}

export interface TerminalSession {
  write(data: string): void;
  resize(size: { cols: number; rows: number }): void;
  close(): void;
}

/** Saving and restoring the device's configuration as a file. */
export interface BackupPort {
  create(progress: Progress, signal: AbortSignal): Promise<{ file: Uint8Array; sha256: string }>;
  restore(file: Uint8Array, progress: Progress, signal: AbortSignal): Promise<void>;
}

/** Firmware upgrades: download, check, install, reboot into it. */
export interface UpgradePort {
  install(image: { url: string; sha256: string }, progress: Progress, signal: AbortSignal): Promise<void>;
}
