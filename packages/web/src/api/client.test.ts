import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client.ts';
import { ApiError } from './ApiError.ts';
import { setCsrfToken } from './csrf.ts';
import { UPLOAD_PROGRESS_KEY, readUploadProgress } from './uploadProgress.ts';
import { stubFetch } from '../test/render.tsx';

describe('api client', () => {
  beforeEach(() => setCsrfToken('tok-1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  it('sends the CSRF token on mutations only, and PUT as POST, DELETE with a body', async () => {
    const stub = stubFetch({
      'GET /api/x': () => ({ body: { a: 1 } }),
      'POST /api/x': () => ({ body: { ok: true } }),
      'PATCH /api/x': () => ({ body: { ok: true } }),
      'DELETE /api/x': () => ({ body: { ok: true } }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    expect(await api.get('/api/x', { query: { id: 3, skip: undefined } })).toEqual({ a: 1 });
    await api.put('/api/x', { v: 1 });
    await api.patch('/api/x', { v: 2 });
    await api.delete('/api/x', { id: 7 });
    expect(stub.calls.map((c) => [c.method, c.url, c.headers.get('x-csrf-token')])).toEqual([
      ['GET', '/api/x?id=3', null],
      ['POST', '/api/x', 'tok-1'],
      ['PATCH', '/api/x', 'tok-1'],
      ['DELETE', '/api/x', 'tok-1'],
    ]);
    expect(stub.calls[3]!.body).toEqual({ id: 7 });
  });

  it('rejects with an ApiError carrying err_message and err_code', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/login': () => ({
          status: 401,
          body: { err_message: 'Incorrect user account or password.', err_code: 'loginFailed' },
        }),
      }).fetch,
    );
    const error = await api.post('/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      errMessage: 'Incorrect user account or password.',
      errCode: 'loginFailed',
      silent: false,
    });
  });

  it('turns a network failure and a non-JSON error page into ApiErrors', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, errCode: 'apiRequestError' });
    vi.stubGlobal('fetch', async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 502,
      errMessage: '',
      errCode: undefined,
    });
  });

  it('marks a failed multipart PATCH as silent (SPEC 8: no toast for it)', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'PATCH /api/logo': () => ({ status: 400, body: { err_message: 'bad file' } }) }).fetch,
    );
    await expect(api.upload.patch('/api/logo', new FormData())).rejects.toMatchObject({
      silent: true,
      errMessage: 'bad file',
    });
  });

  it('records the upload percentage of a multipart POST in session storage', async () => {
    sessionStorage.removeItem(UPLOAD_PROGRESS_KEY);
    const seen: number[] = [];
    class FakeXhr {
      status = 200;
      responseText = '{"message":"ok"}';
      upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      headers: Record<string, string> = {};
      open() {}
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      getResponseHeader() {
        return 'application/json';
      }
      send() {
        this.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
        this.upload.onprogress?.({ loaded: 200, total: 200, lengthComputable: true });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = await api.upload.post('/api/upload', new FormData(), (p) => seen.push(p));
    expect(answer).toEqual({ message: 'ok' });
    expect(seen).toEqual([25, 100]);
    expect(readUploadProgress()).toBe(100);
  });
});
