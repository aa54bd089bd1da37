import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { NumberUnitInput, numberUnitValidator } from './NumberUnitInput.tsx';

describe('NumberUnitInput', () => {
  it('offers sec/min/hr for time and reports {number, unit}', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <NumberUnitInput
        kind="time"
        value={{ number: 5, unit: 'min' }}
        onChange={onChange}
        aria-label="interval"
      />,
    );
    fireEvent.change(screen.getByLabelText('interval'), { target: { value: '7' } });
    expect(onChange).toHaveBeenLastCalledWith({ number: 7, unit: 'min' });
    await userEvent.click(screen.getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['sec', 'min', 'hr']);
    await userEvent.click(screen.getByRole('option', { name: 'hr' }));
    expect(onChange).toHaveBeenLastCalledWith({ number: 5, unit: 'hr' });
  });

  it('offers K/M/G for sizes, shown as KB/MB/GB', async () => {
    renderWithProviders(<NumberUnitInput kind="size" value={{ number: 1, unit: 'G' }} />);
    expect(screen.getByTitle('GB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['KB', 'MB', 'GB']);
  });

  it('refuses numbers below 1 with the protocol message', async () => {
    const validate = numberUnitValidator(i18n.t);
    await expect(validate(null, { number: 1, unit: 'sec' })).resolves.toBeUndefined();
    await expect(validate(null, { number: 0, unit: 'sec' })).rejects.toThrow(
      'The number must be at least 1.',
    );
    await expect(validate(null, undefined)).rejects.toThrow('The number must be at least 1.');
  });
});
