/**
 * Multiple WAN: the policy (mode, primary/secondary/backup WAN, link detection, load balance weights),
 * WAN binding per VLAN and the MA rules; link status live from the device's telemetry.
 */
import {
  multipleWanFitsWanRule,
  sectionWrites,
  type MaRule,
  type MultipleWanSection,
  type WanSection,
  type WanStatus,
  type multipleWanPolicy,
} from '@edge/protocol';
import type { z } from 'zod';
import type { DeviceView } from '../../devices/index.ts';
import { fail } from '../../http/errors.ts';
import { read, write, type HandlerContext } from './types.ts';
import { findBy } from './lists.ts';

type Doc = MultipleWanSection;
type Policy = z.infer<typeof multipleWanPolicy>;

const wanNames = async (ctx: HandlerContext) => (await ctx.section('wan')).list.map((w) => w.iface);

/** Multiple WAN and WAN binding need two WAN interfaces (SPEC 8). */
const support = async (ctx: HandlerContext) => {
  const wans = await wanNames(ctx);
  return { supported: multipleWanFitsWanRule('failover', wans.length) === null, wans };
};

/** SPEC 4 link colours: active (carrying traffic), idle (standing by) or fail (down). */
function wanStatuses(doc: Doc, wan: WanSection, device: DeviceView): WanStatus[] {
  return wan.list.map(({ iface }) => {
    const carrying = iface === doc.primary || (doc.mode === 'loadBalance' && iface === doc.secondary);
    const traffic = device.telemetry?.interfaces.find((i) => i.name === iface);
    const up = device.online && (traffic?.up ?? true);
    return {
      iface,
      role: carrying ? 'active' : 'standby',
      state: !up ? 'fail' : carrying ? 'active' : 'idle',
    };
  });
}

export const multipleWanHandlers = [
  read('multipleWan', 'multipleWan/getTableInfo', async (doc, query: { vid: number }, ctx) => ({
    vid: query.vid,
    binding: doc.binding.find((b) => b.vid === query.vid) ?? null,
    wans: await wanNames(ctx),
  })),
  read('multipleWan', 'multipleWan/getWANStatus', async (doc, _query, ctx) => ({
    list: wanStatuses(doc, await ctx.section('wan'), ctx.device),
  })),
  read('multipleWan', 'multipleWan/supported', (_doc, _query, ctx) => support(ctx)),
  read('multipleWan', 'multipleWan/getLbCFG', (doc) => ({
    mode: doc.mode,
    primary: doc.primary,
    secondary: doc.secondary,
    backup: doc.backup,
    loadBalance: doc.loadBalance,
  })),
  read('multipleWan', 'multipleWan/getPingTarget', ({ detection }) => ({
    mode: detection.mode,
    pingTarget: detection.pingTarget,
    period: detection.period,
    latencyThreshold: detection.latencyThreshold,
  })),
  read('multipleWan', 'multipleWan/getTTL', (doc) => ({ ttl: doc.detection.ttl })),
  write('multipleWan', 'PATCH', 'multipleWan/setLb', async (doc, body: Policy, ctx): Promise<Doc> => {
    const code = multipleWanFitsWanRule(body.mode, (await wanNames(ctx)).length);
    if (code) throw fail(400, code);
    return sectionWrites['multipleWan/setLb'](doc, body);
  }),

  read(
    'multipleWan',
    'wanBinding/currentConfig',
    (doc, query: { vid: number }) =>
      doc.binding.find((b) => b.vid === query.vid) ?? {
        vid: query.vid,
        mode: 'multiAccess' as const,
        primary: '',
        secondary: '',
      },
  ),
  read('multipleWan', 'wanBinding/getBindList', (doc) => ({ list: doc.binding })),
  read('multipleWan', 'wanBinding/maRuleList', (doc) => ({ list: doc.maRules })),
  read('multipleWan', 'wanBinding/supported', (_doc, _query, ctx) => support(ctx)),
  write('multipleWan', 'POST', 'wanBinding/addMARule', (doc, body: MaRule): Doc =>
    sectionWrites['wanBinding/addMARule'](doc, body),
  ),
  write('multipleWan', 'PATCH', 'wanBinding/setBind', (doc, body: { vid: number; primary: string }) =>
    sectionWrites['wanBinding/setBind'](doc, body),
  ),
  write(
    'multipleWan',
    'PATCH',
    'wanBinding/setFo',
    (doc, body: { vid: number; primary: string; secondary: string }) =>
      sectionWrites['wanBinding/setFo'](doc, body),
  ),
  write('multipleWan', 'PATCH', 'wanBinding/setMa', (doc, body: { vid: number }) =>
    sectionWrites['wanBinding/setMa'](doc, body),
  ),
  write('multipleWan', 'DELETE', 'wanBinding/delMARule', (doc, body: { name: string }): Doc => {
    findBy(doc.maRules, 'name', body.name);
    return sectionWrites['wanBinding/delMARule'](doc, body);
  }),
];
