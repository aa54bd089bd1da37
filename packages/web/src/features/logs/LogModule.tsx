/**
 * The Log app (SPEC 2): the grid of device and console log lines with its filters (device, level,
 * function, time range, key word), paged as SPEC 3 says; export of the filtered lines as .zip or .tar.gz,
 * download as text, clear (with SPEC 8's confirmation that it cannot be reverted) and the settings
 * (report mode, expiry duration).
 */
import { useState } from 'react';
import { Button, Card, Dropdown, Space, Table, Tag } from 'antd';
import { DeleteOutlined, DownloadOutlined, ExportOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logQuery, type LogExportFormat, type LogQuery, type LogRow } from '@edge/protocol';
import { useUrlQuery, type UrlQueryPatch } from '../../components/table/useUrlQuery.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { DateText } from '../../components/DateText.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { logFiles, saveLogFile, useLogList, useResetLog } from './api.ts';
import { LogFilters } from './LogFilters.tsx';
import { LogPager } from './LogPager.tsx';
import { LogSettingsModal } from './LogSettingsModal.tsx';
import '../../components/page.css';
import './logs.css';

const LEVEL_COLOURS: Record<LogRow['level'], string> = { info: 'blue', warning: 'orange', error: 'red' };

/** The filters alone (no paging): what the export, the download and the clear act on. */
const filterOf = ({ page: _p, pageSize: _s, pageID: _id, ...filter }: LogQuery) => filter;
/** Times in the grid to the second: lines of one boot come within the same minute. */
const TIME_PART = 'seconds';

export default function LogModule() {
  const { t } = useTranslation();
  const { manage } = usePermission('Log');
  const { query, update } = useUrlQuery(logQuery);
  const filter = filterOf(query);
  const list = useLogList(query);
  const answer = list.data;
  // A new filter or page size starts again without a page ID (useUrlQuery drops the page itself).
  const setFilter = (patch: UrlQueryPatch<LogQuery>) => update({ ...patch, pageID: undefined });
  // The next page is read after this one's last row (its page ID); any other page by its number.
  const goTo = (page: number) =>
    update({
      page,
      pageID: answer && page === answer.pageCurrent + 1 ? answer.pageID || undefined : undefined,
    });

  const { act, busy } = useConfirmAct();
  const reset = useResetLog();
  const [settingsOpen, setSettingsOpen] = useState(false);

  const exportAs = (format: LogExportFormat) =>
    act({
      run: () => saveLogFile(logFiles.export, { ...filter, format }),
      toastErrors: 'apiRequestError',
    });
  const download = () =>
    act({ run: () => saveLogFile(logFiles.download, filter), toastErrors: 'apiRequestError' });
  const clear = () =>
    act({
      confirm: { message: 'irreversible', okText: t('logs.clear'), danger: true },
      run: () => reset.mutateAsync({ deviceID: query.deviceID }),
      done: messageText(t, 'logResetDone'),
    });

  const columns = [
    {
      title: t('logs.createdAt'),
      dataIndex: 'createdAt',
      width: 190,
      render: (v: number) => <DateText value={v} time={TIME_PART} />,
    },
    {
      title: t('logs.level'),
      dataIndex: 'level',
      width: 110,
      render: (v: LogRow['level']) => <Tag color={LEVEL_COLOURS[v]}>{t(`logs.rowLevels.${v}`)}</Tag>,
    },
    { title: t('logs.device'), dataIndex: 'deviceName', width: 200 },
    { title: t('logs.function'), dataIndex: 'program', width: 150 },
    { title: t('logs.message'), dataIndex: 'message' },
  ];

  return (
    <div className="log-page" data-testid="log-page">
      <Card
        title={t('apps.Log')}
        extra={
          <Space wrap>
            <Dropdown
              menu={{
                items: [
                  { key: 'zip', label: t('logs.exportZip') },
                  { key: 'tar.gz', label: t('logs.exportTarGz') },
                ],
                onClick: ({ key }) => void exportAs(key as LogExportFormat),
              }}
            >
              <Button icon={<ExportOutlined />} loading={busy} data-testid="log-export">
                {t('logs.export')}
              </Button>
            </Dropdown>
            <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid="log-download">
              {t('logs.download')}
            </Button>
            {manage && (
              <>
                <Button
                  icon={<SettingOutlined />}
                  onClick={() => setSettingsOpen(true)}
                  data-testid="log-settings-open"
                >
                  {t('logs.settings')}
                </Button>
                <Button danger icon={<DeleteOutlined />} onClick={() => void clear()} data-testid="log-clear">
                  {t('logs.clear')}
                </Button>
              </>
            )}
          </Space>
        }
      >
        <LogFilters query={query} update={setFilter} />
        <Table<LogRow>
          rowKey="id"
          size="small"
          className="log-table"
          data-testid="log-table"
          loading={list.isFetching}
          columns={columns}
          dataSource={answer?.list ?? []}
          pagination={false}
          locale={{ emptyText: t('common.noData') }}
        />
        <LogPager answer={answer} onPage={goTo} onPageSize={(pageSize) => setFilter({ pageSize })} />
      </Card>
      <LogSettingsModal
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        deviceID={query.deviceID || undefined}
      />
    </div>
  );
}
