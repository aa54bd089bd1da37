/** The quick-start guide's calls (protocol endpoints/guide.ts): the signed-in user's own choice. */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { guide } = endpoints;

/** Quiet when it cannot load: the console works without its guide. */
export const useGuide = () =>
  useEndpointQuery(guide.get, undefined, { retry: false, meta: { silentError: true } });

export const useSetGuide = () =>
  useEndpointMutation(guide.set, {
    toInput: (dismissed: boolean) => ({ dismissed }),
    onSuccess: (state, _dismissed, client) => client.setQueryData(queryKeys.of(guide.get), state),
  });
