/**
 * Device images kept as files in DATA_DIR (issue 22), on SQLite and PostgreSQL: an upload writes
 * device-images/<sha256>.img and the database keeps only the metadata; the device's one-time download
 * streams the file, once; a console backup carries it (it is among DATA_DIR's data files); deleting the
 * image removes its file; a refused upload writes nothing; an image stored in the database by an older
 * version is moved out to its file when the console starts.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UPGRADE_DEFAULTS } from '@edge/protocol';
import { generateSigningKeys, publicKeyOf } from '@edge/protocol/signature';
import { openImage, packImage } from '@edge/protocol/upgrade-image';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { multipart } from '../testing/files.ts';
import { dataFilesOf } from '../consoleBackup/data-files.ts';
import { IMAGES_DIR } from './image-files.ts';
import { upgradeStore } from './store.ts';

const key = generateSigningKeys();
const otherKey = generateSigningKeys();
const pack = (version: string, signer = key.privateKeyPem) =>
  packImage({ kind: 'agent', model: '*', version }, randomBytes(300_000), signer);
const shaOf = (image: Buffer) => {
  const opened = openImage(image, publicKeyOf(key.publicKeyPem));
  if (!opened.ok) throw new Error(opened.reason);
  return opened.manifest.sha256;
};

describe.each(DIALECTS)('device images as files (%s)', (dialect) => {
  let edge: TestConsole;
  let call: Caller;
  const folder = () => path.join(edge.config.dataDir, IMAGES_DIR);
  const files = () => (fs.existsSync(folder()) ? fs.readdirSync(folder()).sort() : []);
  const upload = async (bytes: Buffer) => {
    const body = multipart(bytes, 'agent.img');
    return call('POST', '/api/v1/systemUpgrade/image/upload', body.payload, body.headers);
  };
  /** A one-time download token for the image, as a rollout step makes one. */
  const tokenFor = async (imageId: number) => {
    const token = randomBytes(24).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    await upgradeStore(edge.store.db).addToken(hash, imageId, 'device-under-test', Date.now() + 60_000);
    return token;
  };
  const fetchImage = (token: string) => call('GET', `/api/v1/systemUpgrade/image/fetch?token=${token}`);

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    call = caller(edge, await signIn(edge));
    const res = await call('PATCH', '/api/v1/systemUpgrade/setting', {
      ...UPGRADE_DEFAULTS,
      publicKey: key.publicKeyPem,
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 60_000);
  afterAll(async () => edge?.destroy());

  test('an upload is a file; the database keeps metadata; the download streams it once; a backup carries it', async () => {
    const image = pack('5.0.0');
    const sha256 = shaOf(image);
    const res = await upload(image);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: number }>();
    expect(files()).toEqual([`${sha256}.img`]);
    expect(fs.readFileSync(path.join(folder(), `${sha256}.img`)).equals(image)).toBe(true);
    expect(fs.statSync(path.join(folder(), `${sha256}.img`)).mode & 0o777).toBe(0o600);
    const row = await edge.store.db
      .selectFrom('device_images')
      .select(['data', 'sha256', 'size'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ data: '', sha256, size: image.length });
    expect(dataFilesOf(edge.config.dataDir)).toContain(`${IMAGES_DIR}/${sha256}.img`);

    const token = await tokenFor(id);
    const fetched = await fetchImage(token);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(image)).toBe(true);
    expect((await fetchImage(token)).statusCode).toBe(404);

    const removed = await call('DELETE', '/api/v1/systemUpgrade/image/delete', { id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(files()).toEqual([]);
  });

  test('a refused upload writes no file', async () => {
    const res = await upload(pack('6.0.0', otherKey.privateKeyPem));
    expect(res.statusCode).toBe(400);
    expect(files()).toEqual([]);
  });

  test('an image an older version kept in the database is moved to its file on start', async () => {
    const image = pack('7.0.0');
    const sha256 = shaOf(image);
    const { id } = await edge.store.db
      .insertInto('device_images')
      .values({
        kind: 'agent',
        model: '*',
        version: '7.0.0',
        size: image.length,
        sha256,
        data: image.toString('base64'),
        uploaded_at: Date.now(),
        uploaded_by: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    edge = await edge.reopen();
    call = caller(edge, await signIn(edge));
    expect(files()).toEqual([`${sha256}.img`]);
    const row = await edge.store.db
      .selectFrom('device_images')
      .select('data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.data).toBe('');
    const fetched = await fetchImage(await tokenFor(id));
    expect(fetched.rawPayload.equals(image)).toBe(true);
  });
});
