/**
 * NAT rules (SPEC 2, 3): traffic from a source subnet leaving by an interface is masqueraded, rewritten
 * to a fixed address (SNAT) or exempted from NAT. The agent renders them into the `postrouting` chain
 * of the device's `inet edge` nftables table, in priority order.
 */
import { z } from 'zod';
import { choice, freeText, report, text, wholeNumber, TEXT_FIELD_MAX } from './fields.ts';
import { interfaceFieldRule, ipFieldRule, natSubnetRule } from './rules.ts';
import { call, deviceQuery, forDevice } from './calls.ts';

export const natActions = ['MASQUERADE', 'SNAT', 'ACCEPT'] as const;
export type NatAction = (typeof natActions)[number];

/** Where the rules live on the device; shown in the NAT rule table (SPEC 3), not chosen by the user. */
export const NAT_TABLE = 'edge';
/** Rules are ordered by priority; nftables keeps it in 16 bits. */
export const NAT_PRIORITY_MAX = 65_535;
export const NAT_CHAIN = 'postrouting';

export const natRule = z
  .object({
    subnet: text(natSubnetRule),
    description: freeText(TEXT_FIELD_MAX.description),
    iface: text(interfaceFieldRule('natInterfaceRequired')),
    /** The subnet rule of SPEC 5 admits IPv4 only. */
    ipVersion: z.literal('IPv4').default('IPv4'),
    table: z.literal(NAT_TABLE).default(NAT_TABLE),
    chain: z.literal(NAT_CHAIN).default(NAT_CHAIN),
    /** Lower runs first. */
    priority: wholeNumber(
      (n) => (Number.isInteger(n) && n >= 0 ? null : 'natPriorityRange'),
      NAT_PRIORITY_MAX,
    ),
    action: choice(natActions, 'natActionRequired'),
    /** The address SNAT rewrites to; unused by the other actions. */
    snatIp: z.string().default(''),
  })
  .superRefine((rule, ctx) => {
    if (rule.action === 'SNAT') report(ctx, ipFieldRule('snatIpEmpty', 'ipFormat')(rule.snatIp), ['snatIp']);
  });
export type NatRule = z.infer<typeof natRule>;

export const natSection = z.object({ list: z.array(natRule) });
export type NatSection = z.infer<typeof natSection>;

/** No rule until the user adds one: the WAN renderer alone decides nothing about NAT. */
export const natDefaults: NatSection = { list: [] };

/** SPEC 7 lists no NAT calls; these follow the pattern of the other sections (read, then set the table). */
export const natCalls = [
  call('nat', 'GET', 'nat/currentConfig', deviceQuery, false),
  call('nat', 'PATCH', 'nat/setting', forDevice(natSection), false),
];
