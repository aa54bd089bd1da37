/**
 * The console's only way to the API (SPEC 7): GET, POST, PUT (sent as POST), PATCH, DELETE with a body,
 * and multipart POST/PATCH for uploads. Same origin, so the session cookie goes along without a credentials flag.
 */
import { ApiError, apiErrorFrom } from './ApiError.ts';
import { CSRF_HEADER, csrfToken } from './csrf.ts';
import { recordUploadProgress } from './uploadProgress.ts';

export type Query = Record<string, string | number | boolean | undefined | null>;

interface Options {
  query?: Query;
  signal?: AbortSignal;
}

function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function headersFor(method: string, json: boolean): Headers {
  const headers = new Headers({ accept: 'application/json' });
  if (json) headers.set('content-type', 'application/json');
  const token = csrfToken();
  if (method !== 'GET' && token) headers.set(CSRF_HEADER, token);
  return headers;
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  // A document (a report's PDF) is bytes: read as text it would be mangled.
  if (type.includes('application/pdf')) return (await response.blob()) as T;
  return (await response.text()) as T;
}

async function send<T>(
  method: string,
  url: string,
  body: unknown,
  opts: Options & { silent?: boolean } = {},
): Promise<T> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(withQuery(url, opts.query), {
      method,
      headers: headersFor(method, body !== undefined && !isForm),
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, '', 'apiRequestError', opts.silent);
  }
  if (!response.ok) throw await apiErrorFrom(response, opts.silent);
  return parse<T>(response);
}

/** fetch cannot report upload progress; XMLHttpRequest can, so multipart POST goes through it. */
function postWithProgress<T>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headersFor('POST', false).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (e) => {
      const percent = recordUploadProgress(e.loaded, e.lengthComputable ? e.total : 0);
      onProgress?.(percent);
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'apiRequestError'));
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      });
      if (response.ok) void parse<T>(response).then(resolve, reject);
      else void apiErrorFrom(response).then(reject);
    };
    xhr.send(form);
  });
}

export const api = {
  get: <T>(url: string, opts?: Options) => send<T>('GET', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: Options) => send<T>('POST', url, body ?? {}, opts),
  /** The API has no PUT verbs of its own: SPEC 7 says PUT is sent as POST. */
  put: <T>(url: string, body?: unknown, opts?: Options) => send<T>('POST', url, body ?? {}, opts),
  patch: <T>(url: string, body?: unknown, opts?: Options) => send<T>('PATCH', url, body ?? {}, opts),
  delete: <T>(url: string, body?: unknown, opts?: Options) => send<T>('DELETE', url, body ?? {}, opts),
  upload: {
    post: <T>(url: string, form: FormData, onProgress?: (percent: number) => void) =>
      postWithProgress<T>(url, form, onProgress),
    /** SPEC 8: a failed upload by PATCH shows no toast; the caller reports it. */
    patch: <T>(url: string, form: FormData, opts?: Options) =>
      send<T>('PATCH', url, form, { ...opts, silent: true }),
  },
};
