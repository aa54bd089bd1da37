/**
 * Notification contacts: each channel's fields, its secret fields sealed with the console key (crypto/secrets)
 * and never answered back; left out on edit, a secret keeps its stored value.
 */
import type { Selectable } from 'kysely';
import { missingSecret, type ContactRequest, type ContactView, type NotifyChannel } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { NotifyContactsTable } from '../db/schema-alerts.ts';
import type { Secrets } from '../crypto/secrets.ts';
import { fail } from '../http/errors.ts';

const PURPOSE = 'notify.contact';
const SECRET_FIELDS = ['password', 'secret', 'token', 'appSecret', 'aesKey'] as const;

/** A contact as the senders use it: its fields with its secrets opened. */
export interface Contact {
  id: number;
  channel: NotifyChannel;
  configName: string;
  fields: Record<string, unknown>;
  pausedUntil: number | null;
}

const split = (request: ContactRequest) => {
  const fields: Record<string, unknown> = { ...request };
  const secrets: Record<string, string> = {};
  for (const name of SECRET_FIELDS) {
    const value = fields[name];
    delete fields[name];
    if (typeof value === 'string') secrets[name] = value;
  }
  delete fields.channel;
  delete fields.configName;
  delete fields.id;
  return { fields, secrets };
};

export function contactStore(db: Db, sealer: Secrets) {
  const open = (row: Selectable<NotifyContactsTable>): Record<string, string> =>
    row.sealed ? (JSON.parse(sealer.open(row.sealed, PURPOSE)) as Record<string, string>) : {};
  const viewOf = (row: Selectable<NotifyContactsTable>): ContactView => ({
    id: row.id,
    channel: row.channel as NotifyChannel,
    configName: row.config_name,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    secrets: Object.entries(open(row))
      .filter(([, v]) => v !== '')
      .map(([k]) => k),
    pausedUntil: row.paused_until === null ? null : Number(row.paused_until),
    createdAt: Number(row.created_at),
  });
  const row = (id: number) =>
    db.selectFrom('notify_contacts').selectAll().where('id', '=', id).executeTakeFirst();

  /** The secrets a channel needs must be there once the stored ones are kept. */
  function sealedOf(channel: NotifyChannel, secrets: Record<string, string>): string {
    const missing = missingSecret(channel, secrets);
    if (missing) throw fail(400, missing);
    return Object.keys(secrets).length ? sealer.seal(JSON.stringify(secrets), PURPOSE) : '';
  }

  async function view(id: number): Promise<ContactView> {
    const found = await row(id);
    if (!found) throw fail(404, 'notFound');
    return viewOf(found);
  }

  return {
    async list(): Promise<ContactView[]> {
      return (await db.selectFrom('notify_contacts').selectAll().orderBy('id').execute()).map(viewOf);
    },
    view,
    async get(id: number): Promise<Contact | undefined> {
      const found = await row(id);
      if (!found) return undefined;
      return {
        id: found.id,
        channel: found.channel as NotifyChannel,
        configName: found.config_name,
        fields: { ...(JSON.parse(found.settings) as Record<string, unknown>), ...open(found) },
        pausedUntil: found.paused_until === null ? null : Number(found.paused_until),
      };
    },
    async add(request: ContactRequest): Promise<ContactView> {
      const { fields, secrets } = split(request);
      const { id } = await db
        .insertInto('notify_contacts')
        .values({
          channel: request.channel,
          config_name: request.configName.trim(),
          settings: JSON.stringify(fields),
          sealed: sealedOf(request.channel, secrets),
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return view(id);
    },
    async edit(id: number, request: ContactRequest): Promise<ContactView> {
      const found = await row(id);
      if (!found) throw fail(404, 'notFound');
      if (found.channel !== request.channel) throw fail(400, 'notifyChannelFixed');
      const { fields, secrets } = split(request);
      await db
        .updateTable('notify_contacts')
        .set({
          config_name: request.configName.trim(),
          settings: JSON.stringify(fields),
          sealed: sealedOf(request.channel, { ...open(found), ...secrets }),
          paused_until: null,
        })
        .where('id', '=', id)
        .execute();
      return view(id);
    },
    async remove(id: number): Promise<void> {
      const done = await db.deleteFrom('notify_contacts').where('id', '=', id).executeTakeFirst();
      if (!Number(done.numDeletedRows)) throw fail(404, 'notFound');
    },
    /** A provider that failed or asked to slow down is not called again before `until`. */
    async pause(id: number, until: number): Promise<void> {
      await db.updateTable('notify_contacts').set({ paused_until: until }).where('id', '=', id).execute();
    },
  };
}
export type ContactStore = ReturnType<typeof contactStore>;
