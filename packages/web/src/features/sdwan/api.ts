/** The SD-WAN app's calls (protocol endpoints/sdwan.ts) and the topology kept live over LIVE_CHANNELS.sdwan. */
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_CHANNELS, endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { useChannel } from '../../live/useChannel.ts';

const { sdwan } = endpoints;
export const sdwanKey = queryKeys.feature('sdwan');

/** The topology, replaced by each live message so the map and the tables follow without reload. */
export function useTopology() {
  const client = useQueryClient();
  const query = useEndpointQuery(sdwan.topology, undefined);
  useChannel(
    LIVE_CHANNELS.sdwan,
    '',
    (data) => client.setQueryData(queryKeys.of(sdwan.topology), data),
    () => void query.refetch(),
  );
  return query;
}

/** What every SD-WAN change reads again. */
export const changed = { invalidates: [sdwanKey] };
/** The deletes of the lists (the dialogs, SdwanForms.tsx, hold their own add and edit). */
export const useSdwanDeletes = () => ({
  siteDelete: useEndpointMutation(sdwan.siteDelete, changed),
  nodeDelete: useEndpointMutation(sdwan.nodeDelete, changed),
  linkDelete: useEndpointMutation(sdwan.linkDelete, changed),
  subnetDelete: useEndpointMutation(sdwan.subnetDelete, changed),
});
