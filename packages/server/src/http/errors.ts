/** Turns every failure into `{err_message, err_code}` with a 4xx/5xx status, in the SPEC's words. */
import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDiskFull } from '../db/disk-full.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { ApiFailure, codeOfIssue, messages, type ApiError, type MessageCode } from '@edge/protocol';

function codeFromValidation(error: FastifyError): ApiError {
  const first = error.validation?.[0] as { message?: string; params?: { params?: unknown } } | undefined;
  // Rules carry their code in the issue's params; zod's own checks given a SPEC text are found by that text.
  const code = first
    ? codeOfIssue({ params: first.params?.params, message: first.message ?? '' })
    : undefined;
  if (code) return { err_message: messages[code], err_code: code };
  // A library's own wording (zod's "expected string, received number") is not the SPEC's: answer in its words.
  return { err_message: messages.invalidRequest, err_code: 'invalidRequest' };
}

/**
 * Fastify's and its plugins' own refusals (FST_ codes: bad JSON, body too large, ...) in the SPEC's words by
 * status; the console's own errors (a device call's) keep the words they were given.
 */
const BY_STATUS: Partial<Record<number, MessageCode>> = {
  404: 'notFound',
  413: 'fileTooLarge',
  429: 'tooManyRequests',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiFailure) {
      return reply
        .status(error.statusCode)
        .send({ err_message: error.message, err_code: error.code } satisfies ApiError);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(codeFromValidation(error));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full: the change was not stored');
      return reply
        .status(507)
        .send({ err_message: messages.diskFull, err_code: 'diskFull' } satisfies ApiError);
    }
    if (isDatabaseUnreachable(error)) {
      // Said as such, and fast: the caller tries again later instead of reading 'API request Error'.
      request.log.error({ err: error }, 'database unreachable: the request was not served');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          err_message: messages.databaseUnavailable,
          err_code: 'databaseUnavailable',
        } satisfies ApiError);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (status < 500 && !error.code?.startsWith('FST_'))
      return reply.status(status).send({ err_message: error.message });
    const code: MessageCode = status >= 500 ? 'apiRequestError' : (BY_STATUS[status] ?? 'invalidRequest');
    const body: ApiError = { err_message: messages[code], err_code: code };
    return reply.status(status).send(body);
  });
}

export const fail = (statusCode: number, code: MessageCode, detail?: string): ApiFailure =>
  new ApiFailure(statusCode, code, detail);

/** A 400 in the words of a zod issue: its SPEC code when a rule gave it one, its own text otherwise. */
export function failureOf(issue: { params?: unknown; message: string } | undefined): ApiFailure {
  const code = issue && codeOfIssue(issue);
  return code ? fail(400, code) : fail(400, 'invalidRequest', issue?.message);
}
