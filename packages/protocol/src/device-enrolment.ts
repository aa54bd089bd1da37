/** Enrolment messages (the flow is described at the top of device.ts). */
import { z } from 'zod';
import { DEVICE_ID_PATTERN, SERIAL_PATTERN } from './device.ts';

/** 32 random bytes, base64url: the password the device will use once adopted. */
export const ENROL_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The organisation's enrolment secret, which agents are configured with: proof that the serial alone does
 * not give (serials are printed on devices and often sequential). The console makes 32 random bytes,
 * base64url; one named at start (ENROL_SECRET) may be shorter but not guessable.
 */
export const ENROL_SECRET_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * A per-device claim code, printed on the device label and listed in the provisioning CSV: a device that
 * presents it is adopted by the CSV on its own. Compared exactly as written.
 */
export const CLAIM_CODE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const isClaimCode = (value: string): boolean => CLAIM_CODE_PATTERN.test(value);

/**
 * Text a device reports about itself and the console shows (model, firmware): letters, digits, spaces and
 * the punctuation of version strings. Markup, quotes and control characters have no place in a model name,
 * and an agent that sends them is not a real one.
 */
const DEVICE_TEXT = /^[\p{L}\p{N}][\p{L}\p{N} ._+()/:,#~-]*$/u;
export const DEVICE_TEXT_MAX = 64;
export const isDeviceText = (value: string): boolean =>
  value.length <= DEVICE_TEXT_MAX && DEVICE_TEXT.test(value);
const deviceText = z.string().max(DEVICE_TEXT_MAX).regex(DEVICE_TEXT);
/** An interface name as Linux allows it (IFNAMSIZ), or none. */
const IFACE_NAME = /^[A-Za-z0-9._@-]{0,32}$/;
const MAC_OR_NONE = /^([0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5})?$/;
/** An IPv4 or IPv6 address in its usual text form, or none. */
const IP_OR_NONE = /^[0-9A-Fa-f.:]{0,45}$/;

/** device -> console on `edge/v1/enrol/{serial}/request`; the fields Discovery shows, plus the key and proof. */
export const enrolRequest = z.object({
  serial: z.string().regex(SERIAL_PATTERN),
  model: deviceText,
  mac: z.string().regex(MAC_OR_NONE),
  ip: z.string().regex(IP_OR_NONE),
  ifaceName: z.string().regex(IFACE_NAME),
  firmware: deviceText.or(z.literal('')),
  key: z.string().regex(ENROL_KEY_PATTERN),
  /** The organisation's enrolment secret, when the agent is configured with one. */
  secret: z.string().regex(ENROL_SECRET_PATTERN).optional(),
  /** The claim code on the device's label, when it has one. */
  claim: z.string().regex(CLAIM_CODE_PATTERN).optional(),
});
export type EnrolRequest = z.infer<typeof enrolRequest>;

/**
 * Why a request was not taken: `proof` neither a valid enrolment secret nor the serial's claim code;
 * `conflict` another key already waits for this serial (the operator must settle it); `full` Discovery
 * holds as many waiting devices as it may (ask again later). Requests over a rate limit get no answer.
 */
export const ENROL_REFUSALS = ['proof', 'conflict', 'full'] as const;
export type EnrolRefusal = (typeof ENROL_REFUSALS)[number];

/** console -> device on `edge/v1/enrol/{serial}/reply`. Carries no secret (see device.ts). */
export const enrolReply = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({
    status: z.literal('adopted'),
    deviceId: z.string().regex(DEVICE_ID_PATTERN),
    username: z.string(),
  }),
  z.object({ status: z.literal('refused'), reason: z.enum(ENROL_REFUSALS) }),
]);
export type EnrolReply = z.infer<typeof enrolReply>;

/**
 * How an enrolment key is shown to people (the Adopt dialog, the agent's log), so the operator can tell
 * two claimants of one serial apart: the first 16 bytes of the key's SHA-256, hex, in pairs. Takes the
 * hex digest (the console keeps only that; the agent computes it), so this file needs no crypto.
 */
export const keyFingerprint = (sha256Hex: string): string =>
  (sha256Hex.slice(0, 32).match(/../g) ?? []).join(':').toUpperCase();

/**
 * Serial of the n-th (1-based) simulated device of a fleet: SIM-000001, SIM-000002, ... The simulator
 * uses it to name its devices, and the demo launcher to provision those serials beforehand.
 */
export const fleetSerial = (prefix: string, n: number): string => `${prefix}-${String(n).padStart(6, '0')}`;
