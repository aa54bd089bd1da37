/** Turns a protocol rule (SPEC 5, written once) into an antd Form validator that speaks the user's language. */
import type { TFunction } from 'i18next';
import type { MessageCode, Rule } from '@edge/protocol';
import { messageText } from '../i18n/messageText.ts';

export const reject = (t: TFunction, code: MessageCode): Promise<never> =>
  Promise.reject(new Error(messageText(t, code)));

export const ruleValidator =
  (t: TFunction, rule: Rule) =>
  (_rule: unknown, value: string | undefined): Promise<void> => {
    const code = rule(value ?? '');
    return code ? reject(t, code) : Promise.resolve();
  };

/** A field that must not be empty, failing with the given SPEC message. */
export const requiredValidator =
  (t: TFunction, code: MessageCode) =>
  (_rule: unknown, value: string | undefined): Promise<void> =>
    value ? Promise.resolve() : reject(t, code);
