/**
 * A rule dialog of a settings table under test (NAT, port forwarding): the device has one WAN, eth0, and the
 * dialog is open on `initial` (null: a new rule) among `others`. Answers the onSave spy.
 */
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { RuleFormProps } from '../components/table/RuleTableEditor.tsx';
import { renderWithProviders, stubFetch } from './render.tsx';

const DEVICE_ID = 'dev1';

export function openRuleForm<T>(
  Form: ComponentType<RuleFormProps<T> & { deviceId: string }>,
  initial: T | null,
  others: T[] = [],
) {
  const stub = stubFetch({
    'GET /api/v1/inventory/settings/multipleWan/supported': () => ({
      body: { supported: false, wans: ['eth0'] },
    }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  const onSave = vi.fn();
  renderWithProviders(
    <Form
      deviceId={DEVICE_ID}
      initial={initial}
      others={others}
      onSave={onSave}
      onCancel={() => undefined}
    />,
  );
  return onSave;
}
