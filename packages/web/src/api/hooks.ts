/**
 * React Query hooks built from the endpoint declarations: a query's key is its endpoint's (feature, name,
 * input), so each feature has one set of keys and a change can refresh a whole feature or one endpoint.
 */
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { AnswerOf, Endpoint, EndpointFeature, InputOf } from '@edge/protocol';
import type { ApiError } from './ApiError.ts';
import { callWith } from './call.ts';

/** Keys: `[feature]` holds every query of the feature, `[feature, name]` every input of one endpoint. */
export const queryKeys = {
  feature: (feature: EndpointFeature) => [feature] as const,
  endpoint: (endpoint: Endpoint) => [endpoint.feature, endpoint.name] as const,
  of: <E extends Endpoint>(endpoint: E, input?: InputOf<E>) =>
    input === undefined
      ? ([endpoint.feature, endpoint.name] as const)
      : ([endpoint.feature, endpoint.name, input] as const),
};

type QueryOptions<E extends Endpoint, T> = Omit<
  UseQueryOptions<AnswerOf<E>, ApiError, T>,
  'queryKey' | 'queryFn'
>;

/** Reads an endpoint; `select` and the other React Query options as usual. */
export function useEndpointQuery<E extends Endpoint, T = AnswerOf<E>>(
  endpoint: E,
  input?: InputOf<E>,
  options: QueryOptions<E, T> = {},
) {
  return useQuery({
    queryKey: queryKeys.of(endpoint, input) as QueryKey,
    queryFn: ({ signal }) => callWith(endpoint, input, { signal }),
    ...options,
  });
}

/** Runs after a change: the keys to read again (a feature, an endpoint, one query) and anything else. */
export interface MutationEffects<E extends Endpoint, V> {
  invalidates?: readonly QueryKey[];
  onSuccess?: (answer: AnswerOf<E>, variables: V, client: QueryClient) => unknown;
}

/**
 * Changes through an endpoint. `toInput` turns what the screen passes into the endpoint's input (by
 * default it is the input); the invalidations are awaited, so a confirmation spins until they are read.
 * (Mutations are not keyed: their answers go into the cache through `onSuccess` where a screen shows them.)
 */
export function useEndpointMutation<E extends Endpoint, V = InputOf<E>>(
  endpoint: E,
  effects: MutationEffects<E, V> & {
    toInput?: (variables: V) => InputOf<E>;
    /** Sends it another way than `call(endpoint, toInput(variables))` (e.g. reporting upload progress). */
    send?: (variables: V) => Promise<AnswerOf<E>>;
  } = {},
  options: Omit<UseMutationOptions<AnswerOf<E>, ApiError, V>, 'mutationFn' | 'onSuccess'> = {},
) {
  const client = useQueryClient();
  const toInput = effects.toInput ?? ((v: V) => v as unknown as InputOf<E>);
  return useMutation({
    mutationFn: effects.send ?? ((variables: V) => callWith(endpoint, toInput(variables))),
    onSuccess: async (answer, variables) => {
      await Promise.all([
        ...(effects.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })),
        effects.onSuccess?.(answer, variables, client),
      ]);
    },
    ...options,
  });
}
