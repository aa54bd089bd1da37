/**
 * The Notification app's calls (protocol endpoints/notify.ts) and what a rule selects: devices, groups,
 * policy profiles.
 */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { notify, inventory, profiles } = endpoints;
export const notifyKey = queryKeys.feature('notify');
const changed = { invalidates: [notifyKey] };
const byId = (id: number) => ({ id });

export const useContacts = () => useEndpointQuery(notify.contacts, undefined, { select: (r) => r.list });
export const useAddContact = () => useEndpointMutation(notify.contactAdd, changed);
export const useEditContact = () => useEndpointMutation(notify.contactEdit, changed);
export const useDeleteContact = () =>
  useEndpointMutation(notify.contactRemove, { ...changed, toInput: byId });
export const useTestContact = () => useEndpointMutation(notify.contactTest, { ...changed, toInput: byId });

export const useLinks = () => useEndpointQuery(notify.links, undefined, { select: (r) => r.list });
export const useAddLink = () => useEndpointMutation(notify.linkAdd, changed);
export const useDeleteLink = () => useEndpointMutation(notify.linkRemove, { ...changed, toInput: byId });

/** The delivery log, read again every 5 s while shown (retries happen on the console meanwhile). */
export const useDeliveries = () =>
  useEndpointQuery(notify.deliveries, {}, { select: (r) => r.list, refetchInterval: 5000 });
export const useResend = () => useEndpointMutation(notify.resend, { ...changed, toInput: byId });

export const useGroupChoices = () =>
  useEndpointQuery(
    inventory.groupList,
    {},
    { select: (r) => r.list.map((g) => ({ value: g.id, label: g.name })) },
  );
/** Policy profiles a rule about profiles watches (Profile Management's list). */
export const useProfileChoices = (enabled: boolean) =>
  useEndpointQuery(
    profiles.list,
    {},
    { enabled, select: (r) => r.list.map((p) => ({ value: p.id, label: p.name })) },
  );
