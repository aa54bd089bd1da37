/**
 * A server or device text in the reader's language: a known message (SPEC 8's container words) through
 * the catalogue, with the device's own detail after it; anything else as it came.
 */
import type { TFunction } from 'i18next';
import { messages, type MessageCode } from '@edge/protocol';
import { messageText } from '../../i18n/messageText.ts';

const CODES = Object.entries(messages) as [MessageCode, string][];

export function serverWords(t: TFunction, text: string): string {
  const exact = CODES.find(([, words]) => words === text);
  if (exact) return messageText(t, exact[0]);
  const prefix = CODES.find(([, words]) => words.length > 8 && text.startsWith(`${words}:`));
  return prefix ? `${messageText(t, prefix[0])}${text.slice(prefix[1].length)}` : text;
}
