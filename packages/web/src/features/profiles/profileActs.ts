/**
 * The two acts policy profiles and profile templates share: saving an editor dialog (its own fields
 * checked first, then the call with its SPEC 8 words, then the dialog closed) and deleting one after
 * 'Are you sure you want to delete this profile?' ('Profile deleted successfully.').
 */
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageCode } from '@edge/protocol';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';

export function useDialogSave<F>(form: FormInstance<F>, onClose: () => void) {
  const { t } = useTranslation();
  const { act, busy } = useConfirmAct();
  /** Resolves whether it was saved. */
  const save = async (run: (fields: F) => Promise<unknown>, done: MessageCode): Promise<boolean> => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return false;
    return act({ run: () => run(fields), done: messageText(t, done), then: onClose }).catch(() => false);
  };
  return { save, busy };
}

export function useDeleteAfterQuestion(remove: (id: number) => Promise<unknown>) {
  const { t } = useTranslation();
  const { act } = useConfirmAct();
  return (id: number) =>
    act({
      confirm: {
        message: messageText(t, 'profileDeleteConfirm'),
        danger: true,
        okText: t('profiles.delete'),
      },
      run: () => remove(id),
      done: messageText(t, 'profileDeleted'),
    }).catch(() => false);
}
