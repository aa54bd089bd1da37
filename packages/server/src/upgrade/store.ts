/** Software upgrade's queries (tables of migration 0021_upgrade). */
import type { Db } from '../db/schema.ts';
import type { DeviceImagesTable, DeviceVersionsTable, UpgradeSettingsTable } from '../db/schema-upgrade.ts';

const IMAGE_META = [
  'id',
  'kind',
  'model',
  'version',
  'size',
  'sha256',
  'uploaded_at',
  'uploaded_by',
] as const;
export type ImageRow = Pick<DeviceImagesTable, Exclude<(typeof IMAGE_META)[number], 'id'>> & { id: number };

export function upgradeStore(db: Db) {
  return {
    settingsRow: (): Promise<UpgradeSettingsTable | undefined> =>
      db.selectFrom('upgrade_settings').selectAll().where('id', '=', 1).executeTakeFirst(),
    async saveSettingsRow(patch: Partial<Omit<UpgradeSettingsTable, 'id'>>, defaults: string): Promise<void> {
      const found = await db
        .selectFrom('upgrade_settings')
        .select('id')
        .where('id', '=', 1)
        .executeTakeFirst();
      if (found) await db.updateTable('upgrade_settings').set(patch).where('id', '=', 1).execute();
      else
        await db
          .insertInto('upgrade_settings')
          .values({ id: 1, settings: defaults, ...patch })
          .execute();
    },

    images: (): Promise<ImageRow[]> =>
      db.selectFrom('device_images').select(IMAGE_META).orderBy('uploaded_at', 'desc').execute(),
    image: (id: number): Promise<ImageRow | undefined> =>
      db.selectFrom('device_images').select(IMAGE_META).where('id', '=', id).executeTakeFirst(),
    imageBySha: (sha256: string) =>
      db.selectFrom('device_images').select('id').where('sha256', '=', sha256).executeTakeFirst(),
    async addImage(row: Omit<DeviceImagesTable, 'id'>): Promise<number> {
      const { id } = await db
        .insertInto('device_images')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async removeImage(id: number): Promise<boolean> {
      await db.deleteFrom('device_image_tokens').where('image_id', '=', id).execute();
      const result = await db.deleteFrom('device_images').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    addToken: (tokenHash: string, imageId: number, deviceId: string, expiresAt: number) =>
      db
        .insertInto('device_image_tokens')
        .values({ token_hash: tokenHash, image_id: imageId, device_id: deviceId, expires_at: expiresAt })
        .execute(),
    /** The image (its sha256, which names its file) for a token still valid; the token is spent by its use. */
    async takeToken(tokenHash: string, now: number): Promise<{ sha256: string; deviceId: string } | null> {
      const row = await db
        .selectFrom('device_image_tokens as t')
        .innerJoin('device_images as i', 'i.id', 't.image_id')
        .select(['i.sha256', 't.device_id', 't.expires_at'])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      await db
        .deleteFrom('device_image_tokens')
        .where((eb) => eb.or([eb('token_hash', '=', tokenHash), eb('expires_at', '<', now)]))
        .execute();
      return row && row.expires_at >= now ? { sha256: row.sha256, deviceId: row.device_id } : null;
    },

    /** Images uploaded before they were kept as files (0027), one at a time: moved out on start. */
    imageWithData: () =>
      db
        .selectFrom('device_images')
        .select(['id', 'sha256', 'data'])
        .where('data', '!=', '')
        .limit(1)
        .executeTakeFirst(),
    clearData: (id: number) =>
      db.updateTable('device_images').set({ data: '' }).where('id', '=', id).execute(),

    versions: (): Promise<DeviceVersionsTable[]> => db.selectFrom('device_versions').selectAll().execute(),
    async saveVersion(row: DeviceVersionsTable): Promise<void> {
      await db
        .insertInto('device_versions')
        .values(row)
        .onConflict((oc) =>
          oc.column('device_id').doUpdateSet({
            agent_version: row.agent_version,
            firmware: row.firmware,
            state: row.state,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
  };
}
export type UpgradeStore = ReturnType<typeof upgradeStore>;
