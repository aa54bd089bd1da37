/** SPEC 2 paginated table: page sizes 10/20/30/40 (default 10), 'No Data' when empty, status 1 rows highlighted. */
import { Table, type TableProps } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@edge/protocol';

export const HIGHLIGHT_ROW_CLASS = 'row-status-highlight';

const PAGE_SIZE_OPTIONS = TABLE_PAGE_SIZES.map(String);

export type PaginatedTableProps<T> = Omit<TableProps<T>, 'pagination'> & {
  /** Server-side paging passes current/pageSize/total/onChange here; client-side paging needs nothing. */
  pagination?: TablePaginationConfig;
};

export function PaginatedTable<T extends object>({
  pagination,
  rowClassName,
  locale,
  ...rest
}: PaginatedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      {...rest}
      locale={{ emptyText: t('common.noData'), ...locale }}
      rowClassName={(record, index, indent) => {
        const own =
          typeof rowClassName === 'function' ? rowClassName(record, index, indent) : (rowClassName ?? '');
        const highlighted = (record as { status?: unknown }).status === 1;
        return highlighted ? `${own} ${HIGHLIGHT_ROW_CLASS}`.trim() : own;
      }}
      pagination={{
        defaultPageSize: DEFAULT_PAGE_SIZE,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        showSizeChanger: true,
        showTotal: (total, [from, to]) => t('table.range', { from, to, total }),
        ...pagination,
      }}
    />
  );
}
