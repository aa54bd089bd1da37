import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { ToolbarTable } from './ToolbarTable.tsx';

const rows = [
  { id: 1, name: 'first' },
  { id: 2, name: 'second' },
];

function List({
  canManage,
  onAdd,
  onRow,
}: {
  canManage: boolean;
  onAdd: () => void;
  onRow: (id: number) => void;
}) {
  return (
    <ToolbarTable
      canManage={canManage}
      add={{ label: 'Add one', onClick: onAdd, 'data-testid': 'one-new' }}
      dataSource={rows}
      data-testid="ones"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      actions={(row) => <button onClick={() => onRow(row.id)}>{`Drop ${row.name}`}</button>}
    />
  );
}

describe('ToolbarTable', () => {
  it('gives managers the add button and each row its actions', async () => {
    const onAdd = vi.fn();
    const onRow = vi.fn();
    renderWithProviders(<List canManage onAdd={onAdd} onRow={onRow} />);
    await userEvent.click(screen.getByTestId('one-new'));
    expect(onAdd).toHaveBeenCalledTimes(1);
    const table = screen.getByTestId('ones');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    await userEvent.click(within(table).getByRole('button', { name: 'Drop second' }));
    expect(onRow).toHaveBeenCalledWith(2);
  });

  it('shows the rows alone to those who may only look', () => {
    renderWithProviders(<List canManage={false} onAdd={vi.fn()} onRow={vi.fn()} />);
    expect(screen.queryByTestId('one-new')).toBeNull();
    const table = screen.getByTestId('ones');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(1);
    expect(within(table).getByText('first')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).toBeNull();
  });
});
