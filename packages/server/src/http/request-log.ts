/**
 * Request lines go to the debug level: at info, an operator clicking for half an hour filled the log with
 * hundreds of routine lines. A request that errored stays at error; state changes are logged where they
 * happen, at info.
 */
import { LogController, type FastifyServerOptions } from 'fastify';

/** Longest URL a request line carries: a hostile client can send kilobytes of path. */
const MAX_LOGGED_URL = 200;

type Completed = Parameters<LogController['requestCompleted']>;

class DebugRequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Completed): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(
      {
        method: request.method,
        url: request.url.slice(0, MAX_LOGGED_URL),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }

  /** Unknown paths are a prober's favourite: no line at info, and never the whole URL. */
  override routeNotFound(...[request]: Parameters<LogController['routeNotFound']>): void {
    request.log.debug({ method: request.method, url: request.url.slice(0, MAX_LOGGED_URL) }, 'no such route');
  }
}

export function serverLogOptions(
  level: string | false,
  /** Where the log lines go instead of stdout (tests that read what the console logged). */
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: level === false ? false : { level, ...(stream && { stream }) },
    logController: new DebugRequestLines(),
  };
}
