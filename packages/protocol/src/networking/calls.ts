/**
 * The device settings calls of SPEC section 7, as data: each row becomes an endpoint declaration
 * (endpoints/deviceSettings.ts), which the server serves and the web calls by the row's path under the
 * settings root; the method and full path are written only here.
 */
import { z } from 'zod';
import { isDeviceId } from '../device.ts';
import { messages } from '../messages.ts';
import type { SectionKey } from './keys.ts';

export const SETTINGS_API_ROOT = '/api/v1/inventory/settings';

export type SettingsMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface SettingsCall {
  /** The section document the call reads or changes. */
  section: SectionKey;
  method: SettingsMethod;
  /** Full API path, e.g. /api/v1/inventory/settings/portType/setting. */
  path: string;
  /** Query (GET) or body (others); every request names the device by `id`. */
  request: z.ZodType;
  /** read: answers from the reported configuration; write: changes the desired one and applies it. */
  kind: 'read' | 'write';
  /** false for calls the SPEC does not list (NAT, port forwarding, firewall, clients); they follow its pattern. */
  spec: boolean;
}

/** The device a settings call is about (SPEC 7 passes it as `id`). */
export const deviceIdField = z
  .string()
  .refine(isDeviceId, { message: messages.invalidRequest, params: { code: 'invalidRequest' } });

export const deviceQuery = z.object({ id: deviceIdField });
/** Query strings carry numbers as text; the VLAN ID of a `vid` query is read as a number. */
export const deviceVidQuery = deviceQuery.extend({ vid: z.coerce.number().int() });
export const deviceIfaceQuery = deviceQuery.extend({ iface: z.string().min(1) });

/** A body naming the device plus the fields of `schema` (its own refinements kept). */
export function forDevice<T extends z.ZodObject>(schema: T) {
  return schema.safeExtend({ id: deviceIdField });
}

/** The same for a body that is a union (a WAN interface in one of its modes). */
export function andDevice<T extends z.ZodType>(schema: T) {
  return z.intersection(deviceQuery, schema);
}

/** One row of the table; `spec` defaults to true because most rows come from SPEC 7. */
export function call(
  section: SectionKey,
  method: SettingsMethod,
  route: string,
  request: z.ZodType,
  spec = true,
): SettingsCall {
  return {
    section,
    method,
    path: `${SETTINGS_API_ROOT}/${route}`,
    request,
    kind: method === 'GET' ? 'read' : 'write',
    spec,
  };
}
