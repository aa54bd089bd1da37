/** Settings > Company: the company profile. */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';

const { company } = endpoints;

export const useCompany = () => useEndpointQuery(company.get);

export const useSaveCompany = () =>
  useEndpointMutation(company.save, {
    onSuccess: (saved, _body, client) => client.setQueryData(queryKeys.of(company.get), saved),
  });
