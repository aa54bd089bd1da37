/**
 * Licences (SPEC 1, 2, 3): a vendor-signed file naming devices (serials, each with its own expiry at most
 * the licence's) or a count of devices, its dates and its container application counts. The file is
 * `{format, payload, signature}`: payload the licence's JSON in base64, signature Ed25519 over those
 * decoded bytes, so nothing has to be re-serialised the same way to be checked. Days are UTC days: a
 * licence is in force from its startDate's first second to its endDate's last.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { emailRule, optional, phoneRule, requiredField, ruled, textRule } from './validation.ts';
import { calendarDate } from './validation.ts';
import { sortOrders } from './inventory.ts';

export const LICENSE_FORMAT = 'edge-license/1';
/** A licence file is small; anything larger is not one. */
export const LICENSE_FILE_MAX_BYTES = 1024 * 1024;

const date = calendarDate(messages.licenseFormat);

export const licensedDevice = z.object({
  sn: z.string().trim().min(1).max(64),
  /** Its own last day; the licence's endDate when left out, and never past it. */
  expire: date.optional(),
});

export const containerGrant = z.object({
  applicationName: z.string().trim().min(1).max(128),
  count: z.number().int().min(0).max(1_000_000),
});

/** What the vendor signs. */
export const licensePayload = z
  .object({
    id: z.string().trim().min(1).max(64),
    name: z.string().trim().min(1).max(128),
    customer: z.string().max(128).default(''),
    contactName: z.string().max(128).default(''),
    contactEmail: z.string().max(254).default(''),
    contactPhone: z.string().max(64).default(''),
    startDate: date,
    endDate: date,
    /** The devices it names; or, when empty, any `count` devices in the order they were adopted. */
    devices: z.array(licensedDevice).max(100_000).default([]),
    count: z.number().int().min(0).max(1_000_000).default(0),
    containers: z.array(containerGrant).max(1000).default([]),
  })
  .refine((l) => l.endDate >= l.startDate, { message: messages.licenseDatesInvalid });
export type LicensePayload = z.infer<typeof licensePayload>;

export const licenseFile = z.object({
  format: z.literal(LICENSE_FORMAT),
  payload: z.string().min(1),
  signature: z.string().min(1),
});
export type LicenseFile = z.infer<typeof licenseFile>;

/** SPEC 3 statuses: not shown as numbers; statusName is what the screens show. */
export const licenseStatuses = ['Pending', 'Active', 'Expired'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

/** Today as the licence dates count days (UTC). */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

export function licenseStatusOn(
  day: string,
  l: Pick<LicensePayload, 'startDate' | 'endDate'>,
): LicenseStatus {
  if (day < l.startDate) return 'Pending';
  return day > l.endDate ? 'Expired' : 'Active';
}

/** SPEC 3 Licence. number: devices it may cover; used: devices it covers now. */
export const licenseView = z.object({
  id: z.string(),
  name: z.string(),
  customer: z.string(),
  priority: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
  statusName: z.enum(licenseStatuses),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** 'serials': it names its devices; 'count': any `number` devices. */
  kind: z.enum(['serials', 'count']),
  number: z.number(),
  used: z.number(),
  unused: z.number(),
  uploadedAt: z.number(),
});
export type LicenseView = z.infer<typeof licenseView>;

export const trialView = z.object({
  /** No licence uploaded yet: the trial covers every device until `expiresAt`. */
  inUse: z.boolean(),
  expired: z.boolean(),
  startedAt: z.number(),
  expiresAt: z.number(),
});
export type TrialView = z.infer<typeof trialView>;

export const licenseListResponse = z.object({ list: z.array(licenseView), trial: trialView });
export type LicenseListResponse = z.infer<typeof licenseListResponse>;

/** What every signed-in user may know: whether the trial has run out (the desktop's notice). */
export const licenseStatusResponse = z.object({
  trial: trialView,
  lockedDevices: z.number(),
});

export const licenseIdRequest = z.object({ id: z.string().min(1).max(64) });
export const licensePriorityRequest = z.object({
  id: z.string().min(1).max(64),
  priority: z
    .number({ error: messages.licensePriorityInvalid })
    .int(messages.licensePriorityInvalid)
    .min(1, messages.licensePriorityInvalid),
});

export const licenseDevicesQuery = z.object({
  id: z.string().min(1).max(64),
  /** Sorted by expiry (SPEC 2), then serial. */
  order: z.enum(sortOrders, { error: messages.invalidChoice }).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

export const licenseDevice = z.object({
  /** '' for a named serial no adopted device has. */
  deviceId: z.string(),
  name: z.string(),
  sn: z.string(),
  expire: z.string(),
  /** Another licence of higher priority may cover a named device instead. */
  covered: z.boolean(),
});
export type LicenseDevice = z.infer<typeof licenseDevice>;
export const licenseDevicesResponse = z.object({ list: z.array(licenseDevice), totalNumber: z.number() });

/** GET /api/v1/license/link/list: every adopted device and what covers it. */
export const licenseLink = z.object({
  deviceId: z.string(),
  name: z.string(),
  sn: z.string(),
  /** null: the trial covers it, or nothing does (licenseLock). */
  licenseId: z.string().nullable(),
  licenseName: z.string(),
  expire: z.string(),
  licenseLock: z.boolean(),
});
export type LicenseLink = z.infer<typeof licenseLink>;
export const licenseLinkResponse = z.object({ list: z.array(licenseLink) });

/** SPEC 3 Container licence. */
export const containerLicense = z.object({
  applicationName: z.string(),
  count: z.number(),
  used: z.number(),
  unused: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});
export type ContainerLicense = z.infer<typeof containerLicense>;
export const containerLicenseResponse = z.object({ list: z.array(containerLicense) });

export const SALES_LICENSE_TYPES = ['Device', 'Container'] as const;
/** Months of authorization the form offers. */
export const SALES_LENGTHS = [1, 3, 6, 12, 24, 36] as const;
export const SALES_DESCRIPTION_MAX = 2000;

/** SPEC 2 sales support form. */
export const salesRequest = z.object({
  firstName: requiredField(textRule('salesFirstNameEmpty', 64)),
  lastName: requiredField(textRule('salesLastNameEmpty', 64)),
  contactName: requiredField(textRule('salesContactNameEmpty', 128)),
  email: requiredField(emailRule),
  phone: ruled(phoneRule).default(''),
  licenseType: z.enum(SALES_LICENSE_TYPES, { error: messages.salesLicenseTypeRequired }),
  amount: z
    .number({ error: messages.salesAmountRange })
    .int(messages.salesAmountRange)
    .min(1, messages.salesAmountRange)
    .max(100_000, messages.salesAmountRange),
  months: z
    .number({ error: messages.salesLengthRequired })
    .refine((m) => (SALES_LENGTHS as readonly number[]).includes(m), messages.salesLengthRequired),
  description: ruled(
    optional(textRule('salesDescriptionLength', SALES_DESCRIPTION_MAX, 'salesDescriptionLength')),
  ).default(''),
});
export type SalesRequest = z.infer<typeof salesRequest>;
