/**
 * SPEC 3's paging: the pages the answer lists (pageArray, never a count of millions of rows) and the page
 * size. The page ID of each answer is kept so the next page is read after it (keyset, fast at any depth).
 */
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZES, type LogListResponse } from '@edge/protocol';

export function LogPager({
  answer,
  onPage,
  onPageSize,
}: {
  answer: LogListResponse | undefined;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  if (!answer) return null;
  return (
    <Space className="log-pager" data-testid="log-pager" wrap>
      {answer.pageArray.map((page) => (
        <Button
          key={page}
          size="small"
          type={page === answer.pageCurrent ? 'primary' : 'default'}
          aria-current={page === answer.pageCurrent ? 'page' : undefined}
          aria-label={t('logs.page', { page })}
          onClick={() => onPage(page)}
        >
          {page}
        </Button>
      ))}
      <Select
        size="small"
        aria-label={t('logs.pageSize')}
        value={answer.pageSize}
        onChange={onPageSize}
        options={TABLE_PAGE_SIZES.map((size) => ({ value: size, label: t('logs.perPage', { size }) }))}
      />
    </Space>
  );
}
