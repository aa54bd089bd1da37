import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n, switchLanguage } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { requiredValidator } from './formRules.ts';
import { useRevalidateOnLanguage } from './useRevalidateOnLanguage.ts';

function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useRevalidateOnLanguage(form);
  return (
    <Form form={form}>
      <Form.Item name="password" rules={[{ validator: requiredValidator(t, 'passwordEmpty') }]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">go</Button>
    </Form>
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('useRevalidateOnLanguage', () => {
  it('re-words a shown field error in the newly chosen language', async () => {
    renderWithProviders(<PasswordForm />);
    await userEvent.click(screen.getByText('go'));
    expect(await screen.findByText('Password cannot be empty.')).toBeInTheDocument();
    await act(() => switchLanguage('Deutsch'));
    expect(await screen.findByText('Das Passwort darf nicht leer sein.')).toBeInTheDocument();
  });
});
