/** The delete icon of a row: asks `question` first, deletes, and toasts the server's answer. */
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { serverWords } from './serverWords.ts';

export function DeleteAction({
  question,
  remove,
  'data-testid': testId,
}: {
  question: string;
  remove: () => Promise<{ message: string }>;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const { act } = useConfirmAct();
  return (
    <IconAction
      title={t('application.actions.delete')}
      icon={<DeleteOutlined />}
      danger
      data-testid={testId}
      onClick={() =>
        void act({
          confirm: { message: question, danger: true, okText: t('application.actions.delete') },
          run: remove,
          done: (answer) => serverWords(t, answer.message),
        })
      }
    />
  );
}
