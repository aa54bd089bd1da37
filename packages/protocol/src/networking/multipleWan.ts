/**
 * Multiple WAN (SPEC 2, 3, 4): how the device uses its WAN interfaces (single WAN, failover, failback,
 * load balance), how it checks a link is alive, and WAN binding: per VLAN, which WANs its traffic may
 * leave by, plus the rules that send chosen traffic out of a chosen WAN (SPEC 7 "MA rules").
 */
import { z } from 'zod';
import { numberInputRule, portRule } from '../validation.ts';
import { choice, report, selected, text, wholeNumber, type IssueSink } from './fields.ts';
import {
  destinationRule,
  duplicateIndex,
  interfaceFieldRule,
  isNone,
  lanVidRule,
  optionalInterfaceRule,
  pingTargetRule,
  notEmptyRule,
  ttlRule,
  wanSelectionRule,
} from './rules.ts';
import { call, deviceQuery, deviceVidQuery, forDevice } from './calls.ts';
import { sameDocument } from './compare.ts';

export const multipleWanModes = ['single', 'failover', 'failback', 'loadBalance'] as const;
export type MultipleWanMode = (typeof multipleWanModes)[number];

/** How the link check probes the target: ICMP echo, ARP (same segment) or HTTP. */
export const detectionModes = ['ping', 'arping', 'httping'] as const;

/** Primary and secondary WAN of a mode (SPEC 5), with the issue on the field the user must fix. */
function reportWanSelection(
  choice: { mode: string; primary: string; secondary: string },
  ctx: IssueSink,
  at: (string | number)[] = [],
) {
  const code = wanSelectionRule(choice);
  // The issue sits on the field to fix: the empty one, or the secondary when both name the same WAN.
  const field = isNone(choice.primary) ? 'primary' : 'secondary';
  report(ctx, code, [...at, field]);
  if (!isNone(choice.primary)) report(ctx, optionalInterfaceRule(choice.primary), [...at, 'primary']);
  if (!isNone(choice.secondary)) report(ctx, optionalInterfaceRule(choice.secondary), [...at, 'secondary']);
}

/** What a device's link checker and balancer can use: a day between checks, a minute of latency, weights to 100. */
export const MULTIPLE_WAN_MAX = { periodS: 86_400, latencyMs: 60_000, weight: 100 } as const;

const policyShape = z.object({
  mode: choice(multipleWanModes, 'multipleWanModeRequired'),
  /** Interface names; '' or 'None' when not chosen. */
  primary: z.string(),
  secondary: z.string(),
  /** Used when the primary and secondary WAN both fail; None for no backup. */
  backup: text(optionalInterfaceRule),
  detection: z.object({
    mode: choice(detectionModes, 'detectionModeRequired'),
    pingTarget: text(pingTargetRule),
    /** Seconds between checks. */
    period: wholeNumber(numberInputRule, MULTIPLE_WAN_MAX.periodS),
    /** Milliseconds of round trip above which a link counts as failing. */
    latencyThreshold: wholeNumber(numberInputRule, MULTIPLE_WAN_MAX.latencyMs),
    ttl: wholeNumber(ttlRule),
  }),
  /** Share of new connections each WAN takes in load balance mode. */
  loadBalance: z.object({
    primaryWeight: wholeNumber(numberInputRule, MULTIPLE_WAN_MAX.weight),
    secondaryWeight: wholeNumber(numberInputRule, MULTIPLE_WAN_MAX.weight),
  }),
});
type Policy = z.infer<typeof policyShape>;

function refinePolicy(doc: Policy, ctx: IssueSink) {
  reportWanSelection(doc, ctx);
  if (doc.mode !== 'single' && !isNone(doc.backup) && [doc.primary, doc.secondary].includes(doc.backup)) {
    report(ctx, 'backupWanDistinct', ['backup']);
  }
}

/** The Multiple WAN page's own settings (SPEC 7 setLb). */
export const multipleWanPolicy = policyShape.superRefine(refinePolicy);

export const wanBindingModes = ['bind', 'failover', 'multiAccess'] as const;

/**
 * The WANs one VLAN may use: bind (only its primary WAN), failover (primary, then secondary) or
 * multiAccess (the device's policy and the MA rules).
 */
export const wanBinding = z
  .object({
    vid: selected(wholeNumber(lanVidRule), 'vlanIdRequired'),
    mode: choice(wanBindingModes, 'wanBindingModeRequired'),
    primary: z.string(),
    secondary: z.string(),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'bind') reportWanSelection({ ...b, mode: 'single' }, ctx);
    if (b.mode === 'failover') reportWanSelection(b, ctx);
  });
export type WanBinding = z.infer<typeof wanBinding>;

export const maProtocols = ['all', 'TCP', 'UDP'] as const;

/** Traffic to `destination` (and `port`) leaves by `wan`. */
export const maRule = z.object({
  name: text(notEmptyRule('ruleNameEmpty')),
  destination: text(destinationRule),
  protocol: choice(maProtocols, 'protocolEmpty'),
  /** Destination port for TCP or UDP; null for any. */
  port: z.union([z.null(), wholeNumber(portRule)]),
  wan: text(interfaceFieldRule('wanInterfaceRequired')),
});
export type MaRule = z.infer<typeof maRule>;

export const multipleWanSection = policyShape
  .extend({ binding: z.array(wanBinding), maRules: z.array(maRule) })
  .superRefine((doc, ctx) => {
    refinePolicy(doc, ctx);
    const dupVid = duplicateIndex(doc.binding.map((b) => b.vid));
    if (dupVid >= 0) report(ctx, 'bindingVidDuplicate', ['binding', dupVid, 'vid']);
    const dupName = duplicateIndex(doc.maRules.map((r) => r.name));
    if (dupName >= 0) report(ctx, 'ruleNameDuplicate', ['maRules', dupName, 'name']);
  });
export type MultipleWanSection = z.infer<typeof multipleWanSection>;

/** Single WAN on the default WAN port, checked by pinging a public resolver every 10 s. */
export const multipleWanDefaults: MultipleWanSection = {
  mode: 'single',
  primary: 'eth0',
  secondary: 'None',
  backup: 'None',
  detection: { mode: 'ping', pingTarget: '8.8.8.8', period: 10, latencyThreshold: 1000, ttl: 64 },
  loadBalance: { primaryWeight: 1, secondaryWeight: 1 },
  binding: [],
  maRules: [],
};

// ---- link status (SPEC 4: WAN link colours) ----

export const wanLinkStates = ['active', 'idle', 'fail'] as const;
export type WanLinkState = (typeof wanLinkStates)[number];
/** The colour of a WAN link and the tooltip word it stands for. */
export const wanLinkColours: Record<WanLinkState, 'green' | 'blue' | 'red'> = {
  active: 'green',
  idle: 'blue',
  fail: 'red',
};
export const wanLinkRoles = ['active', 'standby'] as const;

export const wanStatus = z.object({
  iface: z.string(),
  state: z.enum(wanLinkStates),
  role: z.enum(wanLinkRoles),
});
export type WanStatus = z.infer<typeof wanStatus>;

// ---- calls ----

const vidField = selected(wholeNumber(lanVidRule), 'vlanIdRequired');
export const wanBindRequest = forDevice(
  z.object({ vid: vidField, primary: text(interfaceFieldRule('primaryWanNotSelected')) }),
);
export const wanFailoverRequest = forDevice(
  z
    .object({ vid: vidField, primary: z.string(), secondary: z.string() })
    .superRefine((b, ctx) => reportWanSelection({ ...b, mode: 'failover' }, ctx)),
);
export const wanMultiAccessRequest = forDevice(z.object({ vid: vidField }));
export const maRuleDeleteRequest = forDevice(z.object({ name: z.string().min(1) }));

export const multipleWanCalls = [
  call('multipleWan', 'GET', 'multipleWan/getTableInfo', deviceVidQuery),
  call('multipleWan', 'GET', 'multipleWan/getWANStatus', deviceQuery),
  call('multipleWan', 'GET', 'multipleWan/supported', deviceQuery),
  call('multipleWan', 'GET', 'multipleWan/getLbCFG', deviceQuery),
  call('multipleWan', 'GET', 'multipleWan/getPingTarget', deviceQuery),
  call('multipleWan', 'GET', 'multipleWan/getTTL', deviceQuery),
  call('multipleWan', 'PATCH', 'multipleWan/setLb', forDevice(multipleWanPolicy)),
  call('multipleWan', 'GET', 'wanBinding/currentConfig', deviceVidQuery),
  call('multipleWan', 'GET', 'wanBinding/getBindList', deviceQuery),
  call('multipleWan', 'GET', 'wanBinding/maRuleList', deviceQuery),
  call('multipleWan', 'GET', 'wanBinding/supported', deviceQuery),
  call('multipleWan', 'POST', 'wanBinding/addMARule', forDevice(maRule)),
  call('multipleWan', 'PATCH', 'wanBinding/setBind', wanBindRequest),
  call('multipleWan', 'PATCH', 'wanBinding/setFo', wanFailoverRequest),
  call('multipleWan', 'PATCH', 'wanBinding/setMa', wanMultiAccessRequest),
  call('multipleWan', 'DELETE', 'wanBinding/delMARule', maRuleDeleteRequest),
];

/** Which WAN carries traffic, including the console's own connection, may change. */
export const multipleWanMayCutOff = (before: MultipleWanSection, after: MultipleWanSection): boolean =>
  !sameDocument(before, after);
