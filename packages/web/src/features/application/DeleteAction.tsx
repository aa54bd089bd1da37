/**
 * Application's row icons over the table kit's (components/table/EditDeleteIcons.tsx), in the app's words:
 * delete asks `question` first and toasts the server's answer; edit opens the caller's form.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteIcon, EditDeleteIcons } from '../../components/table/EditDeleteIcons.tsx';
import { serverWords } from './serverWords.ts';

interface Deletion {
  question: string;
  remove: () => Promise<{ message: string }>;
}

export function DeleteAction({
  question,
  remove,
  'data-testid': testId,
}: Deletion & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDeleteIcon
      deleteLabel={t('application.actions.delete')}
      question={question}
      remove={remove}
      done={(answer) => serverWords(t, answer.message)}
      data-testid={testId}
    />
  );
}

export function EditDeleteAction({
  onEdit,
  children,
  'data-testid': testId,
  ...deletion
}: Deletion & { onEdit: () => void; children?: ReactNode; 'data-testid': string }) {
  const { t } = useTranslation();
  return (
    <EditDeleteIcons
      editLabel={t('application.actions.edit')}
      deleteLabel={t('application.actions.delete')}
      onEdit={onEdit}
      done={(answer) => serverWords(t, answer.message)}
      data-testid={testId}
      {...deletion}
    >
      {children}
    </EditDeleteIcons>
  );
}
