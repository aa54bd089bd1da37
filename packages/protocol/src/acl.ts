/**
 * Access control lists (SPEC 2, 3, 5). Two lists of IP addresses with the same shape:
 * - the access control list: when enabled, the console answers only requests from its addresses;
 * - the admin ACL: when enabled, administrators may sign in only from its addresses.
 */
import { z } from 'zod';
import { aclDescriptionRule, ipAddressRule, requiredField } from './validation.ts';

export const aclLists = ['accessControl', 'adminAcl'] as const;
export type AclList = (typeof aclLists)[number];

const entryId = z.number().int().positive();
/** Changes that would shut out the caller's own address are refused (409) unless confirmed. */
const confirm = z.boolean().default(false);

export const aclEntryRequest = z.object({
  ipAddress: requiredField(ipAddressRule),
  Description: requiredField(aclDescriptionRule),
});
export type AclEntryRequest = z.infer<typeof aclEntryRequest>;
export const aclEntryEditRequest = aclEntryRequest.extend({ id: entryId, confirm });
export type AclEntryEditRequest = z.infer<typeof aclEntryEditRequest>;
export const aclEntryDeleteRequest = z.object({ id: entryId, confirm });
export const aclEnableRequest = z.object({ enabled: z.boolean(), confirm });
export type AclEnableRequest = z.infer<typeof aclEnableRequest>;

export const aclEntryView = z.object({
  id: z.number(),
  ipAddress: z.string(),
  Description: z.string(),
  createdAt: z.number(),
});
export type AclEntryView = z.infer<typeof aclEntryView>;
export const aclListResponse = z.object({
  enabled: z.boolean(),
  /** The address the console sees the caller at, so the screen can warn before a lockout. */
  yourAddress: z.string(),
  list: z.array(aclEntryView),
});
export type AclListResponse = z.infer<typeof aclListResponse>;

/** Which protections are on; `message` is SPEC 8's 'Neither access control nor access token is enabled' when none is. */
export const securityStatusResponse = z.object({
  accessControl: z.boolean(),
  adminAcl: z.boolean(),
  /** True while at least one access token is active (not expired, not revoked). */
  accessToken: z.boolean(),
  message: z.string().nullable(),
});
export type SecurityStatus = z.infer<typeof securityStatusResponse>;
