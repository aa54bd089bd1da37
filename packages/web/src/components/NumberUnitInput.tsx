/** SPEC 3 number input: a value {number, unit}, time units sec/min/hr or size units K/M/G, minimum 1. */
import { InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  NUMBER_INPUT_MIN,
  SIZE_UNITS,
  TIME_UNITS,
  numberInputRule,
  type NumberUnitValue,
  type SizeUnit,
  type TimeUnit,
} from '@edge/protocol';
import { reject } from './formRules.ts';

export type UnitKind = 'time' | 'size';
const UNITS = { time: TIME_UNITS, size: SIZE_UNITS } as const;

export interface NumberUnitInputProps {
  kind: UnitKind;
  value?: NumberUnitValue;
  onChange?: (value: NumberUnitValue) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

export function NumberUnitInput({
  kind,
  value,
  onChange,
  disabled,
  id,
  'aria-label': ariaLabel,
}: NumberUnitInputProps) {
  const { t } = useTranslation();
  const units: readonly (TimeUnit | SizeUnit)[] = UNITS[kind];
  const unit = value?.unit && units.includes(value.unit) ? value.unit : units[0]!;
  return (
    <Space.Compact className="number-unit-input">
      <InputNumber
        id={id}
        aria-label={ariaLabel}
        min={NUMBER_INPUT_MIN}
        value={value?.number}
        disabled={disabled}
        onChange={(n) => onChange?.({ number: typeof n === 'number' ? n : NaN, unit })}
      />
      <Select
        aria-label={t('units.unit')}
        value={unit}
        disabled={disabled}
        popupMatchSelectWidth={false}
        options={units.map((u) => ({ value: u, label: t(`units.${u}`) }))}
        onChange={(u) => onChange?.({ number: value?.number ?? NUMBER_INPUT_MIN, unit: u })}
      />
    </Space.Compact>
  );
}

/** antd Form validator for a NumberUnitInput field, in the words of protocol's numberInputRule. */
export const numberUnitValidator =
  (t: TFunction) =>
  (_rule: unknown, value: NumberUnitValue | undefined): Promise<void> => {
    const code = numberInputRule(value?.number ?? NaN);
    return code ? reject(t, code) : Promise.resolve();
  };
