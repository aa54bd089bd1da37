/**
 * A list of rules edited in the browser before one Apply (NAT rules, port forwards, firewall whitelist and
 * port rules): the table with Edit and Delete on each row, an Add button, the add/edit dialog the caller
 * supplies, and a confirmation before a row is deleted (SPEC 8). Nothing reaches the device here: the
 * section sends the whole list through SectionFrame's apply.
 */
import { useState, type ReactNode } from 'react';
import { Button, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PaginatedTable } from '../PaginatedTable.tsx';
import { SCROLL_X, STICKY_END } from '../tableCells.tsx';
import { useConfirm } from '../useConfirm.tsx';
import { RowActions } from './RowActions.tsx';
import { VERTICAL } from '../layout.ts';

/** What the add/edit dialog of a row is given. */
export interface RuleFormProps<T> {
  /** The row being edited, or null to add one. */
  initial: T | null;
  /** The other rows, which the edited one is checked against (duplicates). */
  others: readonly T[];
  onSave: (row: T) => void;
  onCancel: () => void;
}

const NEW = 'new' as const;

export function RuleTableEditor<T extends object>({
  'data-testid': testId,
  rows,
  onChange,
  columns,
  addLabel,
  deleteConfirm,
  renderForm,
}: {
  /** Prefix of the test hooks: `${testId}-table`, `${testId}-add`, `${testId}-edit`, `${testId}-delete`. */
  'data-testid': string;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** The data columns; the Actions column is added here. */
  columns: TableColumnsType<T>;
  addLabel: string;
  /** The question asked before `row` is deleted. */
  deleteConfirm: (row: T) => string;
  renderForm: (props: RuleFormProps<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { confirm } = useConfirm();
  // The index of the row in the dialog; rows have no ID of their own.
  const [editing, setEditing] = useState<number | typeof NEW | null>(null);

  const save = (row: T) => {
    onChange(editing === NEW ? [...rows, row] : rows.map((r, i) => (i === editing ? row : r)));
    setEditing(null);
  };
  const remove = async (index: number) => {
    if (await confirm({ message: deleteConfirm(rows[index]!), danger: true }))
      onChange(rows.filter((_, i) => i !== index));
  };
  const indexOf = (row: T) => rows.indexOf(row);

  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }}>
      <Button data-testid={`${testId}-add`} onClick={() => setEditing(NEW)}>
        {addLabel}
      </Button>
      <PaginatedTable<T>
        size="small"
        rowKey={indexOf}
        data-testid={`${testId}-table`}
        scroll={SCROLL_X}
        dataSource={[...rows]}
        columns={[
          ...columns,
          {
            title: t('deviceSettings.actions'),
            fixed: STICKY_END,
            render: (_, row) => (
              <RowActions
                data-testid={testId}
                onEdit={() => setEditing(indexOf(row))}
                onDelete={() => void remove(indexOf(row))}
              />
            ),
          },
        ]}
      />
      {editing !== null &&
        renderForm({
          initial: editing === NEW ? null : rows[editing]!,
          others: rows.filter((_, i) => i !== editing),
          onSave: save,
          onCancel: () => setEditing(null),
        })}
    </Space>
  );
}
