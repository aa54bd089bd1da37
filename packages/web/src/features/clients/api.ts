/**
 * The Clients app's list (protocol endpoints/clients.ts), and block, unblock and unlink as the device's own
 * settings calls (the configuration path, with its rules and confirmation), each refreshing the list.
 */
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type ClientListQuery, type ClientListResponse } from '@edge/protocol';
import { callWith } from '../../api/call.ts';
import { queryKeys, useEndpointQuery } from '../../api/hooks.ts';
import { settingsEndpoint } from '../deviceSettings/api.ts';

const { clients } = endpoints;
/** The list follows clients coming and going; a pending block follows the device (PendingBlockWatch). */
export const REFRESH_MS = 10_000;
/**
 * While a block or unblock is on its way the list is read more often: the device may apply it, and announce
 * it, before the page subscribes to the device's settings (PendingBlockWatch), leaving nothing to hear.
 */
export const PENDING_READ_MS = 3000;

/** How soon the list is read again, given the page last read. */
export const clientListInterval = (page: ClientListResponse | undefined): number =>
  page?.list.some((r) => r.blockChange !== null) ? PENDING_READ_MS : REFRESH_MS;

export const useClientList = (query: ClientListQuery) =>
  useEndpointQuery(clients.list, query, {
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) => clientListInterval(state.data),
  });

export type ClientAction = 'clients/block' | 'clients/unblock' | 'clients/unlink';

export function useClientAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      body,
    }: {
      action: ClientAction;
      body: { id: string; mac: string; name?: string };
    }) => callWith(settingsEndpoint(action), body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.endpoint(clients.list) }),
  });
}
