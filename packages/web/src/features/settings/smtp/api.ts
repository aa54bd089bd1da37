/** Settings > SMTP: the outgoing mail server and a test send through it. */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';

const { smtp } = endpoints;

export const useSmtp = () => useEndpointQuery(smtp.get);

export const useSaveSmtp = () =>
  useEndpointMutation(smtp.save, {
    onSuccess: (saved, _body, client) => client.setQueryData(queryKeys.of(smtp.get), saved),
  });

/** The result is shown on the page itself, so the generic error toast stays out of it. */
export const useTestSmtp = () =>
  useEndpointMutation(
    smtp.test,
    { toInput: (receiverAddress?: string) => (receiverAddress ? { receiverAddress } : {}) },
    { meta: { silentError: true } },
  );
