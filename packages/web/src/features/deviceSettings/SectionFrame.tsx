/**
 * The frame every settings section sits in: the section's state (in sync, pending, applying, awaiting
 * confirmation, rolled back, failed) and how the last apply ended, where the device's report differs from
 * what the console wants, and the Apply flow: a confirmation first (SPEC 8), then the write, then the state
 * followed as the console pushes it (api.ts useSectionState) until it settles.
 */
import type { ReactNode, SyntheticEvent } from 'react';
import { Alert, Card, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DriftEntry, SectionKey, SectionState, SectionStateView, ApplyOutcome } from '@edge/protocol';
import { useConfirm } from '../../components/useConfirm.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { VERTICAL } from './document.ts';
import { isMessageCode } from './messageCode.ts';
import { useSectionState, useSectionWrite } from './api.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { useEdited, useEditedFlag, type EditedFlag } from './editedFlag.ts';

/**
 * What in a section's editor changes its document: typing (also in its row dialogs, whose events reach the
 * frame through React's portals), choosing an option, a switch, confirming a row's removal.
 */
const EDITING_CLICKS =
  '.ant-select-item-option, .ant-switch, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-popconfirm-buttons .ant-btn-primary, .ant-modal-footer .ant-btn-primary';
const isEditingClick = (event: SyntheticEvent) =>
  !!(event.target as Element | null)?.closest?.(EDITING_CLICKS);

const STATE_COLOURS: Record<SectionState, string> = {
  in_sync: 'green',
  pending: 'default',
  applying: 'processing',
  awaiting_confirm: 'gold',
  rolled_back: 'orange',
  failed: 'red',
};

export interface SectionContext {
  view: SectionStateView;
  /**
   * Asks for confirmation, writes, then follows the state; resolves whether the write happened.
   * `confirmMessage` replaces the generic question where the action has its own words (block, delete ...).
   * `path` names the settings call under the settings root (e.g. `wifi/setting`); its method is declared.
   */
  apply: (path: string, body: object, confirmMessage?: string) => Promise<boolean>;
  busy: boolean;
}

const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export function StateView({ view, edited = false }: { view: SectionStateView; edited?: boolean }) {
  const { t } = useTranslation();
  const error =
    view.lastErrorCode && isMessageCode(view.lastErrorCode)
      ? messageText(t, view.lastErrorCode)
      : view.lastError;
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('deviceSettings.state.label')}</Typography.Text>
        {edited ? (
          <Tag color="gold" data-testid="section-state" data-state="not_applied">
            {t('deviceSettings.state.notApplied')}
          </Tag>
        ) : (
          <Tag color={STATE_COLOURS[view.state]} data-testid="section-state" data-state={view.state}>
            {t(`deviceSettings.state.${view.state}`)}
          </Tag>
        )}
        {view.outcome && (
          <Tag data-testid="section-outcome" data-outcome={view.outcome}>
            {t(`deviceSettings.outcome.${view.outcome satisfies ApplyOutcome}`)}
          </Tag>
        )}
      </Space>
      {view.state === 'failed' && error && <Alert type="error" showIcon title={error} />}
      {view.drift.length > 0 && <DriftTable drift={view.drift} />}
    </Space>
  );
}

export function DriftTable({ drift }: { drift: DriftEntry[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="section-drift">
      <Typography.Text type="warning">{t('deviceSettings.drift.title')}</Typography.Text>
      <Table<DriftEntry>
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={drift}
        columns={[
          { title: t('deviceSettings.drift.path'), dataIndex: 'path' },
          { title: t('deviceSettings.drift.desired'), render: (_, row) => show(row.desired) },
          { title: t('deviceSettings.drift.reported'), render: (_, row) => show(row.reported) },
        ]}
      />
    </div>
  );
}

/** The state tag, "not applied" while there are edits, and the question before leaving with them. */
function EditedStateView({ view, edited }: { view: SectionStateView; edited: EditedFlag }) {
  const isEdited = useEdited(edited);
  useLeaveGuard(isEdited);
  return <StateView view={view} edited={isEdited} />;
}

export function SectionFrame({
  deviceId,
  section,
  children,
}: {
  deviceId: string;
  section: SectionKey;
  children: (context: SectionContext) => ReactNode;
}) {
  const { t } = useTranslation();
  const { confirmThen } = useConfirm();
  const { view, online, isLoading } = useSectionState(deviceId, section);
  const write = useSectionWrite(deviceId, section);
  // Edits stay "not applied" until a write of the section goes through; leaving meanwhile asks first.
  const edited = useEditedFlag();

  if (isLoading || !view) return <Spin data-testid="section-loading" />;

  const apply: SectionContext['apply'] = (path, body, confirmMessage) =>
    confirmThen(
      {
        title: 'confirmation',
        message:
          confirmMessage ??
          (view.mayCutOff ? t('deviceSettings.apply.confirmCutOff') : t('deviceSettings.apply.confirm')),
      },
      async () => {
        await write.mutateAsync({ path, body });
        edited.set(false);
      },
    );
  const markEdited = () => edited.set(true);

  return (
    <Card title={t(`deviceSettings.sections.${section}`)} data-testid={`section-${section}`}>
      <Space orientation={VERTICAL} style={{ width: '100%' }} size="middle">
        {online === false && <Alert type="info" showIcon title={t('deviceSettings.offline')} />}
        <EditedStateView view={view} edited={edited} />
        <div
          onChangeCapture={markEdited}
          onInputCapture={markEdited}
          onClickCapture={(event) => isEditingClick(event) && markEdited()}
        >
          {children({ view, apply, busy: write.isPending })}
        </div>
      </Space>
    </Card>
  );
}
