/**
 * An operator's API session for the benchmark: sign in as admin once, then timed requests over one
 * keep-alive connection carrying the session cookie (and the CSRF token on POST), as the web console does.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Timed {
  status: number;
  ms: number;
  body: string;
}

/** How long a request may go unanswered before it counts as timed out. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** A request that got no answer within REQUEST_TIMEOUT_MS: a measurement (a stalled console), not a crash. */
export class RequestTimedOut extends Error {
  readonly ms = REQUEST_TIMEOUT_MS;
}

export interface ApiSession {
  /** The session cookie, for a WebSocket upgrade of the same operator. */
  cookie: string;
  get(path: string): Promise<Timed>;
  post(path: string, body: unknown): Promise<Timed>;
  close(): void;
}

function send(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Timed & { headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...headers,
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(new RequestTimedOut(`${method} ${path} timed out after ${REQUEST_TIMEOUT_MS} ms`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

export async function signIn(consoleUrl: string, name: string, password: string): Promise<ApiSession> {
  const base = new URL(consoleUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const login = await send(agent, base, 'POST', '/api/v1/auth/login', {}, JSON.stringify({ name, password }));
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.body}`);
  const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const csrf = (JSON.parse(login.body) as { csrfToken: string }).csrfToken;
  return {
    cookie,
    get: (path) => send(agent, base, 'GET', path, { cookie }),
    post: (path, body) =>
      send(agent, base, 'POST', path, { cookie, 'x-csrf-token': csrf }, JSON.stringify(body)),
    close: () => agent.destroy(),
  };
}
