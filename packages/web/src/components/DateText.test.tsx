import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render.tsx';
import { DateText, formatDate } from './DateText.tsx';

const local = new Date(2024, 2, 5, 7, 8, 9);

describe('DateText', () => {
  it('formats YYYY-MM-DD with optional HH:mm or HH:mm:ss', () => {
    expect(formatDate(local)).toBe('2024-03-05');
    expect(formatDate(local.getTime(), 'minutes')).toBe('2024-03-05 07:08');
    expect(formatDate(Math.floor(local.getTime() / 1000), 'seconds')).toBe('2024-03-05 07:08:09');
  });

  it.each([0, '', null, undefined, '0'])("shows 'Never' for %j", (value) => {
    renderWithProviders(<DateText value={value} />);
    expect(screen.getByText('Never')).toBeInTheDocument();
  });

  it('renders a time element', () => {
    renderWithProviders(<DateText value={local} time="seconds" />);
    expect(screen.getByText('2024-03-05 07:08:09').tagName).toBe('TIME');
  });
});
