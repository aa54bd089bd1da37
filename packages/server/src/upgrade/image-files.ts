/**
 * Device images as files (issue 22): DATA_DIR/device-images/<sha256>.img, where the database keeps only
 * their metadata and the manifest's sha256 that names the file. Images are signed, not secret (anyone may
 * read the software a device runs; the signature is what the device trusts), so they are stored as they
 * came, not sealed; the file is written whole or not at all (written aside, then renamed) and served as a
 * stream, so a 64 MB image never sits in the database nor in memory for a download. Being under DATA_DIR,
 * a console backup carries them (consoleBackup/data-files.ts). Replicas on one PostgreSQL store share
 * DATA_DIR, as they do for device backups.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { UpgradeStore } from './store.ts';

export const IMAGES_DIR = 'device-images';
const PRIVATE_MODE = 0o600;
const SHA256 = /^[0-9a-f]{64}$/;

export function imageFiles(dataDir: string) {
  const folder = path.join(dataDir, IMAGES_DIR);
  const fileOf = (sha256: string) => {
    // The name comes from a checked manifest; a row edited by hand still cannot point outside the folder.
    if (!SHA256.test(sha256)) throw new Error(`not an image hash: ${sha256}`);
    return path.join(folder, `${sha256}.img`);
  };

  async function write(sha256: string, bytes: Buffer): Promise<void> {
    await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
    const temp = path.join(folder, `.${randomBytes(6).toString('hex')}.part`);
    await fs.promises.writeFile(temp, bytes, { mode: PRIVATE_MODE });
    await fs.promises.rename(temp, fileOf(sha256));
  }

  return {
    fileOf,
    write,
    /** The image's bytes as a stream, or null when its file is gone. */
    async open(sha256: string): Promise<fs.ReadStream | null> {
      const file = fileOf(sha256);
      const found = await fs.promises.stat(file).catch(() => null);
      return found?.isFile() ? fs.createReadStream(file) : null;
    },
    remove: (sha256: string) => fs.promises.rm(fileOf(sha256), { force: true }),
    /** Moves the bytes of images stored in the database (before 0027) into their files, then empties the column. */
    async moveOutOf(store: UpgradeStore): Promise<number> {
      let moved = 0;
      for (let row = await store.imageWithData(); row; row = await store.imageWithData()) {
        await write(row.sha256, Buffer.from(row.data, 'base64'));
        await store.clearData(row.id);
        moved++;
      }
      return moved;
    },
  };
}
export type ImageFiles = ReturnType<typeof imageFiles>;
