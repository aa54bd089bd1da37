/**
 * A streamed POSIX ustar writer, gzip-compressed as it goes (.tar.gz): a 512-byte header per file, its
 * data padded to 512, two empty blocks at the end. Each file arrives whole (the export cuts the lines into
 * files of a bounded size), so its size is known when its header is written.
 */
import { createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import type { ArchiveFile } from './files.ts';

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write('root', 265, 'ascii');
  h.write('root', 297, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

async function* tarBlocks(files: AsyncIterable<ArchiveFile>): AsyncGenerator<Buffer> {
  for await (const file of files) {
    if (Buffer.byteLength(file.name) > 100) throw new Error(`tar name too long: ${file.name}`);
    yield header(file.name, file.data.length, file.mtime);
    yield file.data;
    const pad = (BLOCK - (file.data.length % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

export function tarGzArchive(files: AsyncIterable<ArchiveFile>): Readable {
  return Readable.from(tarBlocks(files)).pipe(createGzip());
}
