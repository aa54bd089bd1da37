/**
 * Provision (SPEC 2, 3, 8; ARCHITECTURE "Enrolment"): devices waiting in Discovery, adopting them, and the
 * provisioning list uploaded as CSV whose serials are adopted automatically when they enrol.
 *
 * Routes (permission Provision view for reads, Provision manage for the rest):
 *
 *   GET    /api/v1/provision/discovery/list     query DiscoveryListQuery    -> DiscoveryListResponse (sorted by sn, case-insensitive)
 *   POST   /api/v1/provision/discovery/adopt    body  AdoptRequest          -> AdoptResponse
 *   GET    /api/v1/provision/discovery/download                             -> text/csv attachment (sn,name,group,profile,ip,ifaceName,mac,model,firmware)
 *   POST   /api/v1/provision/upload             multipart, one file field   -> ProvisionUploadResponse ('Provision file uploaded successfully')
 *   GET    /api/v1/provision/list                                           -> ProvisionListResponse
 *   DELETE /api/v1/provision/delete             body  ProvisionDeleteRequest -> MessageResponse
 *   POST   /api/v1/provision/rediscover                                     -> RediscoverResponse
 *   POST   /api/v1/provision/discovery/remove   body  DiscoveryRemoveRequest -> DiscoveryRemoveResponse
 *   GET    /api/v1/provision/enrolment-secret                               -> EnrolSecretResponse (manage)
 *   POST   /api/v1/provision/enrolment-secret/rotate                        -> EnrolSecretResponse
 *
 * CSV (upload): UTF-8, comma separated, first line the header `serial,name,group,profile` (case-insensitive,
 * any order; only serial is required as a column, and every row needs a serial). An optional `claimCode`
 * column holds the code printed on each device's label: only a device that presents it is adopted on its
 * own; a listed serial without one waits in Discovery for the operator like any other. Fields may be quoted with
 * "..." ("" inside for a quote). A group that does not exist is created. At most PROVISION_MAX_ROWS rows.
 * Bad files answer 400: an empty file 'Profile and IP content cannot be empty', a missing serial column
 * provisionCsvHeader, a bad serial provisionSerialInvalid (the message names the line).
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { deviceIdField, deviceRow } from './inventory.ts';
import { DEVICE_ID_PATTERN } from './device.ts';

export const PROVISION_CSV_HEADER = ['serial', 'name', 'group', 'profile'] as const;
/** The optional column of the provisioning CSV with each device's claim code. */
export const PROVISION_CLAIM_COLUMN = 'claimCode';
export const PROVISION_MAX_ROWS = 10_000;
/** Upload size limit of the CSV. */
export const PROVISION_MAX_BYTES = 1024 * 1024;

/** SPEC 2: Provision page type (defaults to Discovery). */
export const provisionTypes = ['Discovery'] as const;

export const discoveryDevice = z.object({
  id: z.string(),
  sn: z.string(),
  ifaceName: z.string(),
  profile: z.string(),
  IP: z.string(),
  name: z.string(),
  group: z.string(),
  model: z.string(),
  mac: z.string(),
  firmware: z.string(),
  /** First enrolment request, epoch ms. */
  createdAt: z.number(),
  /** keyFingerprint of the waiting agent's enrolment key: what the Adopt dialog shows. */
  fingerprint: z.string(),
  /**
   * Another agent asked for this serial with a different key (keyFingerprint of the latest such key); ''
   * when none did. The first claimant keeps the entry: the operator compares fingerprints with the
   * device's log, adopts, or removes the entry so the right device can enrol afresh.
   */
  conflictFingerprint: z.string(),
  /** When the latest conflicting request came, epoch ms; null without a conflict. */
  conflictAt: z.number().nullable(),
});
export type DiscoveryDeviceView = z.infer<typeof discoveryDevice>;

export const discoveryListQuery = z.object({
  type: z.enum(provisionTypes, { error: messages.invalidChoice }).default('Discovery'),
  /** Case-insensitive substring of sn, name, IP or MAC. */
  search: z.string().trim().max(128).optional(),
});
export type DiscoveryListQuery = z.input<typeof discoveryListQuery>;
export const discoveryListResponse = z.object({
  list: z.array(discoveryDevice),
  totalNumber: z.number(),
});
export type DiscoveryListResponse = z.infer<typeof discoveryListResponse>;

/** Longest name and profile an adopted device gets; the adopt form stops typing there too. */
export const ADOPT_TEXT_MAX = 64;
export const adoptRequest = z.object({
  /** Device id or serial of a waiting device. */
  id: deviceIdField,
  /** Defaults to the serial. */
  name: z.string().trim().max(ADOPT_TEXT_MAX, messages.deviceNameLength).optional(),
  groupId: z.number().int().positive().nullable().optional(),
  profile: z.string().trim().max(ADOPT_TEXT_MAX, messages.textTooLong).optional(),
});
export type AdoptRequest = z.infer<typeof adoptRequest>;
export const adoptResponse = z.object({ message: z.string(), device: deviceRow });
export type AdoptResponse = z.infer<typeof adoptResponse>;

export const provisionEntry = z.object({
  serial: z.string(),
  name: z.string(),
  /** Group name ('' for none). */
  group: z.string(),
  profile: z.string(),
  /** A claim code was listed: the device is adopted on its own when it presents it. */
  hasClaimCode: z.boolean(),
});
export type ProvisionEntryView = z.infer<typeof provisionEntry>;
export const provisionListResponse = z.object({ list: z.array(provisionEntry), totalNumber: z.number() });
export type ProvisionListResponse = z.infer<typeof provisionListResponse>;

export const provisionUploadResponse = z.object({
  message: z.string(),
  /** Serials now on the provisioning list from this file. */
  provisioned: z.number(),
  /** Of those, devices that were waiting in Discovery and were adopted now. */
  adopted: z.number(),
});
export type ProvisionUploadResponse = z.infer<typeof provisionUploadResponse>;

export const provisionDeleteRequest = z.object({
  serial: z
    .string({ error: messages.provisionSerialInvalid })
    .trim()
    .min(1, messages.provisionSerialInvalid)
    .max(64, messages.provisionSerialInvalid),
});
export type ProvisionDeleteRequest = z.infer<typeof provisionDeleteRequest>;

/**
 * Re-Discover. Waiting agents repeat their enrolment request every ENROL_RETRY_MS (10 s) by themselves, so
 * the console has nothing to ask them: it answers the Discovery list as it stands (a refresh).
 */
export const rediscoverResponse = discoveryListResponse.extend({ message: z.string() });
export type RediscoverResponse = z.infer<typeof rediscoverResponse>;

/** The most devices one removal names (the selection of a page, or a few pages of it). */
export const DISCOVERY_REMOVE_MAX = 1000;

/** Remove waiting devices from Discovery: those named, or every one (`all`). They may ask again. */
export const discoveryRemoveRequest = z.union(
  [
    z.object({
      ids: z
        .array(z.string().regex(DEVICE_ID_PATTERN, messages.deviceNotFound), {
          error: messages.discoveryRemoveEmpty,
        })
        .min(1, messages.discoveryRemoveEmpty)
        .max(DISCOVERY_REMOVE_MAX, messages.discoveryRemoveTooMany),
    }),
    z.object({ all: z.literal(true) }),
  ],
  { error: messages.discoveryRemoveEmpty },
);
export type DiscoveryRemoveRequest = z.infer<typeof discoveryRemoveRequest>;
export const discoveryRemoveResponse = z.object({ message: z.string(), removed: z.number() });
export type DiscoveryRemoveResponse = z.infer<typeof discoveryRemoveResponse>;

/**
 * An adopted device whose serial another agent asked to enrol with a different key (issue 13): the adopted
 * key is never replaced, but the operator is told, because either that agent is an impostor or the
 * adopted one was (then: remove the device so the right one can enrol). Dismissed once settled.
 */
export const adoptedConflict = z.object({
  id: z.string(),
  sn: z.string(),
  name: z.string(),
  /** keyFingerprint of the adopted key (the device's credential). */
  fingerprint: z.string(),
  /** keyFingerprint of the latest other key that asked for the serial. */
  conflictFingerprint: z.string(),
  /** When that request came, epoch ms. */
  conflictAt: z.number(),
});
export type AdoptedConflictView = z.infer<typeof adoptedConflict>;
export const adoptedConflictListResponse = z.object({ list: z.array(adoptedConflict) });
export type AdoptedConflictListResponse = z.infer<typeof adoptedConflictListResponse>;
/** Dismiss the conflict flag of an adopted device: the operator checked it was an impostor. */
export const conflictDismissRequest = z.object({
  id: z.string().regex(DEVICE_ID_PATTERN, messages.deviceNotFound),
});
export type ConflictDismissRequest = z.infer<typeof conflictDismissRequest>;

/** The organisation's enrolment secret, for administrators to configure agents with (Provision manage). */
export const enrolSecretResponse = z.object({
  secret: z.string(),
  /** When it was made or last rotated, epoch ms. */
  rotatedAt: z.number(),
  message: z.string().optional(),
});
export type EnrolSecretResponse = z.infer<typeof enrolSecretResponse>;
