import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, Switch } from 'antd';
import { aclEntryRequest, messages } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { useSchemaFields } from './useSchemaFields.tsx';

const FIELDS = ['ipAddress', 'Description'] as const;

function AclForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  const [form] = Form.useForm();
  const { field } = useSchemaFields(aclEntryRequest, FIELDS, { values: () => form.getFieldsValue(true) });
  return (
    <Form form={form} onFinish={onFinish}>
      {field('ipAddress', 'security.ipAddress', <Input />)}
      {field('Description', null, <Input aria-label="about" />, { extra: 'a word on it' })}
      {field('note', 'security.description', <Switch />, { valuePropName: 'checked' })}
      <Button htmlType="submit">save</Button>
    </Form>
  );
}

describe('useSchemaFields', () => {
  it("shows the protocol's words under each field and keeps an invalid form from being sent", async () => {
    const onFinish = vi.fn();
    renderWithProviders(<AclForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('IP address'), '300.1.1.1');
    await userEvent.click(screen.getByText('save'));
    expect(await screen.findByText(messages.ipFormat)).toBeInTheDocument();
    expect(await screen.findByText(messages.descriptionEmpty)).toBeInTheDocument();
    expect(screen.getByText('a word on it')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('sends a valid form, a field the schema does not know passing unchecked', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<AclForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('IP address'), '10.0.0.1');
    await userEvent.type(screen.getByLabelText('about'), 'office');
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByText('save'));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ ipAddress: '10.0.0.1', Description: 'office', note: true }),
    );
  });
});
