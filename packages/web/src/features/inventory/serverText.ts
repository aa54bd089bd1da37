/**
 * The server answers actions with a sentence (`{message}`) in the protocol's English words. The toast shows
 * those words in the user's language when the catalogue has them (found by the protocol message they match),
 * and the server's own words otherwise.
 */
import type { TFunction } from 'i18next';
import { messages, type MessageCode } from '@edge/protocol';
import { messageText } from '../../i18n/messageText.ts';

const byWords = new Map<string, MessageCode>(
  (Object.entries(messages) as [MessageCode, string][]).map(([code, words]) => [words, code]),
);

export function serverText(t: TFunction, message: string): string {
  const code = byWords.get(message);
  return code ? messageText(t, code) : message;
}
