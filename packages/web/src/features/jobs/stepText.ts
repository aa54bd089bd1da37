/** A step's reason in the reader's language: a message code when the kind gave one, else its own words. */
import type { TFunction } from 'i18next';
import { messages, type MessageCode } from '@edge/protocol';
import { messageText } from '../../i18n/messageText.ts';

export const reasonText = (t: TFunction, reason: string | null): string =>
  reason === null ? '' : reason in messages ? messageText(t, reason as MessageCode) : reason;
