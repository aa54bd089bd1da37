import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { SearchBox } from './SearchBox.tsx';

describe('SearchBox', () => {
  it('searches the trimmed text on Enter and the whole list once emptied', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchBox value="lab" label="Search" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveValue('lab');
    await userEvent.clear(box);
    expect(onSearch).toHaveBeenLastCalledWith('');
    await userEvent.type(box, '  core  ');
    expect(onSearch).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('core');
  });

  it('searches as one types when live', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchBox live label="Filter" onSearch={onSearch} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter' }), 'ab');
    expect(onSearch.mock.calls.map(([text]) => text)).toEqual(['a', 'ab']);
  });
});
