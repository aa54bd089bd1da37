/**
 * The provisioning CSV (protocol/src/provision.ts): header `serial,name,group,profile` in any order, and
 * optionally `claimCode` (only serial is required; unknown columns such as those of a Discovery download are ignored), RFC 4180 quoting.
 * Writing guards spreadsheet users: a cell that starts like a formula is prefixed with a quote, which the
 * reader takes off again, so a downloaded file can be filled in and uploaded as it is.
 */
import {
  GROUP_NAME_MAX,
  PROVISION_CLAIM_COLUMN,
  PROVISION_MAX_ROWS,
  isClaimCode,
  isSerial,
  messages,
  type MessageCode,
} from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { ProvisionEntry } from '../devices/index.ts';

const NAME_MAX = 64;
const PROFILE_MAX = 64;

/** Splits CSV text into records of fields; quotes may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRecord();
    else if (c !== '\r') field += c;
    i++;
  }
  if (field !== '' || record.length > 0) endRecord();
  // Blank lines carry nothing.
  return records.filter((r) => r.some((f) => f.trim() !== ''));
}

const FORMULA_START = /^[=+\-@]/;
const unguard = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

const refuse = (code: MessageCode, line?: number, value?: string) =>
  fail(
    400,
    code,
    line === undefined ? messages[code] : `${messages[code]} (line ${line}${value ? `: ${value}` : ''})`,
  );

/** The entries of a provisioning file, or a 400 in the SPEC's words. */
export function parseProvisionCsv(bytes: Buffer): ProvisionEntry[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const records = parseCsv(text);
  if (records.length === 0) throw refuse('profileAndIpEmpty');
  const header = records[0]!.map((h) => h.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const serialAt = column('serial') >= 0 ? column('serial') : column('sn');
  if (serialAt < 0) throw refuse('provisionCsvHeader');
  const rows = records.slice(1);
  if (rows.length === 0) throw refuse('profileAndIpEmpty');
  if (rows.length > PROVISION_MAX_ROWS) throw refuse('provisionTooManyRows');
  const [nameAt, groupAt, profileAt, claimAt] = [
    'name',
    'group',
    'profile',
    PROVISION_CLAIM_COLUMN.toLowerCase(),
  ].map(column) as [number, number, number, number];
  const cell = (row: string[], at: number) => (at < 0 ? '' : unguard((row[at] ?? '').trim()));

  return rows.map((row, index) => {
    const line = index + 2;
    const serial = cell(row, serialAt);
    if (!isSerial(serial)) throw refuse('provisionSerialInvalid', line, serial.slice(0, 64));
    const name = cell(row, nameAt);
    const group = cell(row, groupAt);
    const profile = cell(row, profileAt);
    if (name.length > NAME_MAX) throw refuse('deviceNameLength', line);
    if (group.length > GROUP_NAME_MAX) throw refuse('groupNameLength', line);
    if (profile.length > PROFILE_MAX) throw refuse('textTooLong', line);
    const claimCode = cell(row, claimAt);
    if (claimCode && !isClaimCode(claimCode)) throw refuse('provisionClaimCodeInvalid', line);
    return {
      serial,
      ...(name && { name }),
      ...(group && { group }),
      ...(profile && { profile }),
      ...(claimCode && { claimCode }),
    };
  });
}

const quote = (value: string): string => {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
}
