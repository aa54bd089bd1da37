/**
 * The state of a list page (search, filters, paging, sort) kept in the address, so a reload, a shared link
 * or Back shows the same list. The address is read with the protocol's query schema of the list (the one
 * the server checks the request with): a parameter it refuses (a page size that is not 10/20/30/40, an
 * unknown sort key) falls back to the schema's default instead of emptying the list.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A protocol query schema (zod, written once in @edge/protocol): text in, the typed query out. */
export interface UrlQuerySchema<Q> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Q }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

type UrlValue = string | number | boolean | undefined;
export type UrlQueryPatch<Q> = Partial<Record<keyof Q & string, UrlValue>>;

/** The query the address describes; each parameter the schema refuses is dropped, so its default applies. */
export function parseUrlQuery<Q>(schema: UrlQuerySchema<Q>, params: URLSearchParams): Q {
  let raw = Object.fromEntries([...params].filter(([, value]) => value !== ''));
  for (;;) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const kept = Object.entries(raw).filter(([key]) => !refused.has(key));
    if (kept.length === Object.keys(raw).length)
      throw new Error('a list query schema must accept an empty address (a default for every field)');
    raw = Object.fromEntries(kept);
  }
}

/** The address after `patch`: an empty value removes its parameter; any change but paging's goes to page 1. */
export function patchUrlQuery(params: URLSearchParams, patch: Record<string, UrlValue>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

interface Paged {
  page?: number;
  pageSize?: number;
}

export function useUrlQuery<Q extends object>(schema: UrlQuerySchema<Q>) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseUrlQuery(schema, params), [schema, params]);
  const patch = useCallback(
    (changes: Record<string, UrlValue>) =>
      setParams((prev) => patchUrlQuery(prev, changes), { replace: true }),
    [setParams],
  );
  const update: (changes: UrlQueryPatch<Q>) => void = patch;
  /** PaginatedTable's server-side paging: a new page size starts again at page 1. */
  const pagination = (total: number) => {
    const { page, pageSize } = query as Paged;
    return {
      current: page,
      pageSize,
      total,
      onChange: (nextPage: number, nextSize: number) =>
        patch(nextSize === pageSize ? { page: nextPage } : { page: 1, pageSize: nextSize }),
    };
  };
  return { query, update, pagination };
}
