/**
 * A local HTTP receiver standing in for webhook, chat and SMS services: it keeps every request (method,
 * path with query, headers, body) and answers what the test queued for a path prefix, else 200 `{}`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export async function startReceiver() {
  const calls: ReceivedCall[] = [];
  const queued = new Map<string, Answer[]>();
  const fixed = new Map<string, Answer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      calls.push({
        method: req.method ?? '',
        url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const prefix = [...new Set([...queued.keys(), ...fixed.keys()])].find((p) => url.startsWith(p));
      const answer = (prefix !== undefined && (queued.get(prefix)?.shift() ?? fixed.get(prefix))) || {
        status: 200,
        body: '{}',
      };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** The next answers to requests whose path starts with `prefix`, in order. */
    queue(prefix: string, ...answers: Answer[]) {
      queued.set(prefix, [...(queued.get(prefix) ?? []), ...answers]);
    },
    /** The answer to every request under `prefix` once the queued ones are used (undefined: 200). */
    always(prefix: string, answer: Answer | undefined) {
      if (answer) fixed.set(prefix, answer);
      else fixed.delete(prefix);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
