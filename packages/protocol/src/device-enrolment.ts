/** Enrolment messages (the flow is described at the top of device.ts). */
import { z } from 'zod';
import { DEVICE_ID_PATTERN, SERIAL_PATTERN } from './device.ts';

/** 32 random bytes, base64url: the password the device will use once adopted. */
export const ENROL_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** device -> console on `edge/v1/enrol/{serial}/request`; the fields Discovery shows, plus the key. */
export const enrolRequest = z.object({
  serial: z.string().regex(SERIAL_PATTERN),
  model: z.string().min(1).max(64),
  mac: z.string().max(17),
  ip: z.string().max(45),
  ifaceName: z.string().max(32),
  firmware: z.string().max(64),
  key: z.string().regex(ENROL_KEY_PATTERN),
});
export type EnrolRequest = z.infer<typeof enrolRequest>;

/** console -> device on `edge/v1/enrol/{serial}/reply`. Carries no secret (see device.ts). */
export const enrolReply = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({
    status: z.literal('adopted'),
    deviceId: z.string().regex(DEVICE_ID_PATTERN),
    username: z.string(),
  }),
]);
export type EnrolReply = z.infer<typeof enrolReply>;

/**
 * Serial of the n-th (1-based) simulated device of a fleet: SIM-000001, SIM-000002, ... The simulator
 * uses it to name its devices, and the demo launcher to provision those serials beforehand.
 */
export const fleetSerial = (prefix: string, n: number): string => `${prefix}-${String(n).padStart(6, '0')}`;
