/** The Edit and Delete buttons of a list row (settings tables); the caller's onDelete asks for confirmation. */
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function RowActions({
  'data-testid': testId,
  onEdit,
  onDelete,
}: {
  /** Prefix of the buttons' test hooks: `<prefix>-edit`, `<prefix>-delete`. */
  'data-testid': string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button size="small" data-testid={`${testId}-edit`} onClick={onEdit}>
        {t('deviceSettings.edit')}
      </Button>
      <Button size="small" danger data-testid={`${testId}-delete`} onClick={onDelete}>
        {t('deviceSettings.delete')}
      </Button>
    </Space>
  );
}
