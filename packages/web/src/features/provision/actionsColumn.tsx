/** The Actions column of Provision's tables: present only for those who may manage Provision. */
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { STICKY_END } from '../../components/tableCells.tsx';

export const actionsColumn = <T,>(manage: boolean, t: TFunction, render: (row: T) => ReactNode) =>
  manage
    ? [
        {
          key: 'actions',
          title: t('provision.columns.actions'),
          fixed: STICKY_END,
          render: (_: unknown, row: T) => render(row),
        },
      ]
    : [];
