/**
 * General (SPEC 2 "Settings, General" and 4 "Remote help"): the device name, and whether support may
 * remote in. Remote help on makes the device forward its SSH port (22) to the provider's server, an
 * outbound tunnel the device opens; off closes it.
 */
import { z } from 'zod';
import { call, deviceQuery, forDevice } from './calls.ts';
import { text } from './fields.ts';
import { deviceNameRule } from './rules.ts';

export const generalSection = z.object({
  deviceName: text(deviceNameRule),
  remoteHelp: z.boolean(),
});
export type GeneralSection = z.infer<typeof generalSection>;

/** Remote help is off until someone turns it on, with a confirmation (SPEC 4). */
export const generalDefaults: GeneralSection = { deviceName: 'edge-router', remoteHelp: false };

export const deviceNameRequest = forDevice(generalSection.pick({ deviceName: true }));
export const remoteHelpRequest = forDevice(generalSection.pick({ remoteHelp: true }));

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
];
