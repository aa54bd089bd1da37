import { describe, expect, it } from 'vitest';
import type { ClientListResponse, ClientRow } from '@edge/protocol';
import { PENDING_READ_MS, REFRESH_MS, clientListInterval } from './api.ts';

const page = (...changes: ClientRow['blockChange'][]): ClientListResponse => ({
  list: changes.map((blockChange) => ({ blockChange }) as ClientRow),
  totalNumber: changes.length,
  page: 1,
  pageSize: 20,
});

describe('the client list read', () => {
  it('reads again every few seconds while a change is on its way (its announcement may come before the subscription), and not after', () => {
    expect(clientListInterval(page(null, 'blocking'))).toBe(PENDING_READ_MS);
    expect(clientListInterval(page(null, 'unblocking'))).toBe(PENDING_READ_MS);
    expect(clientListInterval(page(null, null))).toBe(REFRESH_MS);
    expect(clientListInterval(undefined)).toBe(REFRESH_MS);
    expect(PENDING_READ_MS).toBeLessThan(REFRESH_MS);
  });
});
