import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPS_PER_DESKTOP_PAGE } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { AppGrid, type DeskApp } from './AppGrid.tsx';

const synthetic = (n: number): DeskApp[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `App${i + 1}`,
    title: `App ${i + 1}`,
    icon: null,
    color: '#123456',
    to: `/desk/app${i + 1}`,
  }));

const shownKeys = () => screen.getAllByRole('link').map((a) => a.getAttribute('data-testid'));

describe('AppGrid', () => {
  it('shows one page without pager for up to 18 apps', () => {
    renderWithProviders(<AppGrid apps={synthetic(APPS_PER_DESKTOP_PAGE)} />);
    expect(screen.getAllByRole('link')).toHaveLength(18);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('pages more than 18 apps, 18 at a time, with arrows and dots', async () => {
    renderWithProviders(<AppGrid apps={synthetic(40)} />);
    expect(shownKeys()).toEqual(synthetic(18).map((a) => `app-${a.key}`));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    const dots = screen.getAllByRole('button', { name: /^Page \d$/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownKeys()).toEqual(
      synthetic(36)
        .slice(18)
        .map((a) => `app-${a.key}`),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(shownKeys()).toEqual(['app-App37', 'app-App38', 'app-App39', 'app-App40']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByTestId('app-App19')).toHaveAttribute('href', '/desk/app19');
  });

  it('stays on a page that exists when the list shrinks', async () => {
    const { rerender } = renderWithProviders(<AppGrid apps={synthetic(40)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    rerender(<AppGrid apps={synthetic(20)} />);
    expect(shownKeys()).toEqual(['app-App19', 'app-App20']);
  });
});
