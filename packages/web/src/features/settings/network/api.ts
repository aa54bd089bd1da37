/** Settings > Network: the host's interfaces, the pending change's confirmation, the ports and the certificate. */
import { endpoints, type NetworkState } from '@edge/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';

const { network } = endpoints;
const keep = (state: NetworkState, _v: unknown, client: QueryClient) =>
  client.setQueryData(queryKeys.of(network.get), state);

/** Read again every 2 s while a change waits for its confirmation, so the window's end shows. */
export const useNetwork = () =>
  useEndpointQuery(network.get, undefined, {
    refetchInterval: (query) => (query.state.data?.pending ? 2000 : false),
  });

export const useApplyNetwork = () => useEndpointMutation(network.apply, { onSuccess: keep });
export const useConfirmNetwork = () => useEndpointMutation(network.confirm, { onSuccess: keep });
export const useRollbackNetwork = () => useEndpointMutation(network.rollback, { onSuccess: keep });
export const useSavePorts = () => useEndpointMutation(network.ports, { onSuccess: keep });
export const useUploadCertificate = () => useEndpointMutation(network.certificate, { onSuccess: keep });
export const useGenerateCertificate = () =>
  useEndpointMutation(network.generateCertificate, { onSuccess: keep });
