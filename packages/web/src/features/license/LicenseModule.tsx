/**
 * The License app (SPEC 1, 2, 3): upload a signed licence file, the licences in priority order with their
 * devices sorted by expiry, the container licences, the trial's notice, and the sales support form.
 */
import { useState } from 'react';
import { Button, Card, Space, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { CustomerServiceOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LICENSE_FILE_MAX_BYTES } from '@edge/protocol';
import { toast } from '../../components/notifications/toast.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { useLicenses, useUploadLicense } from './api.ts';
import { ContainerLicenses } from './ContainerLicenses.tsx';
import { LicenseTable } from './LicenseTable.tsx';
import { SalesForm } from './SalesForm.tsx';
import { TrialNotice } from './TrialNotice.tsx';
import '../../components/page.css';

export default function LicenseModule() {
  const { t } = useTranslation();
  const { manage } = usePermission('License');
  const licenses = useLicenses();
  const upload = useUploadLicense();
  // ?sales=1: the desktop's trial notice sent the user here to contact sales.
  const [search] = useSearchParams();
  const [salesOpen, setSalesOpen] = useState(search.get('sales') === '1');

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const chosen = file as File;
    if (chosen.size > LICENSE_FILE_MAX_BYTES) {
      toast.error(messageText(t, 'fileTooLarge'));
      onError?.(new Error('too large'));
      return;
    }
    upload
      .mutateAsync(chosen)
      .then((answer) => {
        toast.success(messageText(t, 'licenseUploaded'));
        onSuccess?.(answer);
      })
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
  };

  return (
    <div className="settings-stack">
      <TrialNotice onContact={() => setSalesOpen(true)} />
      <Card
        className="settings-card"
        title={t('license.title')}
        extra={
          <Space wrap>
            <Button
              icon={<CustomerServiceOutlined />}
              onClick={() => setSalesOpen(true)}
              data-testid="sales-open"
            >
              {t('license.sales.open')}
            </Button>
            {manage && (
              <span data-testid="license-upload">
                <Upload accept=".lic,.json" showUploadList={false} customRequest={customRequest}>
                  <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                    {t('license.upload')}
                  </Button>
                </Upload>
              </span>
            )}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('license.uploadHint')}</Typography.Paragraph>
        <LicenseTable licenses={licenses.data?.list ?? []} loading={licenses.isLoading} manage={manage} />
      </Card>
      <ContainerLicenses />
      <SalesForm open={salesOpen} onClose={() => setSalesOpen(false)} />
    </div>
  );
}
