import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Table } from 'antd';
import { renderWithProviders } from '../test/render.tsx';

describe('app providers', () => {
  it("gives a table without its own empty text SPEC 2's 'No Data'", () => {
    renderWithProviders(<Table size="small" rowKey="id" dataSource={[]} columns={[{ dataIndex: 'id' }]} />);
    expect(screen.getByText('No Data')).toBeInTheDocument();
  });
});
