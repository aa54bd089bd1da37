import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { renderWithProviders } from '../../test/render.tsx';
import { RowFormModal } from '../form/RowFormModal.tsx';
import { RuleTableEditor, type RuleFormProps } from './RuleTableEditor.tsx';

interface Row {
  name: string;
}

/** A row dialog whose one field must not be empty. */
function NameForm({ initial, onSave, onCancel }: RuleFormProps<Row>) {
  const [form] = Form.useForm<Row>();
  return (
    <RowFormModal<Row>
      title="Row"
      form={form}
      initialValues={initial ?? {}}
      data-testid="row"
      onSave={onSave}
      onCancel={onCancel}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name cannot be empty.' }]}>
        <Input />
      </Form.Item>
    </RowFormModal>
  );
}

function Editor({ start, onChange }: { start: Row[]; onChange: (rows: Row[]) => void }) {
  const [rows, setRows] = useState(start);
  return (
    <RuleTableEditor<Row>
      data-testid="rules"
      rows={rows}
      onChange={(next) => {
        setRows(next);
        onChange(next);
      }}
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      addLabel="Add"
      deleteConfirm={(row) => `Delete ${row.name}?`}
      renderForm={(props) => <NameForm {...props} />}
    />
  );
}

describe('RuleTableEditor with RowFormModal', () => {
  it('adds a row only once its dialog is valid, and Enter saves a one-field dialog', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Editor start={[]} onChange={onChange} />);
    await userEvent.click(screen.getByTestId('rules-add'));
    await userEvent.click(await screen.findByTestId('row-save'));
    expect(await screen.findByText('Name cannot be empty.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Name'), 'lab{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([{ name: 'lab' }]));
    expect(within(screen.getByTestId('rules-table')).getByText('lab')).toBeInTheDocument();
  });

  it('edits a row in place and deletes one only after confirmation', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Editor start={[{ name: 'a' }, { name: 'b' }]} onChange={onChange} />);
    await userEvent.click(screen.getAllByTestId('rules-edit')[1]!);
    const field = await screen.findByLabelText('Name');
    expect(field).toHaveValue('b');
    await userEvent.clear(field);
    await userEvent.type(field, 'c');
    await userEvent.click(screen.getByTestId('row-save'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([{ name: 'a' }, { name: 'c' }]));

    await userEvent.click(screen.getAllByTestId('rules-delete')[0]!);
    expect(await screen.findByText('Delete a?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-cancel'));
    expect(onChange).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getAllByTestId('rules-delete')[0]!);
    // The cancelled question may still be closing: answer the newest one.
    await waitFor(() => expect(screen.getAllByTestId('confirm-ok').length).toBeGreaterThan(0));
    await userEvent.click(screen.getAllByTestId('confirm-ok').at(-1)!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([{ name: 'c' }]));
  });
});
