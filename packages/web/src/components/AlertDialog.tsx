/** The modal alert dialog of SPEC 2: info or warning icon, a coded or plain message, always a Cancel button. */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from './AlertIcon.tsx';
import { alertMessageText, alertTitleText, type AlertContent } from './alertText.ts';

export interface AlertDialogProps extends AlertContent {
  open: boolean;
  onOk?: () => void | Promise<unknown>;
  onCancel: () => void;
  okText?: string;
  danger?: boolean;
  confirmLoading?: boolean;
}

export function AlertDialog({
  open,
  message,
  kind = 'info',
  title = 'hint',
  onOk,
  onCancel,
  okText,
  danger,
  confirmLoading,
}: AlertDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={
        <span className="alert-title">
          <AlertIcon kind={kind} />
          {alertTitleText(t, title)}
        </span>
      }
      onOk={() => void (onOk ?? onCancel)()}
      onCancel={onCancel}
      okText={okText ?? t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, 'data-testid': 'alert-ok' }}
      cancelButtonProps={{ 'data-testid': 'alert-cancel' }}
      confirmLoading={confirmLoading}
      width={440}
      destroyOnHidden
    >
      <p className="alert-message">{alertMessageText(t, message)}</p>
    </Modal>
  );
}
