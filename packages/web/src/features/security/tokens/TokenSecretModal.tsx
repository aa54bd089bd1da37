/**
 * A new access token's secret, shown this once (the server keeps only its digest) with a copy button.
 * Closing the dialog forgets the secret.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Input, Modal, Space, type InputRef } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NewTokenResponse } from '@edge/protocol';
import { toast } from '../../../components/notifications/toast.ts';

/** navigator.clipboard needs a secure context; a console reached over plain HTTP falls back to execCommand. */
async function copyText(text: string, input: InputRef | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions): try the old way.
  }
  input?.select();
  return typeof document.execCommand === 'function' && document.execCommand('copy');
}

export function TokenSecretModal({
  token,
  onClose,
}: {
  token: NewTokenResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<InputRef>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!token) return;
    if (await copyText(token.token, input.current)) {
      setCopied(true);
      toast.success(t('security.tokenCopied'));
    } else {
      toast.error(t('security.tokenCopyFailed'));
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Modal
      open={token !== null}
      title={t('security.tokenCreatedTitle', { name: token?.tokenName ?? '' })}
      onCancel={close}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={close} data-testid="token-secret-close">
          {t('security.tokenSecretDone')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon className="card-alert" title={t('security.tokenShownOnce')} />
      <Space.Compact className="full-width">
        <Input
          ref={input}
          readOnly
          value={token?.token ?? ''}
          className="token-secret"
          aria-label={t('security.tokenSecret')}
          data-testid="token-secret"
          onFocus={(e) => e.target.select()}
        />
        <Button
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          data-testid="token-copy"
        >
          {copied ? t('security.copied') : t('security.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
