/** DHCP server per VLAN (vid 1 is the untagged LAN). */
import { DEFAULT_LAN_VID, sectionWrites, type DhcpPool, type DhcpSection } from '@edge/protocol';
import { fail } from '../../http/errors.ts';
import { read, write } from './types.ts';
import { findBy, withoutId } from './lists.ts';

type Doc = DhcpSection;

export const dhcpHandlers = [
  read('dhcp', 'dhcp/getList', (doc) => ({ list: doc.list })),
  read('dhcp', 'dhcp/getVID', async (_doc, _query, ctx) => ({
    list: [DEFAULT_LAN_VID, ...(await ctx.section('vlan')).list.map((v) => v.vid)],
  })),
  read('dhcp', 'dhcp/info', (doc, query: { vid: number }) => ({
    pool: doc.list.find((p) => p.vid === query.vid) ?? null,
  })),
  /** Adds or replaces the pool of a VLAN; the VLAN must exist (or be the LAN). */
  write('dhcp', 'PATCH', 'dhcp/setting', async (doc, body: DhcpPool & { id: string }, ctx): Promise<Doc> => {
    const vlans = (await ctx.section('vlan')).list.map((v) => v.vid);
    if (body.vid !== DEFAULT_LAN_VID && !vlans.includes(body.vid)) throw fail(400, 'vlanUnknown');
    return sectionWrites['dhcp/setting'](doc, withoutId(body));
  }),
  write('dhcp', 'DELETE', 'dhcp/removeDHCP', (doc, body: { vid: number }): Doc => {
    findBy(doc.list, 'vid', body.vid);
    return sectionWrites['dhcp/removeDHCP'](doc, body);
  }),
];
