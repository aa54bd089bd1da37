/** Port type (SPEC 2 "Networking, Port Type"): each Ethernet port works as WAN or LAN. */
import { z } from 'zod';
import { choice, report, text } from './fields.ts';
import { duplicateIndex, interfaceFieldRule, portTypeListsRule } from './rules.ts';
import { call, deviceQuery, forDevice } from './calls.ts';
import { sameDocument } from './compare.ts';

export const portTypes = ['WAN', 'LAN'] as const;
export type PortTypeWord = (typeof portTypes)[number];

export const portTypePort = z.object({
  /** The port's interface name on the device, e.g. eth0. */
  port: text(interfaceFieldRule('interfaceRequired')),
  type: choice(portTypes, 'portTypeRequired'),
});

export const portTypeSection = z.object({ ports: z.array(portTypePort) }).superRefine((doc, ctx) => {
  report(ctx, portTypeListsRule(doc.ports), ['ports']);
  const dup = duplicateIndex(doc.ports.map((p) => p.port));
  if (dup >= 0) report(ctx, 'portDuplicate', ['ports', dup, 'port']);
});
export type PortTypeSection = z.infer<typeof portTypeSection>;

/**
 * The common two-port router (eth0 WAN, eth1 LAN), the OpenWrt convention; a device's report replaces
 * it with the ports it really has.
 */
export const portTypeDefaults: PortTypeSection = {
  ports: [
    { port: 'eth0', type: 'WAN' },
    { port: 'eth1', type: 'LAN' },
  ],
};

export const portTypeCalls = [
  call('portType', 'GET', 'portType/currentConfig', deviceQuery),
  call('portType', 'PATCH', 'portType/setting', forDevice(portTypeSection)),
];

/** Moving a port between WAN and LAN re-plumbs the bridge and the uplink; the order of the rows does not matter. */
export const portTypeMayCutOff = (before: PortTypeSection, after: PortTypeSection): boolean =>
  !sameDocument(typeByPort(before), typeByPort(after));

const typeByPort = (doc: PortTypeSection) => Object.fromEntries(doc.ports.map((p) => [p.port, p.type]));
