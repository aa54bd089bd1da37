/** A numeric protocol rule (numberInputRule, ttlRule, portRule) as an antd Form validator. */
import type { TFunction } from 'i18next';
import type { Rule } from '@edge/protocol';
import { reject } from '../../../components/formRules.ts';

export const numberRuleValidator =
  (t: TFunction, rule: Rule<number>) =>
  (_rule: unknown, value: number | null | undefined): Promise<void> => {
    const code = rule(typeof value === 'number' ? value : NaN);
    return code ? reject(t, code) : Promise.resolve();
  };
