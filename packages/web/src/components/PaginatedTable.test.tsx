import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { HIGHLIGHT_ROW_CLASS, PaginatedTable } from './PaginatedTable.tsx';

interface Row {
  id: number;
  name: string;
  status: number;
}
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `row ${i + 1}`, status: i % 3 === 0 ? 1 : 0 }));

describe('PaginatedTable', () => {
  it("shows 'No Data' when empty", () => {
    renderWithProviders(<PaginatedTable<Row> rowKey="id" columns={columns} dataSource={[]} />);
    expect(screen.getByText('No Data')).toBeInTheDocument();
  });

  it('shows 10 rows per page by default and offers 10/20/30/40', async () => {
    renderWithProviders(<PaginatedTable<Row> rowKey="id" columns={columns} dataSource={rows(45)} />);
    expect(screen.getAllByText(/^row \d+$/)).toHaveLength(10);
    expect(screen.getByText('1-10 of 45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^10/), expect.stringMatching(/^40/)]),
    );
    expect(options).toHaveLength(4);
  });

  it('highlights rows whose status is 1', () => {
    renderWithProviders(<PaginatedTable<Row> rowKey="id" columns={columns} dataSource={rows(4)} />);
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    expect(row('row 1')).toHaveClass(HIGHLIGHT_ROW_CLASS);
    expect(row('row 2')).not.toHaveClass(HIGHLIGHT_ROW_CLASS);
    expect(row('row 4')).toHaveClass(HIGHLIGHT_ROW_CLASS);
    expect(within(row('row 2')).getByText('row 2')).toBeInTheDocument();
  });
});
