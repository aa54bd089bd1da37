/** The one error type every API call rejects with, carrying the server's `{err_message, err_code}`. */
import { messages, type MessageCode } from '@edge/protocol';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly errMessage: string,
    readonly errCode: MessageCode | undefined,
    /** Set for calls whose failure the caller reports itself (SPEC 8: upload by PATCH shows no toast). */
    readonly silent = false,
  ) {
    super(errMessage || messages.apiRequestError);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const isMessageCode = (v: unknown): v is MessageCode => typeof v === 'string' && v in messages;

/** Builds the ApiError of a failed response from whatever body it has (JSON error, HTML proxy page, nothing). */
export async function apiErrorFrom(response: Response, silent = false): Promise<ApiError> {
  let body: { err_message?: unknown; err_code?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy error page, an empty body): the generic text is shown instead.
  }
  const text = typeof body.err_message === 'string' ? body.err_message : '';
  return new ApiError(
    response.status,
    text,
    isMessageCode(body.err_code) ? body.err_code : undefined,
    silent,
  );
}
