/**
 * Port forwarding (SPEC 2, 3): a connection arriving on an external interface and port is sent to an
 * internal IP and port. The agent renders each as a dnat rule of the `inet edge` table.
 */
import { z } from 'zod';
import { portRule } from '../validation.ts';
import { choice, freeText, report, selected, text, wholeNumber, TEXT_FIELD_MAX } from './fields.ts';
import { duplicateIndex, interfaceFieldRule, ipFieldRule } from './rules.ts';
import { call, deviceQuery, forDevice } from './calls.ts';

export const forwardProtocols = ['TCP', 'UDP'] as const;

const port = selected(wholeNumber(portRule), 'portRange');

export const portForward = z.object({
  internalIp: text(ipFieldRule('internalIpEmpty', 'ipFormat')),
  internalPort: port,
  protocol: choice(forwardProtocols, 'protocolEmpty'),
  externalIface: text(interfaceFieldRule('externalInterfaceRequired')),
  externalPort: port,
  description: freeText(TEXT_FIELD_MAX.description),
});
export type PortForward = z.infer<typeof portForward>;

export const portForwardSection = z.object({ list: z.array(portForward) }).superRefine((doc, ctx) => {
  // One external port can lead to one place only.
  const dup = duplicateIndex(doc.list.map((f) => `${f.externalIface}/${f.protocol}/${f.externalPort}`));
  if (dup >= 0) report(ctx, 'portForwardDuplicate', ['list', dup, 'externalPort']);
});
export type PortForwardSection = z.infer<typeof portForwardSection>;

export const portForwardDefaults: PortForwardSection = { list: [] };

/** SPEC 7 lists no port forwarding calls; these follow the pattern of the other sections. */
export const portForwardCalls = [
  call('portForward', 'GET', 'portForward/currentConfig', deviceQuery, false),
  call('portForward', 'PATCH', 'portForward/setting', forDevice(portForwardSection), false),
];
