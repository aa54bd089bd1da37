/**
 * Config as code on the screen: every profile as one YAML or JSON file, and a file imported back with a
 * preview of what it creates and changes before anything is written.
 */
import { useState } from 'react';
import { Button, Modal, Space, Typography, Upload, type UploadProps } from 'antd';
import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints, profileDocumentFormats, type ProfileImportResponse } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { saveText } from '../../components/saveText.ts';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useImportProfiles } from './api.ts';

const TYPES = { yaml: 'application/yaml', json: 'application/json' } as const;
const LISTS = ['created', 'changed', 'unchanged'] as const;
const PREVIEWED = 'profileImportPreviewed' as const;

export function DocumentActions({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation();
  const { act, busy } = useConfirmAct();
  const importing = useImportProfiles();
  const [preview, setPreview] = useState<{ document: string; answer: ProfileImportResponse } | null>(null);

  const exportAs = (format: (typeof profileDocumentFormats)[number]) =>
    act({
      run: async () =>
        saveText(
          await call(endpoints.profiles.exportDocument, { format }),
          `profiles.${format}`,
          TYPES[format],
        ),
      toastErrors: 'apiRequestError',
    }).catch(() => false);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    void (file as File).text().then((document) =>
      act({
        run: () => importing.mutateAsync({ document, apply: false }),
        then: (answer) => setPreview({ document, answer }),
      }).catch(() => false),
    );
  };
  const apply = () =>
    preview &&
    act({
      run: () => importing.mutateAsync({ document: preview.document, apply: true }),
      done: messageText(t, 'profileImported'),
      then: () => setPreview(null),
    }).catch(() => false);

  const list = (key: (typeof LISTS)[number]) =>
    preview && preview.answer[key].length > 0 ? (
      <Typography.Paragraph key={key} data-testid={`profile-import-${key}`}>
        <strong>{t(`profiles.document.${key}`)}</strong> {preview.answer[key].join(', ')}
      </Typography.Paragraph>
    ) : null;

  return (
    <Space wrap>
      {profileDocumentFormats.map((format) => (
        <Button
          key={format}
          icon={<CloudDownloadOutlined />}
          loading={busy}
          data-testid={`profile-export-${format}`}
          onClick={() => void exportAs(format)}
        >
          {t(`profiles.document.export.${format}`)}
        </Button>
      ))}
      {mayManage && (
        <Upload accept=".yaml,.yml,.json" showUploadList={false} customRequest={customRequest} maxCount={1}>
          <Button icon={<UploadOutlined />} loading={importing.isPending} data-testid="profile-import">
            {t('profiles.document.import')}
          </Button>
        </Upload>
      )}
      <Modal
        open={preview !== null}
        title={t('profiles.document.previewTitle')}
        okText={t('profiles.document.apply')}
        okButtonProps={{ disabled: !preview?.answer.created.length && !preview?.answer.changed.length }}
        confirmLoading={busy}
        onOk={() => void apply()}
        onCancel={() => setPreview(null)}
      >
        <Typography.Paragraph type="secondary">{messageText(t, PREVIEWED)}</Typography.Paragraph>
        {LISTS.map(list)}
        {preview && preview.answer.droppedValues > 0 && (
          <Typography.Paragraph type="warning">
            {t('profiles.document.dropped', { count: preview.answer.droppedValues })}
          </Typography.Paragraph>
        )}
      </Modal>
    </Space>
  );
}
