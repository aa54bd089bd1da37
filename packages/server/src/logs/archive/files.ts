/**
 * What goes into an export: the log lines as text files of at most FILE_LINES lines each (so a writer
 * holds one file at a time), one line per row, tab-separated with a header, readable by any tool.
 */
import { Readable } from 'node:stream';
import type { LogExportFormat, LogRow } from '@edge/protocol';
import { tarGzArchive } from './tar.ts';
import { zipArchive } from './zip.ts';

export interface ArchiveFile {
  name: string;
  data: Buffer;
  mtime: number;
}

export const FILE_LINES = 10_000;
export const LOG_FILE_HEADER = 'createdAt\tlevel\tdeviceID\tdeviceName\tprogram\tmessage\n';

/** Tabs and line breaks inside a field would split it: they become spaces. */
const field = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

export const logLine = (row: LogRow) =>
  [
    new Date(row.createdAt).toISOString(),
    row.level,
    field(row.deviceID),
    field(row.deviceName),
    field(row.program),
    field(row.message),
  ].join('\t') + '\n';

/** Rows (in batches) -> files named `<base>-0001.log`, ... ; an empty set still gives one file (the header). */
export async function* logFiles(
  batches: AsyncIterable<LogRow[]>,
  base: string,
  now = Date.now(),
): AsyncGenerator<ArchiveFile> {
  let lines: string[] = [];
  let n = 0;
  const file = (): ArchiveFile => ({
    name: `${base}-${String(++n).padStart(4, '0')}.log`,
    data: Buffer.from(LOG_FILE_HEADER + lines.join(''), 'utf8'),
    mtime: now,
  });
  for await (const rows of batches) {
    for (const row of rows) {
      lines.push(logLine(row));
      if (lines.length === FILE_LINES) {
        yield file();
        lines = [];
      }
    }
  }
  if (lines.length > 0 || n === 0) yield file();
}

export function archiveOf(format: LogExportFormat, files: AsyncIterable<ArchiveFile>): Readable {
  return format === 'zip' ? Readable.from(zipArchive(files)) : tarGzArchive(files);
}

export const archiveType: Record<LogExportFormat, string> = {
  zip: 'application/zip',
  'tar.gz': 'application/gzip',
};
