/**
 * Firewall (SPEC 2, 3, 4): on or off; a whitelist of source IPs always let in; port rules that accept
 * or drop traffic to the device, SSH (port 22) among them. They govern what reaches the device from
 * its WAN side: the LAN side is trusted, and a LAN client is shut out with the blacklist (clients.ts).
 */
import { z } from 'zod';
import { portRule } from '../validation.ts';
import { REMOTE_HELP_PORT } from '../constants.ts';
import { choice, freeText, report, selected, text, wholeNumber, TEXT_FIELD_MAX } from './fields.ts';
import { duplicateIndex, ipFieldRule } from './rules.ts';
import { call, deviceQuery, forDevice } from './calls.ts';

export const firewallProtocols = ['TCP', 'UDP', 'TCP/UDP'] as const;
export const firewallActions = ['ACCEPT', 'DROP'] as const;

export const whitelistEntry = z.object({
  ip: text(ipFieldRule('firewallIpEmpty', 'ipFormat')),
  /** Only this port (TCP or UDP) when set; every port when null. */
  port: z.union([z.null(), wholeNumber(portRule)]),
  description: freeText(TEXT_FIELD_MAX.description),
});
export type WhitelistEntry = z.infer<typeof whitelistEntry>;

export const firewallRule = z.object({
  port: selected(wholeNumber(portRule), 'portRange'),
  protocol: choice(firewallProtocols, 'protocolEmpty'),
  action: choice(firewallActions, 'firewallActionRequired'),
  description: freeText(TEXT_FIELD_MAX.description),
});
export type FirewallRule = z.infer<typeof firewallRule>;

export const firewallSection = z
  .object({ enabled: z.boolean(), whitelist: z.array(whitelistEntry), rules: z.array(firewallRule) })
  .superRefine((doc, ctx) => {
    const dupIp = duplicateIndex(doc.whitelist.map((w) => `${w.ip}/${w.port ?? '*'}`));
    if (dupIp >= 0) report(ctx, 'whitelistDuplicate', ['whitelist', dupIp, 'ip']);
    const dupRule = duplicateIndex(doc.rules.map((r) => `${r.protocol}/${r.port}`));
    if (dupRule >= 0) report(ctx, 'firewallRuleDuplicate', ['rules', dupRule, 'port']);
  });
export type FirewallSection = z.infer<typeof firewallSection>;

/**
 * On, with SSH listed and closed from the WAN: support reaches the device through remote help (which
 * the device opens outward), so port 22 need not face the Internet until the operator opens it.
 */
export const firewallDefaults: FirewallSection = {
  enabled: true,
  whitelist: [],
  rules: [{ port: REMOTE_HELP_PORT, protocol: 'TCP', action: 'DROP', description: 'SSH' }],
};

export const firewallToggleRequest = forDevice(z.object({ enabled: z.boolean() }));

/** SPEC 7 lists no device firewall calls; these follow the pattern of the other sections. */
export const firewallCalls = [
  call('firewall', 'GET', 'firewall/currentConfig', deviceQuery, false),
  call('firewall', 'PATCH', 'firewall/setting', forDevice(firewallSection), false),
  call('firewall', 'PATCH', 'firewall/toggle', firewallToggleRequest, false),
];
