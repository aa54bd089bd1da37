/**
 * The organisation's enrolment secret (issue 13): agents need it, or the claim code on their label, to ask
 * to join. Shown to those who may manage Provision, hidden until asked for (screens are shared and
 * recorded), copyable, and rotatable: a leaked secret stops working for agents that have not enrolled.
 */
import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dateTimeCell } from '../../components/tableCells.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { serverText } from '../inventory/serverText.ts';
import { useEnrolSecret, useRotateEnrolSecret } from './api.ts';

const MASK = '•'.repeat(24);

export function EnrolSecretCard() {
  const { t } = useTranslation();
  const { data } = useEnrolSecret(true);
  const rotate = useRotateEnrolSecret();
  const { act } = useConfirmAct();
  const [shown, setShown] = useState(false);

  const rotateSecret = () =>
    act({
      confirm: {
        message: t('provision.enrolment.confirmRotate'),
        danger: true,
        okText: t('provision.enrolment.rotate'),
      },
      run: () => rotate.mutateAsync(),
      done: (answer) => (answer.message ? serverText(t, answer.message) : undefined),
    });

  return (
    <Card
      className="provision-card"
      title={t('provision.enrolment.title')}
      extra={
        <Button
          danger
          icon={<RedoOutlined />}
          loading={rotate.isPending}
          onClick={() => void rotateSecret()}
          data-testid="enrol-secret-rotate"
        >
          {t('provision.enrolment.rotate')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('provision.enrolment.hint')}</Typography.Paragraph>
      {data && (
        <Space wrap align="center">
          <Typography.Text
            code
            copyable={{
              text: data.secret,
              tooltips: [t('provision.enrolment.copy'), t('provision.enrolment.copied')],
            }}
            data-testid="enrol-secret"
          >
            <bdi>{shown ? data.secret : MASK}</bdi>
          </Typography.Text>
          <Button
            size="small"
            icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => setShown(!shown)}
            data-testid="enrol-secret-toggle"
          >
            {shown ? t('provision.enrolment.hide') : t('provision.enrolment.show')}
          </Button>
          <Typography.Text type="secondary">
            {t('provision.enrolment.rotatedAt')} {dateTimeCell(data.rotatedAt)}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
