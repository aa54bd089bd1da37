import { Button, Result, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChunkLoadError } from './ChunkLoadError.ts';

export function ChunkErrorPanel({ error }: { error: ChunkLoadError }) {
  const { t } = useTranslation();
  const isCss = error.name === 'CSS_CHUNK_LOAD_FAILED';
  return (
    <Result
      status="warning"
      data-testid="chunk-load-error"
      title={t('errors.chunkTitle')}
      subTitle={
        <>
          {t(isCss ? 'errors.cssChunk' : 'errors.scriptChunk')}{' '}
          <Typography.Text code>{error.name}</Typography.Text>
        </>
      }
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
