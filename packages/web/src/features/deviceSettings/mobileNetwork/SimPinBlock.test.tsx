import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { messages, mobileNetworkDefaults } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { notificationStore } from '../../../components/notifications/store.ts';
import { sectionView } from '../../../test/settingsSection.ts';
import { SimPinBlock } from './SimPinBlock.tsx';

const doc = { ...mobileNetworkDefaults, simSetting: { auto_unlock: true, code: '1234' } };
const texts = () => notificationStore.getSnapshot().entries.map((e) => e.value);

describe('SIM PIN block', () => {
  afterEach(() => notificationStore.clear());

  it("says 'PIN unlocked!' once the device reports the PIN with auto unlock applied", async () => {
    const apply = vi.fn().mockResolvedValue(true);
    const applying = sectionView('mobileNetwork', { desiredVersion: 1 });
    const { rerender, getByTestId } = renderWithProviders(
      <SimPinBlock doc={doc} view={applying} apply={apply} busy={false} />,
    );
    fireEvent.click(getByTestId('mobile-pin-apply'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    expect(texts()).not.toContain(messages.pinUnlocked);

    await act(async () =>
      rerender(
        <SimPinBlock
          doc={doc}
          view={sectionView('mobileNetwork', { desiredVersion: 2, state: 'applying' })}
          apply={apply}
          busy={false}
        />,
      ),
    );
    expect(texts()).not.toContain(messages.pinUnlocked);
    await act(async () =>
      rerender(
        <SimPinBlock
          doc={doc}
          view={sectionView('mobileNetwork', { desiredVersion: 2 })}
          apply={apply}
          busy={false}
        />,
      ),
    );
    await waitFor(() => expect(texts()).toContain(messages.pinUnlocked));
  });

  it('says nothing when the device rolled the change back', async () => {
    const apply = vi.fn().mockResolvedValue(true);
    const { rerender, getByTestId } = renderWithProviders(
      <SimPinBlock
        doc={doc}
        view={sectionView('mobileNetwork', { desiredVersion: 1 })}
        apply={apply}
        busy={false}
      />,
    );
    fireEvent.click(getByTestId('mobile-pin-apply'));
    await waitFor(() => expect(apply).toHaveBeenCalled());
    await act(async () =>
      rerender(
        <SimPinBlock
          doc={doc}
          view={sectionView('mobileNetwork', { desiredVersion: 2, state: 'rolled_back' })}
          apply={apply}
          busy={false}
        />,
      ),
    );
    expect(texts()).not.toContain(messages.pinUnlocked);
  });
});
