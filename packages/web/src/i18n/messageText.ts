/**
 * The user's-language text of a protocol message code. The server side may add codes before every catalogue
 * has them; such a code still shows, in the protocol's English words, instead of a raw key.
 */
import type { TFunction } from 'i18next';
import { messages, type MessageCode } from '@edge/protocol';
import { i18n } from './index.ts';
import type { TKey } from './keys.ts';

export function messageText(t: TFunction, code: MessageCode): string {
  const key = `messages.${code}`;
  return i18n.exists(key) ? t(key as TKey) : messages[code];
}
