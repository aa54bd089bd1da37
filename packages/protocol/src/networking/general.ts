/**
 * General (SPEC 2 "Settings, General" and 4 "Remote help"): the device name, whether support may remote
 * in, and the agent's jump-to services. Remote help on makes the device forward its SSH port (22) to the
 * provider's server, an outbound tunnel the device opens; off closes it. The jump-to services (SPEC 7
 * `agent/jumptoservices`) are the device-local services a jump link may reach through the tunnel: the
 * agent opens a tunnel stream to no other port (22 only with remote help on), and the console gives no
 * link to one either.
 */
import { z } from 'zod';
import { portRule } from '../validation.ts';
import { call, deviceQuery, forDevice } from './calls.ts';
import { report, text, wholeNumber } from './fields.ts';
import { deviceNameRule, duplicateIndex } from './rules.ts';

export const JUMP_SERVICE_TYPES = ['HTTP', 'HTTPS', 'SSH', 'TCP'] as const;
export type JumpServiceType = (typeof JUMP_SERVICE_TYPES)[number];
export const MAX_JUMP_SERVICES = 16;
export const JUMP_SERVICE_NAME_MAX = 32;

export const jumpService = z.object({
  name: text((v) => (v.trim() !== '' && v.length <= JUMP_SERVICE_NAME_MAX ? null : 'jumpServiceName')),
  type: z.enum(JUMP_SERVICE_TYPES),
  port: wholeNumber(portRule, 65535),
});
export type JumpService = z.infer<typeof jumpService>;

/** Unless told otherwise a device offers its web interface; a document from before the list gets the same. */
const DEFAULT_JUMP_SERVICES: JumpService[] = [{ name: 'Web interface', type: 'HTTP', port: 80 }];

export const generalSection = z
  .object({
    deviceName: text(deviceNameRule),
    remoteHelp: z.boolean(),
    jumpServices: z
      .array(jumpService)
      .max(MAX_JUMP_SERVICES)
      .default(() => structuredClone(DEFAULT_JUMP_SERVICES)),
  })
  .superRefine((doc, ctx) => {
    const dup = duplicateIndex(doc.jumpServices.map((s) => s.port));
    if (dup >= 0) report(ctx, 'jumpServiceDuplicate', ['jumpServices', dup, 'port']);
  });
export type GeneralSection = z.infer<typeof generalSection>;

/** Remote help is off until someone turns it on, with a confirmation (SPEC 4); the web interface may be jumped to. */
export const generalDefaults: GeneralSection = {
  deviceName: 'edge-router',
  remoteHelp: false,
  jumpServices: DEFAULT_JUMP_SERVICES,
};

/** Whether a jump link may reach `port` of a device with this General section (remote help aside). */
export function jumpServiceAt(doc: GeneralSection, port: number): JumpService | undefined {
  // A document stored before the list existed has none: it offers the defaults.
  const list: readonly JumpService[] | undefined = doc.jumpServices;
  return (list ?? DEFAULT_JUMP_SERVICES).find((s) => s.port === port);
}

export const deviceNameRequest = forDevice(z.object({ deviceName: text(deviceNameRule) }));
export const remoteHelpRequest = forDevice(z.object({ remoteHelp: z.boolean() }));
export const jumpServiceRequest = forDevice(jumpService);
export const jumpServiceDeleteRequest = forDevice(z.object({ port: wholeNumber(portRule, 65535) }));

export const generalCalls = [
  call(
    'general',
    'GET',
    'generalSetting/getConfig',
    deviceQuery.extend({ vid: z.coerce.number().int().optional() }),
  ),
  call('general', 'PATCH', 'generalSetting/setting', deviceNameRequest),
  call('general', 'GET', 'agent/generalSetting/get', deviceQuery),
  call('general', 'POST', 'agent/generalSetting/setting', remoteHelpRequest),
  call('general', 'GET', 'agent/jumptoservices/get', deviceQuery),
  call('general', 'POST', 'agent/jumptoservices/create', jumpServiceRequest),
  call('general', 'POST', 'agent/jumptoservices/setting', jumpServiceRequest),
  call('general', 'DELETE', 'agent/jumptoservices/delete', jumpServiceDeleteRequest),
  call('general', 'GET', 'agent/jumptoservices/type/list', deviceQuery),
];
