import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGES } from '@edge/protocol';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('LanguageSwitch', () => {
  it('lists the nine languages in their own names and switches to the chosen one', async () => {
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(LANGUAGES.map((l) => l.label));
    await userEvent.click(screen.getByRole('option', { name: 'العربية' }));
    await waitFor(() => expect(i18n.language).toBe('Arabic'));
    expect(document.cookie).toContain('language=Arabic');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.querySelector('.ant-select-rtl')).not.toBeNull();
  });

  it('carries the data-testid browser tests use', () => {
    renderWithProviders(<LanguageSwitch />);
    expect(screen.getByTestId('language-switch')).toBeInTheDocument();
  });
});
