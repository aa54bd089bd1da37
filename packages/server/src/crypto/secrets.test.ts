import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_FILE, loadSecrets } from './secrets.ts';

describe('secrets at rest', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-secrets-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('creates the key file on first start, readable by the owner only, and reuses it after', () => {
    const dir = dataDir();
    const sealed = loadSecrets(dir).seal('s3cret', 'smtp.password');
    const keyFile = path.join(dir, KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, 'utf8');
    expect(loadSecrets(dir).open(sealed, 'smtp.password')).toBe('s3cret');
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
  });

  it('seals with a fresh nonce each time and never shows the plaintext', () => {
    const secrets = loadSecrets(dataDir());
    const a = secrets.seal('same text', 'p');
    const b = secrets.seal('same text', 'p');
    expect(a).not.toBe(b);
    expect(a).not.toContain('same text');
    expect(a.startsWith('v1.')).toBe(true);
    expect(secrets.open(a, 'p')).toBe('same text');
    expect(secrets.open(secrets.seal('', 'p'), 'p')).toBe('');
  });

  it('refuses an altered value, another purpose, another key, or a truncated tag', () => {
    const secrets = loadSecrets(dataDir());
    const sealed = secrets.seal('device credential', 'device.password');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      secrets.open([version, iv, tag, flipped.toString('base64url')].join('.'), 'device.password'),
    ).toThrow();
    expect(() => secrets.open(sealed, 'smtp.password')).toThrow();
    expect(() => loadSecrets(dataDir()).open(sealed, 'device.password')).toThrow();
    expect(() =>
      secrets.open(
        [version, iv, Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url'), body].join('.'),
        'device.password',
      ),
    ).toThrow();
    expect(() => secrets.open('plain text', 'device.password')).toThrow();
  });

  it('will not start with a damaged key file', () => {
    const dir = dataDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, KEY_FILE), 'c2hvcnQ=\n');
    expect(() => loadSecrets(dir)).toThrow(/32-byte key/);
  });
});
