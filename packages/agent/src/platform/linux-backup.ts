/**
 * The real backup port. On OpenWrt (configuration applied at `/`, sysupgrade present) the archive is
 * `sysupgrade -b`'s and goes back with `sysupgrade -r`; elsewhere it is the agent's configuration files:
 * every file below the apply root (the UCI files and the nftables table the agent renders). Restoring
 * refuses an archive with a path that leaves its folder before writing anything.
 */
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { writeTar, type DeviceArchive } from '@edge/protocol';
import { archiveEntries, type BackupPort } from '../ports/backup.ts';
import { PlatformRefusal } from './platform.ts';

const run = promisify(execFile);
const SYSUPGRADE = '/sbin/sysupgrade';

export interface LinuxBackupOptions {
  /** The apply root (config/linux-backend.ts): `/` on OpenWrt, a staging folder elsewhere. */
  root: string;
  /** Overrides where sysupgrade is looked for (tests). */
  sysupgrade?: string;
}

async function filesBelow(root: string, dir = ''): Promise<string[]> {
  const found = await fs.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of found) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesBelow(root, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

export class LinuxBackup implements BackupPort {
  constructor(private readonly options: LinuxBackupOptions) {}

  private get sysupgrade(): string | null {
    const command = this.options.sysupgrade ?? SYSUPGRADE;
    return path.resolve(this.options.root) === '/' && existsSync(command) ? command : null;
  }

  async archive(): Promise<DeviceArchive> {
    const sysupgrade = this.sysupgrade;
    if (sysupgrade) {
      const file = path.join(os.tmpdir(), `edge-backup-${randomBytes(4).toString('hex')}.tar.gz`);
      try {
        await run(sysupgrade, ['-b', file]);
        return { format: 'tar.gz', source: 'sysupgrade', data: (await fs.readFile(file)).toString('base64') };
      } finally {
        await fs.rm(file, { force: true });
      }
    }
    const { root } = this.options;
    const files = [];
    for (const name of await filesBelow(root)) {
      if (Buffer.byteLength(name) > 100) continue;
      const full = path.join(root, name);
      const stat = await fs.stat(full);
      files.push({ name, data: await fs.readFile(full), mode: stat.mode & 0o777, mtime: stat.mtimeMs });
    }
    return { format: 'tar.gz', source: 'agent-files', data: gzipSync(writeTar(files)).toString('base64') };
  }

  async restore(archive: DeviceArchive): Promise<number> {
    const entries = archiveEntries(archive).filter((e) => e.type === '0' || e.type === '\0');
    const sysupgrade = this.sysupgrade;
    if (sysupgrade) {
      const file = path.join(os.tmpdir(), `edge-restore-${randomBytes(4).toString('hex')}.tar.gz`);
      await fs.writeFile(file, Buffer.from(archive.data, 'base64'), { mode: 0o600 });
      try {
        await run(sysupgrade, ['-r', file]);
      } finally {
        await fs.rm(file, { force: true });
      }
      return entries.length;
    }
    const root = path.resolve(this.options.root);
    for (const entry of entries) {
      const target = path.resolve(root, entry.name);
      // readTar's check already refused such names; resolving again guards against anything it missed.
      if (!target.startsWith(root + path.sep))
        throw new PlatformRefusal('failed', `Refused path ${entry.name}`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, entry.data, { mode: 0o600 });
    }
    return entries.length;
  }
}
