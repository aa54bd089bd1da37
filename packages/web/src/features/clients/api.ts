/**
 * The Clients app's list (protocol endpoints/clients.ts), and block, unblock and unlink as the device's own
 * settings calls (the configuration path, with its rules and confirmation), each refreshing the list.
 */
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type ClientListQuery } from '@edge/protocol';
import { callWith } from '../../api/call.ts';
import { queryKeys, useEndpointQuery } from '../../api/hooks.ts';
import { settingsEndpoint } from '../deviceSettings/api.ts';

const { clients } = endpoints;
/** The list follows clients coming and going; a pending block follows the device (PendingBlockWatch). */
const REFRESH_MS = 10_000;

export const useClientList = (query: ClientListQuery) =>
  useEndpointQuery(clients.list, query, { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });

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
