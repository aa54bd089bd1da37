/**
 * The typed client: `call(endpoint, input)` sends a request to an endpoint declared in
 * packages/protocol/src/endpoints and resolves with its declared answer. The method and path come from
 * the declaration; the input's fields are sorted into path parameters, query and body by its schemas.
 */
import { fieldsOf, fillPath, type AnswerOf, type Endpoint, type InputOf } from '@edge/protocol';
import { api, type Query } from './client.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** Upload progress of a multipart POST, 0-100. */
  onProgress?: (percent: number) => void;
}

/** An endpoint that takes nothing (or nothing required) may be called without input. */
type Args<E extends Endpoint> =
  Record<never, never> extends InputOf<E>
    ? [input?: InputOf<E>, opts?: CallOptions]
    : [input: InputOf<E>, opts?: CallOptions];

function pick(from: Record<string, unknown>, keys: string[]): Query {
  const picked: Query = {};
  for (const key of keys) {
    if (key in from) {
      picked[key] = from[key] as Query[string];
      delete from[key];
    }
  }
  return picked;
}

export function call<E extends Endpoint>(endpoint: E, ...[input, opts = {}]: Args<E>): Promise<AnswerOf<E>> {
  const { path, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
  type Answer = AnswerOf<E>;
  if (endpoint.upload) {
    const form = rest.form as FormData;
    delete rest.form;
    const query = pick(rest, Object.keys(rest));
    if (endpoint.method === 'POST') return api.upload.post<Answer>(path, form, opts.onProgress);
    return api.upload.patch<Answer>(path, form, { query, signal: opts.signal });
  }
  if (endpoint.method === 'GET') return api.get<Answer>(path, { query: rest as Query, signal: opts.signal });
  const query = pick(rest, fieldsOf(endpoint.query));
  const options = { query, signal: opts.signal };
  const body = endpoint.body ? rest : undefined;
  switch (endpoint.method) {
    case 'POST':
      return api.post<Answer>(path, body, options);
    case 'PATCH':
      return api.patch<Answer>(path, body, options);
    case 'DELETE':
      return api.delete<Answer>(path, body, options);
  }
}

/** The address of an endpoint with its input as query, for what the browser loads itself (an <img>, a link). */
export function urlOf<E extends Endpoint>(endpoint: E, ...[input]: Args<E>): string {
  const { path, rest } = fillPath(endpoint.path, (input ?? {}) as Record<string, unknown>);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** `call` with an input held in a variable of the general type (hooks pass theirs through). */
export const callWith = <E extends Endpoint>(
  endpoint: E,
  input: InputOf<E> | undefined,
  opts?: CallOptions,
) => (call as (e: E, i?: InputOf<E>, o?: CallOptions) => Promise<AnswerOf<E>>)(endpoint, input, opts);
