/** One test's form: its fields (fields.ts), each checked by protocol's schema of the test as it is typed. */
import { useMemo } from 'react';
import { Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { diagnoseParams, type DiagnoseTest } from '@edge/protocol';
import { schemaFieldRules } from '../../components/schemaRules.ts';
import type { TKey } from '../../i18n/keys.ts';
import { TEST_FIELDS, paramsOf } from './fields.ts';

const sizeLabel = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

export function TestForm({ test, form }: { test: DiagnoseTest; form: FormInstance }) {
  const { t } = useTranslation();
  const fields = TEST_FIELDS[test];
  const mode = Form.useWatch('mode', form) as string | undefined;
  const rules = useMemo(
    () =>
      schemaFieldRules(
        t,
        diagnoseParams[test],
        fields.map((f) => f.name),
        () => paramsOf(test, form.getFieldsValue() as Record<string, unknown>),
      ),
    [t, test, fields, form],
  );
  return (
    <>
      {fields.map((field) => {
        if (test === 'iperf' && field.name === 'server' && mode === 'server') return null;
        const label = t(`diagnose.fields.${field.name}` as TKey);
        const id = `diagnose-${test}-${field.name}`;
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={label}
            htmlFor={id}
            rules={rules[field.name]}
            extra={
              test === 'speedtest' && field.name === 'server' ? t('diagnose.consoleServerHint') : undefined
            }
          >
            {field.kind === 'text' ? (
              <Input id={id} data-testid={id} autoComplete="off" />
            ) : field.kind === 'number' ? (
              <InputNumber id={id} data-testid={id} step={field.step ?? 1} />
            ) : (
              <Select
                id={id}
                data-testid={id}
                popupMatchSelectWidth={false}
                options={field.options.map((o) => ({
                  value: o,
                  label: typeof o === 'number' ? sizeLabel(o) : t(`diagnose.options.${o}` as TKey),
                }))}
              />
            )}
          </Form.Item>
        );
      })}
    </>
  );
}
