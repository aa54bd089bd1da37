/**
 * Plain (uncompressed) ustar archives, read and written in memory: a device backup's configuration archive
 * is a tar.gz (`sysupgrade -b` makes one). The console reads one to refuse path names that leave their
 * folder (zip-slip) before anything is written; the simulated fleet writes and reads its own. Callers
 * gzip and gunzip (node:zlib), so this file stays free of Node modules.
 */
const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface TarEntry {
  name: string;
  /** '0' file, '5' folder, '1' hard link, '2' symbolic link ... */
  type: string;
  linkName: string;
  data: Uint8Array;
}

const text = (block: Uint8Array, from: number, length: number) => {
  const bytes = block.subarray(from, from + length);
  const end = bytes.indexOf(0);
  return decoder.decode(end >= 0 ? bytes.subarray(0, end) : bytes);
};
const octal = (block: Uint8Array, from: number, length: number) =>
  parseInt(text(block, from, length).trim() || '0', 8);

/** The entries of a tar archive; throws on a truncated or malformed one. */
export function readTar(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let longName: string | null = null;
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== octal(header, 148, 8)) throw new Error('not a tar archive');
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const start = at + BLOCK;
    if (!Number.isFinite(size) || size < 0 || start + size > tar.length)
      throw new Error('truncated tar archive');
    const data = tar.subarray(start, start + size);
    at = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = decoder.decode(data).replace(/\0+$/, '');
      continue;
    }
    if (type === 'x') {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(decoder.decode(data));
      if (path) longName = path[1]!;
      continue;
    }
    if (type === 'g') continue;
    const prefix = text(header, 257, 6).startsWith('ustar') ? text(header, 345, 155) : '';
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = null;
    entries.push({ name, type, linkName: text(header, 157, 100), data });
  }
  return entries;
}

/** A path that, taken below a folder, would leave it: absolute, or climbing out with '..'. */
export function leavesFolder(name: string): boolean {
  if (name.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(name) || name.includes('\\')) return true;
  let depth = 0;
  for (const part of name.split('/')) {
    if (part === '..') depth--;
    else if (part !== '' && part !== '.') depth++;
    if (depth < 0) return true;
  }
  return false;
}

/** The first entry whose name (or hard link target) leaves the archive's folder, if any. */
export function unsafeTarEntry(entries: readonly TarEntry[]): TarEntry | undefined {
  return entries.find((e) => leavesFolder(e.name) || (e.type === '1' && leavesFolder(e.linkName)));
}

const field = (header: Uint8Array, from: number, length: number, value: string) =>
  header.set(encoder.encode(value).subarray(0, length), from);
const octalField = (header: Uint8Array, from: number, length: number, value: number) =>
  field(header, from, length, value.toString(8).padStart(length - 1, '0') + '\0');

/** A ustar archive of regular files (names up to 100 bytes). */
export function writeTar(
  files: readonly { name: string; data: Uint8Array; mode?: number; mtime?: number }[],
) {
  const parts: Uint8Array[] = [];
  for (const file of files) {
    const header = new Uint8Array(BLOCK);
    field(header, 0, 100, file.name);
    octalField(header, 100, 8, file.mode ?? 0o644);
    octalField(header, 108, 8, 0);
    octalField(header, 116, 8, 0);
    octalField(header, 124, 12, file.data.length);
    octalField(header, 136, 12, Math.floor((file.mtime ?? 0) / 1000));
    header[156] = 48;
    field(header, 257, 8, 'ustar\x0000');
    header.fill(32, 148, 156);
    const sum = header.reduce((a, b) => a + b, 0);
    field(header, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
    parts.push(header, file.data, new Uint8Array((BLOCK - (file.data.length % BLOCK)) % BLOCK));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
