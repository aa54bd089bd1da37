import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { inventoryListQuery } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { parseUrlQuery, patchUrlQuery, useUrlQuery } from './useUrlQuery.ts';

const parse = (search: string) => parseUrlQuery(inventoryListQuery, new URLSearchParams(search));

describe('parseUrlQuery', () => {
  it("reads the address with the list's own schema, its defaults filling what is missing", () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 10, sortBy: 'name', order: 'asc' });
    expect(parse('page=3&pageSize=40&search=%20lab%20&groupId=0&status=Offline&order=desc')).toEqual({
      page: 3,
      pageSize: 40,
      search: 'lab',
      groupId: 0,
      status: 'Offline',
      sortBy: 'name',
      order: 'desc',
    });
  });

  it('drops only the parameters the schema refuses, so the rest of the list state holds', () => {
    expect(parse('pageSize=15&sortBy=colour&search=lab&page=2')).toEqual({
      page: 2,
      pageSize: 10,
      search: 'lab',
      sortBy: 'name',
      order: 'asc',
    });
    expect(parse('search=&status=')).toEqual(parse(''));
  });

  it('refuses a schema that cannot read an empty address', () => {
    const strict = { safeParse: () => ({ success: false as const, error: { issues: [{ path: ['x'] }] } }) };
    expect(() => parseUrlQuery(strict, new URLSearchParams())).toThrow(/default for every field/);
  });
});

describe('patchUrlQuery', () => {
  it('sets, removes empty values and goes back to page 1 unless the page itself changes', () => {
    const start = new URLSearchParams('page=4&search=lab&status=Idle');
    expect(patchUrlQuery(start, { search: 'core', status: '' }).toString()).toBe('search=core');
    expect(patchUrlQuery(start, { page: 5 }).toString()).toBe('page=5&search=lab&status=Idle');
  });
});

function List() {
  const { query, update, pagination } = useUrlQuery(inventoryListQuery);
  const location = useLocation();
  const paging = pagination(100);
  return (
    <>
      <output data-testid="query">{JSON.stringify(query)}</output>
      <output data-testid="address">{location.search}</output>
      <button onClick={() => update({ status: 'Offline' })}>offline</button>
      <button onClick={() => paging.onChange(3, query.pageSize)}>page 3</button>
      <button onClick={() => paging.onChange(3, 40)}>40 a page</button>
    </>
  );
}

describe('useUrlQuery', () => {
  it('keeps the list state in the address; a new page size starts again at page 1', async () => {
    renderWithProviders(<List />, { route: '/list?page=2&search=lab' });
    const query = () =>
      JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;
    expect(query()).toMatchObject({ page: 2, search: 'lab' });

    await userEvent.click(screen.getByText('offline'));
    await waitFor(() => expect(query()).toMatchObject({ page: 1, status: 'Offline', search: 'lab' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?search=lab&status=Offline');

    await userEvent.click(screen.getByText('page 3'));
    await waitFor(() => expect(query()).toMatchObject({ page: 3, pageSize: 10 }));
    await userEvent.click(screen.getByText('40 a page'));
    await waitFor(() => expect(query()).toMatchObject({ page: 1, pageSize: 40 }));
  });
});
