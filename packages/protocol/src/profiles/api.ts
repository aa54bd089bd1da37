/** Policy profiles on the API: what is stored, the dry run, the rollout and what each device holds since. */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { driftEntry, sectionStates } from '../device-settings.ts';
import { sectionKey } from '../device-config.ts';
import { deviceIdField } from '../networking/calls.ts';
import { wifiAuthentication } from '../networking/wifi.ts';
import { wifiAccountName } from '../auth-connect.ts';
import { policyProfileKinds } from './kinds.ts';
import { VARIABLE_LIMITS, variableValue } from './variables.ts';

export const PROFILES_API = '/api/v1/mission/profile';
export const PROFILE_APPLY_JOB_KIND = 'profiles.apply';
export const PROFILE_NAME_MAX = 64;

const code = (c: keyof typeof messages) => ({ message: messages[c], params: { code: c } });

export const profileName = z
  .string()
  .trim()
  .min(1, code('profileNameEmpty'))
  .max(PROFILE_NAME_MAX, code('profileNameLength'));

export const profileKind = z.enum(policyProfileKinds, code('profileKindRequired'));

export const policyProfileRequest = z.object({
  name: profileName,
  kind: profileKind,
  /** The section's document (kinds.ts), text fields may hold variables. */
  body: z.unknown(),
  values: z.array(variableValue).max(VARIABLE_LIMITS.rows).default([]),
});
export type PolicyProfileRequest = z.input<typeof policyProfileRequest>;

export const profileEditRequest = policyProfileRequest
  .omit({ kind: true })
  .extend({ id: z.number().int().min(1) });
export const profileIdQuery = z.object({ id: z.coerce.number().int().min(1) });
export const profileIdRequest = z.object({ id: z.number().int().min(1) });
export const profileListQuery = z.object({ kind: profileKind.optional() });

export const profileView = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: profileKind,
  section: sectionKey,
  body: z.unknown(),
  values: z.array(variableValue),
  /** The variables the body uses, built-ins included. */
  variables: z.array(z.string()),
  /** Devices it was applied to. */
  assigned: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.number(),
  createdAt: z.number(),
});
export type ProfileView = z.infer<typeof profileView>;

export const profileListResponse = z.object({ list: z.array(profileView) });
export const profileSaved = z.object({ message: z.string(), profile: profileView });

/** Which devices: a group's or a list (the list wins when both are given). */
export const profileTargets = z
  .object({
    id: z.number().int().min(1),
    groupId: z.number().int().min(1).optional(),
    deviceIds: z.array(deviceIdField).max(20_000).optional(),
  })
  .refine((t) => t.groupId !== undefined || (t.deviceIds?.length ?? 0) > 0, code('profileTargetsRequired'));
export type ProfileTargets = z.infer<typeof profileTargets>;

/** A device the profile cannot be sent to, and why (a missing variable, a value the section refuses). */
export const profileRefusal = z.object({
  code: z.string(),
  message: z.string(),
  /** The variables without a value, or the field the section's rule refused. */
  detail: z.string(),
});

export const dryRunDevice = z.object({
  deviceId: z.string(),
  name: z.string(),
  serial: z.string(),
  online: z.boolean(),
  /** Where the device's document would change: `desired` is the profile's, `reported` what it has now. */
  changes: z.array(driftEntry),
  refusal: profileRefusal.nullable(),
});
export type DryRunDevice = z.infer<typeof dryRunDevice>;

/** Rows shown at most; the counts cover every device. */
export const DRY_RUN_ROWS = 500;

export const dryRunResponse = z.object({
  section: sectionKey,
  total: z.number().int(),
  changing: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Refused first, then changing, then unchanged; at most DRY_RUN_ROWS. */
  devices: z.array(dryRunDevice),
});
export type DryRunResponse = z.infer<typeof dryRunResponse>;

export const rolloutRequest = profileTargets.and(
  z.object({
    /** Share of the devices in the canary wave. */
    canaryShare: z.number().min(0).max(1).default(0.1),
    /** The rollout halts once the failed share of its devices passes this. */
    maxFailedShare: z.number().min(0).max(1).default(0.2),
    concurrency: z.number().int().min(1).max(2000).default(50),
  }),
);
export type RolloutRequest = z.input<typeof rolloutRequest>;
export const rolloutResponse = z.object({ message: z.string(), jobId: z.number().int() });

/** What a rollout job carries: the profile as it was when the rollout started. */
export const profileJobParams = z.object({
  profileId: z.number().int(),
  name: z.string(),
  kind: profileKind,
  body: z.unknown(),
  values: z.array(variableValue),
  by: z.string(),
});
export type ProfileJobParams = z.infer<typeof profileJobParams>;

/**
 * A device the profile was applied to, now: applied (holds it), pending (not applied yet), failed (refused
 * or rolled back) or drifted (changed on the device, or by hand on the console, since).
 */
export const assignmentStates = ['applied', 'pending', 'failed', 'drifted'] as const;
export const assignmentView = z.object({
  deviceId: z.string(),
  name: z.string(),
  online: z.boolean(),
  state: z.enum(assignmentStates),
  sectionState: z.enum(sectionStates),
  jobId: z.number().int().nullable(),
  appliedAt: z.number(),
  drift: z.array(driftEntry),
});
export type AssignmentView = z.infer<typeof assignmentView>;
export const assignmentListResponse = z.object({ list: z.array(assignmentView) });

/**
 * SPEC 7 mission/profile/wifi/authentication/list: the stations a Wi-Fi profile lets associate, and the
 * console's Auth Connect accounts devices check hotspot and 802.1X users against (names only).
 */
export const wifiAuthenticationListResponse = z.object({
  list: z.array(wifiAuthentication),
  accounts: z.array(wifiAccountName),
});
