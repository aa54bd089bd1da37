/** The caller's saved views: open one, save the current view under a name (replacing one of that name), delete. */
import { useState } from 'react';
import { Button, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveStatisticsView, type SavedStatisticsView, type StatisticsView } from '@edge/protocol';
import { toast } from '../../components/notifications/toast.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { useDeleteView, useSaveView, useSavedViews } from './api.ts';

export function SavedViews({
  view,
  current,
  onOpen,
}: {
  view: StatisticsView;
  /** The saved view open now, if any. */
  current: SavedStatisticsView | null;
  onOpen: (saved: SavedStatisticsView | null) => void;
}) {
  const { t } = useTranslation();
  const views = useSavedViews().data ?? [];
  const save = useSaveView();
  const remove = useDeleteView();
  const { act } = useConfirmAct();
  const [naming, setNaming] = useState<string | null>(null);

  const submit = () => {
    const parsed = saveStatisticsView.safeParse({ name: naming ?? '', config: view });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]!.message);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setNaming(null);
        onOpen(saved);
        toast.success(t('statistics.saved', { name: saved.name }));
      },
    });
  };

  return (
    <Space wrap>
      <Select
        data-testid="statistics-saved"
        aria-label={t('statistics.savedViews')}
        className="statistics-saved"
        placeholder={t('statistics.savedViews')}
        allowClear
        value={current?.id}
        onChange={(id?: number) => onOpen(views.find((v) => v.id === id) ?? null)}
        options={views.map((v) => ({ value: v.id, label: v.name }))}
      />
      <Button
        icon={<SaveOutlined />}
        data-testid="statistics-save"
        onClick={() => setNaming(current?.name ?? '')}
      >
        {t('statistics.save')}
      </Button>
      {current && (
        <Button
          icon={<DeleteOutlined />}
          danger
          data-testid="statistics-delete"
          aria-label={t('statistics.delete')}
          onClick={() =>
            void act({
              confirm: { message: t('statistics.deleteConfirm', { name: current.name }), danger: true },
              run: () => remove.mutateAsync(current.id),
              done: t('statistics.deleted'),
              then: () => onOpen(null),
            })
          }
        />
      )}
      <Modal
        open={naming !== null}
        title={t('statistics.saveTitle')}
        onCancel={() => setNaming(null)}
        onOk={submit}
        okButtonProps={{ loading: save.isPending, 'data-testid': 'statistics-save-ok' }}
        destroyOnHidden
      >
        <Input
          data-testid="statistics-save-name"
          aria-label={t('statistics.name')}
          placeholder={t('statistics.name')}
          maxLength={64}
          value={naming ?? ''}
          onChange={(e) => setNaming(e.target.value)}
          onPressEnter={submit}
        />
      </Modal>
    </Space>
  );
}
