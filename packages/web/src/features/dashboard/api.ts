/** Dashboard calls (protocol endpoints/dashboard.ts); the overview is read once, then kept current by the live channel. */
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_CHANNELS, endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { useChannel } from '../../live/useChannel.ts';

const { dashboard } = endpoints;

export function useLiveOverview() {
  const client = useQueryClient();
  const query = useEndpointQuery(dashboard.overview);
  useChannel(
    LIVE_CHANNELS.overview,
    '',
    (overview) => client.setQueryData(queryKeys.of(dashboard.overview), overview),
    () => void client.invalidateQueries({ queryKey: queryKeys.of(dashboard.overview) }),
  );
  return query;
}

export const useLayout = () => useEndpointQuery(dashboard.layout);
export const useSaveLayout = () =>
  useEndpointMutation(dashboard.saveLayout, { invalidates: [queryKeys.endpoint(dashboard.layout)] });
