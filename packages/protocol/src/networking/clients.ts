/**
 * Clients (SPEC 2 "Client list" and the Wi-Fi blacklist): MAC addresses the device shuts out, wired
 * or wireless. Block adds a MAC, unblock removes it; unlink only disconnects a client once (it may
 * come back), so it changes no configuration.
 */
import { z } from 'zod';
import { macRule } from '../validation.ts';
import { call, deviceQuery, forDevice } from './calls.ts';
import { freeText, report, text, TEXT_FIELD_MAX } from './fields.ts';
import { duplicateIndex } from './rules.ts';

export const blockedClient = z.object({
  /** 1a:2b:3c:4d:5e:6f; compared without regard to case. */
  mac: text(macRule),
  /** The host name the client had when it was blocked, for the list. */
  name: freeText(TEXT_FIELD_MAX.name).default(''),
});
export type BlockedClient = z.infer<typeof blockedClient>;

export const clientsSection = z.object({ blacklist: z.array(blockedClient) }).superRefine((doc, ctx) => {
  const dup = duplicateIndex(doc.blacklist.map((c) => c.mac.toLowerCase()));
  if (dup >= 0) report(ctx, 'macDuplicate', ['blacklist', dup, 'mac']);
});
export type ClientsSection = z.infer<typeof clientsSection>;

export const clientsDefaults: ClientsSection = { blacklist: [] };

export const clientMacRequest = forDevice(z.object({ mac: text(macRule) }));

/** SPEC 7 lists no client calls; these follow the pattern of the other sections. */
export const clientsCalls = [
  call('clients', 'GET', 'clients/list', deviceQuery, false),
  call('clients', 'POST', 'clients/block', forDevice(blockedClient), false),
  call('clients', 'POST', 'clients/unblock', clientMacRequest, false),
  call('clients', 'POST', 'clients/unlink', clientMacRequest, false),
];

/** Adds a MAC to the blacklist (idempotent, case-insensitive). */
export function blockClient(doc: ClientsSection, client: BlockedClient): ClientsSection {
  const mac = client.mac.toLowerCase();
  if (doc.blacklist.some((c) => c.mac.toLowerCase() === mac)) return doc;
  return { blacklist: [...doc.blacklist, { ...client, mac }] };
}

/** Removes a MAC from the blacklist. */
export function unblockClient(doc: ClientsSection, mac: string): ClientsSection {
  return { blacklist: doc.blacklist.filter((c) => c.mac.toLowerCase() !== mac.toLowerCase()) };
}
