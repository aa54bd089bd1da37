/**
 * Security > API access tokens (SPEC 2, 3, 5): name, end date and scopes (api, read_api, read_user); the list
 * shows created, expires and last used. A new token's secret is shown once; a token can be revoked.
 */
import { useState } from 'react';
import { Button, Card, Checkbox, Col, DatePicker, Form, Input, Row, Space, Tag } from 'antd';
import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DATE_FORMAT,
  TOKEN_NAME_MAX,
  newTokenRequest,
  tokenScopes,
  type NewTokenRequest,
  type NewTokenResponse,
  type TokenView,
} from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, STICKY_END, dateCell, dateTimeCell } from '../../../components/tableCells.tsx';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { usePermission } from '../../account/permissions.ts';
import { useCreateToken, useRevokeToken, useTokens } from '../api.ts';
import { SecurityStatusBar } from '../SecurityStatusBar.tsx';
import { TokenSecretModal } from './TokenSecretModal.tsx';

interface Values {
  tokenName?: string;
  endDate?: Dayjs | null;
  scopes?: string[];
}

const toRequest = (v: Values): Record<string, unknown> => ({
  tokenName: v.tokenName ?? '',
  endDate: v.endDate ? v.endDate.format(DATE_FORMAT) : undefined,
  scopes: v.scopes ?? [],
});

const FIELDS = ['tokenName', 'endDate', 'scopes'] as const;
/** Today and later: a token cannot end in the past. */
const beforeToday = (d: Dayjs) => d.isBefore(dayjs().startOf('day'));

const STATUS_COLOR = { active: 'success', expired: 'default', revoked: 'error' } as const;

export function TokensPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const { data: tokens, isFetching } = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const { manage } = usePermission('AccessToken');
  const { act } = useConfirmAct();
  const [created, setCreated] = useState<NewTokenResponse | null>(null);

  const { field } = useSchemaFields(newTokenRequest, FIELDS, {
    values: () => toRequest(form.getFieldsValue(true)),
  });
  const revokeToken = (token: TokenView) =>
    act({
      confirm: {
        message: t('security.confirmRevoke', { name: token.tokenName }),
        danger: true,
        okText: t('security.revoke'),
      },
      run: () => revoke.mutateAsync(token.id),
      done: t('security.revoked'),
    });
  const submit = () =>
    act({
      run: () =>
        create.mutateAsync(newTokenRequest.parse(toRequest(form.getFieldsValue(true))) as NewTokenRequest),
      then: (answer) => {
        setCreated(answer);
        form.resetFields();
      },
    });

  return (
    <div className="security-page">
      <SecurityStatusBar />
      {manage && (
        <Card className="settings-card" title={t('security.newToken')}>
          <Form
            form={form}
            name="token"
            layout="vertical"
            requiredMark={false}
            onFinish={() => void submit()}
            initialValues={{ scopes: [] }}
            data-testid="token-form"
          >
            <Row gutter={24}>
              <Col xs={24} lg={12}>
                {field(
                  'tokenName',
                  'security.tokenName',
                  <Input autoComplete="off" maxLength={TOKEN_NAME_MAX} />,
                )}
              </Col>
              <Col xs={24} lg={12}>
                {field(
                  'endDate',
                  'security.endDate',
                  <DatePicker
                    className="full-width"
                    format={DATE_FORMAT}
                    disabledDate={beforeToday}
                    data-testid="token-end-date"
                  />,
                )}
              </Col>
            </Row>
            {field(
              'scopes',
              'security.scopes',
              <Checkbox.Group className="token-scopes">
                {tokenScopes.map((scope) => (
                  <Checkbox key={scope} value={scope} data-testid={`token-scope-${scope}`}>
                    <code>{scope}</code>
                    <span className="token-scope-hint">{t(`security.scope.${scope}`)}</span>
                  </Checkbox>
                ))}
              </Checkbox.Group>,
            )}
            <Button
              type="primary"
              htmlType="submit"
              icon={<KeyOutlined />}
              loading={create.isPending}
              data-testid="token-create"
            >
              {t('security.createToken')}
            </Button>
          </Form>
        </Card>
      )}
      <Card className="settings-card" title={t('security.tokens')}>
        <PaginatedTable<TokenView>
          rowKey="id"
          size="middle"
          loading={isFetching && !tokens}
          dataSource={tokens ?? []}
          scroll={SCROLL_X}
          columns={[
            { key: 'tokenName', dataIndex: 'tokenName', title: t('security.tokenName') },
            {
              key: 'scopes',
              dataIndex: 'scopes',
              title: t('security.scopes'),
              render: (scopes: string[]) => (
                <Space size={4} wrap>
                  {scopes.map((s) => (
                    <Tag key={s}>{s}</Tag>
                  ))}
                </Space>
              ),
            },
            {
              key: 'created',
              dataIndex: 'created',
              title: t('security.created'),
              render: dateTimeCell,
            },
            {
              key: 'expires',
              dataIndex: 'expires',
              title: t('security.expires'),
              render: dateCell,
            },
            {
              key: 'lastUsed',
              dataIndex: 'lastUsed',
              title: t('security.lastUsed'),
              render: dateTimeCell,
            },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('security.status'),
              render: (s: TokenView['status']) => (
                <Tag color={STATUS_COLOR[s]}>{t(`security.tokenStatus.${s}`)}</Tag>
              ),
            },
            ...(manage
              ? [
                  {
                    key: 'actions',
                    title: t('users.actions'),
                    fixed: STICKY_END,
                    width: 90,
                    render: (_: unknown, token: TokenView) =>
                      token.status === 'active' && (
                        <IconAction
                          danger
                          title={t('security.revoke')}
                          icon={<StopOutlined />}
                          data-testid={`token-revoke-${token.tokenName}`}
                          onClick={() => void revokeToken(token)}
                        />
                      ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <TokenSecretModal token={created} onClose={() => setCreated(null)} />
    </div>
  );
}
