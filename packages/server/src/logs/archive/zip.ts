/**
 * A streamed .zip writer (PKWARE APPNOTE 6.3): each file deflated as it comes, its CRC and sizes in a data
 * descriptor after it, the central directory at the end. Nothing is held but the entry being written and
 * one directory record per file. No ZIP64: an export is bounded far below 4 GiB and 65,535 files.
 */
import { crc32, deflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import type { ArchiveFile } from './files.ts';

const deflate = promisify(deflateRaw);
/** Bit 3: sizes and CRC follow in a data descriptor; bit 11: names are UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;

/** MS-DOS date and time (local fields are taken as UTC, as unzip shows them). */
function dosTime(ms: number): { time: number; date: number } {
  const d = new Date(ms);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

export async function* zipArchive(files: AsyncIterable<ArchiveFile>): AsyncGenerator<Buffer> {
  const directory: Buffer[] = [];
  let offset = 0;
  for await (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const { time, date } = dosTime(file.mtime);
    const data = await deflate(file.data);
    const crc = crc32(file.data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14..25) stay zero here: the descriptor carries them.
    local.writeUInt16LE(name.length, 26);
    yield Buffer.concat([local, name]);
    yield data;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(data.length, 8);
    descriptor.writeUInt32LE(file.data.length, 12);
    yield descriptor;

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | VERSION, 4); // made by Unix, so the mode below is read
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += local.length + name.length + data.length + descriptor.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length / 2, 8);
  end.writeUInt16LE(directory.length / 2, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  yield dir;
  yield end;
}
