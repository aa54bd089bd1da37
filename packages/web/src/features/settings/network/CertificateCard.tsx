/** The certificate HTTPS is served with: what it is, a new self-signed one, or the operator's own. */
import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificateInfo } from '@edge/protocol';
import { DateText } from '../../../components/DateText.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { useGenerateCertificate, useUploadCertificate } from './api.ts';

export function CertificateCard({
  certificate,
  manage,
}: {
  certificate: CertificateInfo | null;
  manage: boolean;
}) {
  const { t } = useTranslation();
  const generate = useGenerateCertificate();
  const upload = useUploadCertificate();
  const { act, busy } = useConfirmAct();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ certificate: string; privateKey: string }>();

  const saved = messageText(t, 'networkCertificateSaved');
  const required = [{ required: true, message: messageText(t, 'networkCertificateInvalid') }];
  const generateNew = () =>
    void act({
      confirm: { message: t('network.confirmGenerate'), okText: t('network.generate'), kind: 'warning' },
      run: () => generate.mutateAsync(undefined),
      done: saved,
    });
  const uploadPair = () =>
    void form.validateFields().then((pair) =>
      act({
        run: () => upload.mutateAsync(pair),
        done: saved,
        then: () => {
          setOpen(false);
          form.resetFields();
        },
      }),
    );

  return (
    <div className="network-certificate" data-testid="network-certificate">
      <h4>{t('network.certificate')}</h4>
      {certificate ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('network.source')}>
            {t(`network.sources.${certificate.source}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('network.subject')}>
            <span dir="ltr">{certificate.subject}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('network.notAfter')}>
            <DateText value={certificate.notAfter} />
          </Descriptions.Item>
          <Descriptions.Item label={t('network.fingerprint')}>
            <span dir="ltr" className="network-fingerprint">
              {certificate.fingerprint256}
            </span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <p>{t('network.certificateNone')}</p>
      )}
      {manage && (
        <Space wrap>
          <Button loading={busy} data-testid="network-generate" onClick={generateNew}>
            {t('network.generate')}
          </Button>
          <Button onClick={() => setOpen(true)}>{t('network.upload')}</Button>
        </Space>
      )}
      <Modal
        open={open}
        title={t('network.upload')}
        okText={t('common.save')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={uploadPair}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="certificate" label={t('network.certificatePem')} rules={required}>
            <Input.TextArea rows={6} dir="ltr" spellCheck={false} />
          </Form.Item>
          <Form.Item name="privateKey" label={t('network.privateKeyPem')} rules={required}>
            <Input.TextArea rows={6} dir="ltr" spellCheck={false} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
