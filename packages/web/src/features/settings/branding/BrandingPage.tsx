/**
 * Settings > Branding (SPEC 2, 3, 9): platform name, company link, logo (SVG, or PNG/JPG/JPEG of exactly
 * 110x40; the server measures it) and favicon. Applied live: the tab title, favicon and login screen follow.
 */
import { useEffect } from 'react';
import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PLATFORM_NAME,
  FAVICON_UPLOAD,
  LOGO_SIZE,
  LOGO_UPLOAD,
  PLATFORM_NAME_MAX,
  brandingRequest,
  type BrandingImage,
  type BrandingRequest,
} from '@edge/protocol';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { acceptOf, imageFileProblem } from '../../../components/imageFile.ts';
import { errorText } from '../../../api/errorText.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import {
  useBrandingSettings,
  useRemoveBrandingImage,
  useSaveBranding,
  useUploadBrandingImage,
} from './api.ts';

const FIELDS = ['platformName', 'companyLink'] as const;
const LOGO: BrandingImage = 'logo';
const FAVICON: BrandingImage = 'favicon';

const IMAGES = {
  logo: { limits: LOGO_UPLOAD, wrongType: 'logoType', preview: LOGO_SIZE },
  favicon: { limits: FAVICON_UPLOAD, wrongType: 'faviconType', preview: { width: 32, height: 32 } },
} as const;

function ImageSetting({ image, url, manage }: { image: BrandingImage; url: string | null; manage: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadBrandingImage();
  const remove = useRemoveBrandingImage();
  const { act } = useConfirmAct();
  const { limits, wrongType, preview } = IMAGES[image];

  const removeImage = () =>
    act({
      confirm: { message: 'confirmDelete', danger: true },
      run: () => remove.mutateAsync(image),
      done: t('messages.deleted'),
    });
  const send = (file: File) => {
    const problem = imageFileProblem(file, limits, wrongType);
    if (problem) {
      toast.error(messageText(t, problem));
      return;
    }
    upload.mutate(
      { image, file },
      {
        onSuccess: () => toast.success(t('messages.saved')),
        onError: (e) => toast.error(errorText(t, e, 'applyError')),
      },
    );
  };

  return (
    <div className="branding-image" data-testid={`branding-${image}`}>
      <div className={`branding-preview branding-preview-${image}`}>
        {url ? (
          <img src={url} alt={t(`branding.${image}`)} width={preview.width} height={preview.height} />
        ) : (
          <span className="branding-none">{t('branding.none')}</span>
        )}
      </div>
      <p className="branding-hint">{t(`branding.${image}Hint`)}</p>
      {manage && (
        <Space wrap>
          <Upload
            accept={acceptOf(limits.types)}
            showUploadList={false}
            beforeUpload={(file) => {
              send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={upload.isPending}
              data-testid={`branding-${image}-upload`}
            >
              {t('branding.upload')}
            </Button>
          </Upload>
          {url && (
            <Button
              icon={<DeleteOutlined />}
              danger
              loading={remove.isPending}
              data-testid={`branding-${image}-remove`}
              onClick={() => void removeImage()}
            >
              {t('branding.remove')}
            </Button>
          )}
        </Space>
      )}
    </div>
  );
}

export function BrandingPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<BrandingRequest>();
  useRevalidateOnLanguage(form);
  const { data } = useBrandingSettings();
  const save = useSaveBranding();
  const { manage } = usePermission('Branding');
  const { act } = useConfirmAct();

  useEffect(() => {
    if (data) form.setFieldsValue({ platformName: data.platformName, companyLink: data.companyLink });
  }, [data, form]);

  const values = () => form.getFieldsValue(true) as Record<string, unknown>;
  const { field } = useSchemaFields(brandingRequest, FIELDS, { values });
  const submit = () =>
    act({
      confirm: { message: 'confirmEdit', kind: 'info' },
      run: () => save.mutateAsync(brandingRequest.parse(values())),
      done: t('messages.saved'),
    });

  if (!data) return <Skeleton active />;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Card className="settings-card" title={t('branding.title')}>
          <Form
            form={form}
            name="branding"
            layout="vertical"
            requiredMark={false}
            disabled={!manage}
            onFinish={() => void submit()}
            data-testid="branding-form"
          >
            {field(
              'platformName',
              'branding.platformName',
              <Input autoComplete="off" maxLength={PLATFORM_NAME_MAX} />,
              { extra: t('branding.platformNameHint', { name: DEFAULT_PLATFORM_NAME }) },
            )}
            {field('companyLink', 'branding.companyLink', <Input autoComplete="off" inputMode="url" />, {
              extra: t('branding.companyLinkHint'),
            })}
            {manage && (
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="branding-save">
                {t('common.save')}
              </Button>
            )}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card className="settings-card" title={t('branding.images')}>
          <div className="branding-images">
            <section>
              <h2 className="branding-image-title">{t('branding.logo')}</h2>
              <ImageSetting image={LOGO} url={data.logoUrl} manage={manage} />
            </section>
            <section>
              <h2 className="branding-image-title">{t('branding.favicon')}</h2>
              <ImageSetting image={FAVICON} url={data.faviconUrl} manage={manage} />
            </section>
          </div>
        </Card>
      </Col>
    </Row>
  );
}
