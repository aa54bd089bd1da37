/** Turns every failure into `{err_message, err_code}` with a 4xx/5xx status, in the SPEC's words. */
import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDiskFull } from '../db/disk-full.ts';
import { ApiFailure, codeOfIssue, messages, type ApiError, type MessageCode } from '@edge/protocol';

function codeFromValidation(error: FastifyError): ApiError {
  const first = error.validation?.[0] as { message?: string; params?: { params?: unknown } } | undefined;
  // Rules carry their code in the issue's params; zod's own checks given a SPEC text are found by that text.
  const code = first ? codeOfIssue({ params: first.params?.params, message: first.message ?? '' }) : undefined;
  if (code) return { err_message: messages[code], err_code: code };
  return { err_message: first?.message ?? messages.invalidRequest, err_code: first?.message ? undefined : 'invalidRequest' };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiFailure) {
      return reply.status(error.statusCode).send({ err_message: error.message, err_code: error.code } satisfies ApiError);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(codeFromValidation(error));
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full: the change was not stored');
      return reply.status(507).send({ err_message: messages.diskFull, err_code: 'diskFull' } satisfies ApiError);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const body: ApiError =
      status >= 500 ? { err_message: messages.apiRequestError, err_code: 'apiRequestError' } : { err_message: error.message };
    return reply.status(status).send(body);
  });
}

export const fail = (statusCode: number, code: MessageCode, detail?: string): ApiFailure =>
  new ApiFailure(statusCode, code, detail);
