/**
 * Confirm-before-acting (SPEC 8: confirmations precede edits, deletes, suspends, applies ...).
 * confirmThen(options, action) runs the action from the dialog's OK button, which spins until it settles.
 * A failed action closes the dialog too and resolves false: the query layer has already toasted its error,
 * and rejecting into antd would surface as an unhandled rejection.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from './AlertIcon.tsx';
import { alertMessageText, alertTitleText, type AlertContent } from './alertText.ts';

export interface ConfirmOptions extends AlertContent {
  okText?: string;
  danger?: boolean;
}

export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation();

  const confirmThen = useCallback(
    (options: ConfirmOptions, action: () => unknown): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        const kind = options.kind ?? 'warning';
        modal.confirm({
          title: alertTitleText(t, options.title ?? 'confirmation'),
          content: alertMessageText(t, options.message),
          icon: <AlertIcon kind={kind} />,
          okText: options.okText ?? t('common.ok'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: options.danger, 'data-testid': 'confirm-ok' },
          cancelButtonProps: { 'data-testid': 'confirm-cancel' },
          onOk: async () => {
            try {
              await action();
              resolve(true);
            } catch {
              resolve(false);
            }
          },
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );

  const confirm = useCallback(
    (options: ConfirmOptions) => confirmThen(options, () => undefined),
    [confirmThen],
  );

  return { confirm, confirmThen };
}
