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

const changed = { invalidates: [sdwanKey] };
export const useSdwanMutations = () => ({
  siteAdd: useEndpointMutation(sdwan.siteAdd, changed),
  siteEdit: useEndpointMutation(sdwan.siteEdit, changed),
  siteDelete: useEndpointMutation(sdwan.siteDelete, changed),
  nodeAdd: useEndpointMutation(sdwan.nodeAdd, changed),
  nodeEdit: useEndpointMutation(sdwan.nodeEdit, changed),
  nodeDelete: useEndpointMutation(sdwan.nodeDelete, changed),
  linkAdd: useEndpointMutation(sdwan.linkAdd, changed),
  linkEdit: useEndpointMutation(sdwan.linkEdit, changed),
  linkDelete: useEndpointMutation(sdwan.linkDelete, changed),
  subnetAdd: useEndpointMutation(sdwan.subnetAdd, changed),
  subnetEdit: useEndpointMutation(sdwan.subnetEdit, changed),
  subnetDelete: useEndpointMutation(sdwan.subnetDelete, changed),
});
export type SdwanMutations = ReturnType<typeof useSdwanMutations>;
