/** The client list's query: joined with the devices (their name and group; a removed device's clients drop out). */
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

export interface ClientFilter {
  search?: string;
  deviceId?: string;
  groupId?: number;
  page: number;
  pageSize: number;
}

export function clientsStore(db: Db) {
  const filtered = (f: ClientFilter) => {
    let q = db.selectFrom('device_clients as c').innerJoin('devices as d', 'd.id', 'c.device_id');
    if (f.deviceId) q = q.where('c.device_id', '=', f.deviceId);
    if (f.groupId !== undefined) q = q.where('d.group_id', '=', f.groupId);
    if (f.search) {
      // Case-insensitive on both stores; LIKE's wildcards in the search are taken literally.
      const pattern = `%${f.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(c.hostname)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(c.ip)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(c.mac)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return q;
  };

  return {
    async page(f: ClientFilter) {
      const [rows, total] = await Promise.all([
        filtered(f)
          .select([
            'c.device_id',
            'd.name as device_name',
            'd.serial as device_serial',
            'c.mac',
            'c.kind',
            'c.hostname',
            'c.ip',
            'c.interface',
            'c.ssid',
            'c.signal',
            'c.rx_bytes',
            'c.tx_bytes',
            'c.first_seen',
            'c.last_seen',
          ])
          .orderBy('c.last_seen', 'desc')
          .orderBy('c.device_id')
          .orderBy('c.mac')
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}

export type ClientsStore = ReturnType<typeof clientsStore>;
