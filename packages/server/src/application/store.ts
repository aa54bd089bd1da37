/** The Application module's queries: registries and templates (migration 0016). */
import type { Selectable } from 'kysely';
import { imageReference, type RegistryView, type TemplateView, type ResourceLevel } from '@edge/protocol';
import type { AppRegistriesTable, AppTemplatesTable, Db } from '../db/schema.ts';

export type RegistryRow = Selectable<AppRegistriesTable>;
type TemplateRow = Selectable<AppTemplatesTable> & {
  registry_name: string | null;
  registry_address: string | null;
};

/** A template's fields as the store keeps them. */
export interface TemplateFields {
  appName: string;
  description: string;
  registryId: number | null;
  imageName: string;
  tag: string;
  network: string | null;
  resource: ResourceLevel;
  env: { name: string; value: string }[];
  ports: { hostPort: number; containerPort: number; protocol: 'tcp' | 'udp' }[];
  volumes: { name: string; containerPath: string }[];
  icon: string;
  category: string;
}

export interface RegistryFields {
  name: string;
  insecure: boolean;
  serverAddress: string;
  username: string;
}

export const registryView = (row: RegistryRow): RegistryView => ({
  id: row.id,
  name: row.name,
  insecure: row.insecure === 1,
  serverAddress: row.server_address,
  username: row.username,
  hasPassword: row.password_sealed !== null,
  updatedAt: Number(row.updated_at),
});

const templateView = (row: TemplateRow): TemplateView => ({
  id: row.id,
  appName: row.app_name,
  description: row.description,
  registryId: row.registry_id,
  registryName: row.registry_name,
  imageName: row.image_name,
  tag: row.tag,
  image: imageReference(row.registry_address, row.image_name, row.tag),
  network: row.network,
  resource: row.resource as ResourceLevel,
  env: JSON.parse(row.env) as TemplateFields['env'],
  ports: JSON.parse(row.ports) as TemplateFields['ports'],
  volumes: JSON.parse(row.volumes) as TemplateFields['volumes'],
  icon: row.icon,
  category: row.category,
  updatedAt: Number(row.updated_at),
});

const templateColumns = (t: TemplateFields, now: number) => ({
  app_name: t.appName,
  description: t.description,
  registry_id: t.registryId,
  image_name: t.imageName,
  tag: t.tag,
  network: t.network,
  resource: t.resource,
  env: JSON.stringify(t.env),
  ports: JSON.stringify(t.ports),
  volumes: JSON.stringify(t.volumes),
  icon: t.icon,
  category: t.category,
  updated_at: now,
});

export function applicationStore(db: Db) {
  const templates = () =>
    db
      .selectFrom('app_templates as t')
      .leftJoin('app_registries as r', 'r.id', 't.registry_id')
      .selectAll('t')
      .select(['r.name as registry_name', 'r.server_address as registry_address']);

  return {
    registries: async (): Promise<RegistryRow[]> =>
      db.selectFrom('app_registries').selectAll().orderBy('name').execute(),
    registry: async (id: number): Promise<RegistryRow | undefined> =>
      db.selectFrom('app_registries').selectAll().where('id', '=', id).executeTakeFirst(),
    registryByName: async (name: string): Promise<RegistryRow | undefined> =>
      db.selectFrom('app_registries').selectAll().where('name', '=', name).executeTakeFirst(),
    async createRegistry(r: RegistryFields, passwordSealed: string | null, now: number): Promise<number> {
      const row = await db
        .insertInto('app_registries')
        .values({
          name: r.name,
          insecure: r.insecure ? 1 : 0,
          server_address: r.serverAddress,
          username: r.username,
          password_sealed: passwordSealed,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** `passwordSealed` undefined: the stored one stays. */
    async updateRegistry(
      id: number,
      r: RegistryFields,
      passwordSealed: string | null | undefined,
      now: number,
    ) {
      await db
        .updateTable('app_registries')
        .set({
          name: r.name,
          insecure: r.insecure ? 1 : 0,
          server_address: r.serverAddress,
          username: r.username,
          ...(passwordSealed !== undefined && { password_sealed: passwordSealed }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    deleteRegistry: async (id: number) => db.deleteFrom('app_registries').where('id', '=', id).execute(),
    templatesUsing: async (registryId: number): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('app_templates')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('registry_id', '=', registryId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async templates(search: string, category: string): Promise<TemplateView[]> {
      let query = templates().orderBy('t.app_name');
      if (category) query = query.where('t.category', '=', category);
      const rows = (await query.execute()) as TemplateRow[];
      const needle = search.toLowerCase();
      // Few hundred templates at most: matched here, the same way on both dialects.
      return rows
        .filter(
          (r) =>
            !needle ||
            [r.app_name, r.description, r.image_name, r.category].some((f) =>
              f.toLowerCase().includes(needle),
            ),
        )
        .map(templateView);
    },
    async template(id: number): Promise<TemplateView | undefined> {
      const row = (await templates().where('t.id', '=', id).executeTakeFirst()) as TemplateRow | undefined;
      return row && templateView(row);
    },
    templateIdByName: async (appName: string): Promise<number | undefined> =>
      (await db.selectFrom('app_templates').select('id').where('app_name', '=', appName).executeTakeFirst())
        ?.id,
    async createTemplate(t: TemplateFields, now: number): Promise<number> {
      const row = await db
        .insertInto('app_templates')
        .values({ ...templateColumns(t, now), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updateTemplate: async (id: number, t: TemplateFields, now: number) =>
      db.updateTable('app_templates').set(templateColumns(t, now)).where('id', '=', id).execute(),
    deleteTemplate: async (id: number) => db.deleteFrom('app_templates').where('id', '=', id).execute(),
  };
}
export type ApplicationStore = ReturnType<typeof applicationStore>;
