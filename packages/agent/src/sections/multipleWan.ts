/**
 * Multiple WAN -> /etc/config/mwan3. mwan3 tracks each WAN (the SPEC's detection: method, ping
 * target, period, latency threshold, TTL) and routes new connections by policy:
 *   single        the primary WAN only;
 *   failover      primary, then secondary, then backup; connections stay on the WAN they started on
 *                 (sticky), so a recovered primary takes only new clients' traffic back;
 *   failback      the same order, without stickiness: traffic returns to the primary once it is up;
 *   loadBalance   primary and secondary share by weight; backup when both fail.
 * WAN binding adds a policy per VLAN (by its subnet), and MA rules send chosen destinations out of
 * one WAN; mwan3 checks rules in order, so MA rules come first, then VLANs, then the default.
 */
import { isNone, type MaRule, type MultipleWanSection, type WanBinding } from '@edge/protocol';
import type { RenderContext } from './context.ts';
import type { Fragment } from './fragment.ts';
import { uciName, wanNetwork } from './names.ts';
import type { UciSection } from './uci.ts';

interface Member {
  wan: string;
  metric: number;
  weight: number;
}

const memberName = (m: Member): string => `${wanNetwork(m.wan)}_m${m.metric}_w${m.weight}`;
const chosen = (...wans: string[]): string[] => wans.filter((w) => !isNone(w));

/** The members of the device-wide policy, by mode. */
function policyMembers(doc: MultipleWanSection): Member[] {
  const { primary, secondary, backup } = doc;
  const { primaryWeight, secondaryWeight } = doc.loadBalance;
  switch (doc.mode) {
    case 'single':
      return [{ wan: primary, metric: 1, weight: 1 }];
    case 'loadBalance':
      return [
        { wan: primary, metric: 1, weight: primaryWeight },
        { wan: secondary, metric: 1, weight: secondaryWeight },
        ...chosen(backup).map((wan) => ({ wan, metric: 2, weight: 1 })),
      ];
    default:
      return chosen(primary, secondary, backup).map((wan, i) => ({ wan, metric: i + 1, weight: 1 }));
  }
}

/** A VLAN's own policy: bind uses its primary WAN only; failover its primary, then secondary. */
function bindingMembers(binding: WanBinding): Member[] {
  const wans = binding.mode === 'bind' ? chosen(binding.primary) : chosen(binding.primary, binding.secondary);
  return wans.map((wan, i) => ({ wan, metric: i + 1, weight: 1 }));
}

function trackedInterface(wan: string, doc: MultipleWanSection): UciSection {
  const { mode, pingTarget, period, latencyThreshold, ttl } = doc.detection;
  return {
    config: 'mwan3',
    type: 'interface',
    name: wanNetwork(wan),
    options: {
      enabled: true,
      family: 'ipv4',
      track_method: mode,
      track_ip: [pingTarget],
      reliability: 1,
      count: 1,
      timeout: 2,
      interval: period,
      max_ttl: ttl,
      // A link slower than the threshold counts as failing; it recovers at half of it, so it does not flap.
      check_quality: true,
      failure_latency: latencyThreshold,
      recovery_latency: Math.max(1, Math.floor(latencyThreshold / 2)),
      down: 3,
      up: 3,
    },
  };
}

const section = (type: string, name: string, options: UciSection['options']): UciSection => ({
  config: 'mwan3',
  type,
  name,
  options,
});

/**
 * unreachable rather than the main table: traffic bound to dead WANs must not leak out of another one.
 * mwan3 builds chain names from policy names and allows 15 characters.
 */
function policy(name: string, members: Member[]): UciSection {
  if (name.length > 15)
    throw new Error(`mwan3 policy name ${name} is longer than 15 characters; use a shorter interface name`);
  return section('policy', name, { use_member: members.map(memberName), last_resort: 'unreachable' });
}

/** Names of a VLAN's policy and rule, and of the policy of an MA rule's WAN (UCI names are unique per file). */
const vlanPolicy = (vid: number): string => `bind_vlan${vid}`;
const vlanRule = (vid: number): string => `vlan${vid}_rule`;
const onlyPolicy = (wan: string): string => `only_${uciName(wan)}`;

const PROTO: Record<MaRule['protocol'], string> = { all: 'all', TCP: 'tcp', UDP: 'udp' };

function maRuleSection(rule: MaRule, index: number): UciSection {
  return section('rule', `ma_${index}`, {
    dest_ip: rule.destination || '0.0.0.0/0',
    proto: PROTO[rule.protocol],
    dest_port: rule.protocol !== 'all' && rule.port !== null ? rule.port : undefined,
    family: 'ipv4',
    use_policy: onlyPolicy(rule.wan),
  });
}

export function renderMultipleWan(
  doc: MultipleWanSection,
  ctx: Pick<RenderContext, 'vlanSubnets'>,
): Fragment {
  // A binding needs its VLAN's subnet to match on; a VLAN without a DHCP pool has none and is skipped.
  const bindings = doc.binding.filter((b) => b.mode !== 'multiAccess' && ctx.vlanSubnets.has(b.vid));
  const maWans = [...new Set(doc.maRules.map((r) => r.wan))];
  const members = [
    ...policyMembers(doc),
    ...bindings.flatMap(bindingMembers),
    ...maWans.map((wan) => ({ wan, metric: 1, weight: 1 })),
  ];
  const uniqueMembers = [...new Map(members.map((m) => [memberName(m), m])).values()];
  const wans = [...new Set(members.map((m) => m.wan))];
  return {
    uci: [
      section('globals', 'globals', { mmx_mask: '0x3F00' }),
      ...wans.map((wan) => trackedInterface(wan, doc)),
      ...uniqueMembers.map((m) =>
        section('member', memberName(m), {
          interface: wanNetwork(m.wan),
          metric: m.metric,
          weight: m.weight,
        }),
      ),
      policy('edge', policyMembers(doc)),
      ...bindings.map((b) => policy(vlanPolicy(b.vid), bindingMembers(b))),
      ...maWans.map((wan) => policy(onlyPolicy(wan), [{ wan, metric: 1, weight: 1 }])),
      ...doc.maRules.map(maRuleSection),
      ...bindings.map((b) =>
        section('rule', vlanRule(b.vid), {
          src_ip: ctx.vlanSubnets.get(b.vid),
          dest_ip: '0.0.0.0/0',
          family: 'ipv4',
          use_policy: vlanPolicy(b.vid),
        }),
      ),
      section('rule', 'default_rule', {
        dest_ip: '0.0.0.0/0',
        family: 'ipv4',
        use_policy: 'edge',
        sticky: doc.mode === 'failover' ? true : undefined,
        timeout: doc.mode === 'failover' ? 600 : undefined,
      }),
    ],
    nft: {},
  };
}
