/**
 * The backup port: the device's own configuration archive (a tar.gz) for the console's device backups,
 * and putting one back. Linux packs the agent's configuration files, or `sysupgrade -b` on OpenWrt
 * (platform/linux-backup.ts); the simulator packs its own state (platform/simulated-backup.ts). Paths that
 * would leave their folder are refused before anything is written.
 */
import { gunzipSync } from 'node:zlib';
import { readTar, unsafeTarEntry, type DeviceArchive, type TarEntry } from '@edge/protocol';
import { PlatformRefusal } from '../platform/platform.ts';
import type { PortHandlers } from './host.ts';

export interface BackupPort {
  archive(): Promise<DeviceArchive>;
  /** Answers how many files were put back. */
  restore(archive: DeviceArchive): Promise<number>;
}

export const backupRpc = (port: BackupPort): PortHandlers<'backup.archive' | 'backup.restore'> => ({
  'backup.archive': () => port.archive(),
  'backup.restore': async ({ archive }) => ({ files: await port.restore(archive) }),
});

/** The archive's entries, refused whole when it is not a tar.gz or a path would leave its folder. */
export function archiveEntries(archive: DeviceArchive): TarEntry[] {
  let entries;
  try {
    entries = readTar(gunzipSync(Buffer.from(archive.data, 'base64')));
  } catch {
    throw new PlatformRefusal('failed', 'The backup archive is not a tar.gz.');
  }
  const unsafe = unsafeTarEntry(entries);
  if (unsafe)
    throw new PlatformRefusal(
      'failed',
      `The backup archive holds a path that leaves its folder: ${unsafe.name}`,
    );
  return entries;
}
