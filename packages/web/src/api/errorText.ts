/**
 * What a failed call tells the user (SPEC 8): the translation of err_code, else the server's err_message,
 * else the generic 'API request Error' (reads) or 'Apply Error' (changes).
 */
import type { TFunction } from 'i18next';
import { i18n } from '../i18n/index.ts';
import { messageText } from '../i18n/messageText.ts';
import { isApiError } from './ApiError.ts';

export type ErrorFallback = 'apiRequestError' | 'applyError';

export function errorText(t: TFunction, error: unknown, fallback: ErrorFallback = 'apiRequestError'): string {
  if (isApiError(error)) {
    if (error.errCode && i18n.exists(`messages.${error.errCode}`)) return messageText(t, error.errCode);
    if (error.errMessage) return error.errMessage;
  }
  return messageText(t, fallback);
}
