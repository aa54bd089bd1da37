/**
 * What a device remembers across restarts: its enrolment key (its future password) and, once adopted,
 * the device id the console gave it. The real agent keeps it in a file only root can read; the simulator
 * keeps a whole fleet in one file, or in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface Identity {
  key: string;
  deviceId?: string;
}

export interface IdentityStore {
  load(): Identity | null;
  save(identity: Identity): void;
  clear(): void;
}

/** 32 random bytes, base64url (ENROL_KEY_PATTERN). */
export const newEnrolKey = (): string => randomBytes(32).toString('base64url');

/** Writes a file only root can read, whole or not at all (a power cut mid-write leaves the old one). */
export function writePrivate(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** The JSON of a file, or null when it is missing or unreadable. */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const isIdentity = (v: unknown): v is Identity =>
  typeof v === 'object' && v !== null && typeof (v as Identity).key === 'string';

/** One device, one file: `{stateDir}/identity.json`, mode 0600. */
export function fileIdentityStore(stateDir: string): IdentityStore {
  const file = path.join(stateDir, 'identity.json');
  return {
    load: () => {
      const v = readJson(file);
      return isIdentity(v) ? v : null;
    },
    save: (identity) => writePrivate(file, JSON.stringify(identity)),
    clear: () => fs.rmSync(file, { force: true }),
  };
}

export function memoryIdentityStore(initial: Identity | null = null): IdentityStore {
  let identity = initial;
  return {
    load: () => identity,
    save: (next) => {
      identity = next;
    },
    clear: () => {
      identity = null;
    },
  };
}

/**
 * Many devices in one JSON file keyed by serial, written at most once a second (a fleet enrolling
 * thousands of devices would otherwise rewrite it thousands of times).
 */
export function fleetIdentityFile(file: string): { forSerial(serial: string): IdentityStore; flush(): void } {
  const raw = readJson(file);
  const all: Record<string, Identity> =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, Identity>) : {};
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    writePrivate(file, JSON.stringify(all));
  };
  const later = () => {
    timer ??= setTimeout(flush, 1000);
  };
  return {
    forSerial: (serial) => ({
      load: () => (isIdentity(all[serial]) ? all[serial] : null),
      save: (identity) => {
        all[serial] = identity;
        later();
      },
      clear: () => {
        delete all[serial];
        later();
      },
    }),
    flush,
  };
}
