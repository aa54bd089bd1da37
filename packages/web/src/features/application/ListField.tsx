/**
 * A template's list field (environment variables, port bindings, volumes): one row of inputs per item,
 * each checked by its protocol rule, a remove icon per row and an Add button.
 */
import type { ReactElement } from 'react';
import { Button, Form, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** One input of a row: its field name in the item, its rule (if any) and its input. */
export interface ListCell {
  name: string;
  validator?: RuleObject['validator'];
  initialValue?: unknown;
  input: ReactElement;
}

export function ListField({
  name,
  label,
  cells,
  empty,
}: {
  name: string;
  label: string;
  cells: ListCell[];
  /** A new row's values. */
  empty: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label}>
      <Form.List name={name}>
        {(items, { add, remove }) => (
          <>
            {items.map((item) => (
              <Space key={item.key} className="application-list-row">
                {cells.map((cell) => (
                  <Form.Item
                    key={cell.name}
                    name={[item.name, cell.name]}
                    rules={cell.validator ? [{ validator: cell.validator }] : []}
                    initialValue={cell.initialValue}
                    noStyle
                  >
                    {cell.input}
                  </Form.Item>
                ))}
                <MinusCircleOutlined
                  onClick={() => remove(item.name)}
                  aria-label={t('application.actions.delete')}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(empty)}>
              {t('application.actions.add')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
