/**
 * A Docker Engine API client over the device's unix socket with Node's own http (no CLI, no client
 * library): JSON calls, streamed calls read to their end (pulls report progress line by line), and the
 * 8-byte-header multiplexed log format taken apart. Works against Podman's compatible socket too.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';

/** The API version the calls are written against (Docker 20.10; Podman answers it as well). */
const API = '/v1.41';

export class EngineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A refused call's error in the engine's own words (its JSON `message`, else the body as it came). */
function failureOf(response: http.IncomingMessage): Promise<EngineError> {
  const status = response.statusCode ?? 500;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    response.on('data', (c: Buffer) => chunks.push(c));
    response.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let message = text.trim();
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // Not JSON: the text as it came.
      }
      resolve(new EngineError(status, message || `engine answered ${status}`));
    });
  });
}

export interface EngineRequest {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class DockerEngine {
  constructor(readonly socketPath: string) {}

  /** Opens a call and hands back its response (status checked: the engine's message on a failure). */
  private open(req: EngineRequest): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const body = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body));
      const request = http.request(
        {
          socketPath: this.socketPath,
          method: req.method ?? 'GET',
          path: `${API}${req.path}`,
          headers: {
            ...(body && { 'Content-Type': 'application/json', 'Content-Length': body.length }),
            ...req.headers,
          },
          timeout: req.timeoutMs ?? 30_000,
          signal: req.signal,
        },
        (response) => {
          if ((response.statusCode ?? 500) < 400) return resolve(response);
          void failureOf(response).then(reject);
        },
      );
      request.on('timeout', () =>
        request.destroy(new EngineError(504, 'The container engine did not answer in time.')),
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  private static read(response: http.IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    });
  }

  /** A call answering JSON (or nothing: 204, 304). */
  async json<T>(req: EngineRequest): Promise<T> {
    const text = (await DockerEngine.read(await this.open(req))).toString('utf8');
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * A call answering a stream of JSON lines (pull, push, import): each line is handed on; an `error` line
   * fails the call with the engine's words, as the engine itself answers 200 before a pull fails.
   */
  async lines(req: EngineRequest, onLine: (line: Record<string, unknown>) => void = () => {}): Promise<void> {
    const response = await this.open(req);
    let rest = '';
    let failure: string | undefined;
    const take = (line: string) => {
      if (!line.trim()) return;
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if (typeof parsed.error === 'string') failure ??= parsed.error;
        onLine(parsed);
      } catch {
        // A partial or non-JSON line carries nothing we use.
      }
    };
    await new Promise<void>((resolve, reject) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        parts.forEach(take);
      });
      response.on('end', () => {
        take(rest);
        resolve();
      });
      response.on('error', reject);
    });
    if (failure) throw new EngineError(500, failure);
  }

  /** The raw bytes of a call (logs). */
  async bytes(req: EngineRequest): Promise<Buffer> {
    return DockerEngine.read(await this.open(req));
  }

  /**
   * A call the engine answers by taking over the connection (exec start with `Upgrade: tcp`): the raw
   * stream both ways, as `docker exec -it` uses it. With a TTY the bytes are the terminal's, unframed.
   */
  hijack(req: EngineRequest): Promise<Duplex> {
    return new Promise((resolve, reject) => {
      const body = Buffer.from(JSON.stringify(req.body ?? {}));
      const request = http.request({
        socketPath: this.socketPath,
        method: req.method ?? 'POST',
        path: `${API}${req.path}`,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': body.length,
          Connection: 'Upgrade',
          Upgrade: 'tcp',
        },
        timeout: req.timeoutMs ?? 30_000,
      });
      request.on('upgrade', (_response, socket, head) => {
        socket.setTimeout(0);
        if (head.length) socket.unshift(head);
        resolve(socket);
      });
      // An engine that refuses (no such exec, container stopped meanwhile) answers an ordinary response.
      request.on('response', (response) => void failureOf(response).then(reject));
      request.on('timeout', () =>
        request.destroy(new EngineError(504, 'The container engine did not answer in time.')),
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** A long-lived stream of JSON lines (events) until `signal` aborts. */
  async follow(req: EngineRequest, onLine: (line: Record<string, unknown>) => void): Promise<void> {
    await this.lines({ ...req, timeoutMs: 0 }, onLine).catch((err: unknown) => {
      if (!req.signal?.aborted) throw err;
    });
  }
}

/**
 * Logs of a container without a TTY come multiplexed: frames of [stream, 0, 0, 0, size (4 bytes BE)] and
 * `size` bytes. Answers the text lines in order, stdout and stderr together, as `docker logs` prints them.
 */
export function demultiplex(raw: Buffer): string[] {
  const parts: Buffer[] = [];
  let at = 0;
  // A TTY container's logs are plain text: no frame header starts with a byte above 2.
  if (raw.length && (raw[0]! > 2 || raw.length < 8)) return splitLines(raw.toString('utf8'));
  while (at + 8 <= raw.length) {
    const size = raw.readUInt32BE(at + 4);
    parts.push(raw.subarray(at + 8, at + 8 + size));
    at += 8 + size;
  }
  return splitLines(Buffer.concat(parts).toString('utf8'));
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => l.replace(/\r$/, ''));
}

/**
 * The X-Registry-Auth header: the credentials as URL-safe base64 JSON, padded (the engine's decoder wants
 * the padding and takes unpadded credentials for none at all).
 */
export function registryAuthHeader(auth: {
  username: string;
  password: string;
  serveraddress: string;
}): string {
  return Buffer.from(JSON.stringify(auth)).toString('base64').replaceAll('+', '-').replaceAll('/', '_');
}
