import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render.tsx';
import { OnlinePie, onlinePercent } from './OnlinePie.tsx';

describe('onlinePercent', () => {
  it('truncates to an integer instead of rounding', () => {
    expect(onlinePercent(29, 1)).toBe(96); // 96.67
    expect(onlinePercent(2, 1)).toBe(66); // 66.67
    expect(onlinePercent(1, 2)).toBe(33);
    expect(onlinePercent(199, 1)).toBe(99); // 99.5 stays 99
    expect(onlinePercent(9999, 1)).toBe(99);
  });

  it('is exact for whole percentages and the edges', () => {
    expect(onlinePercent(57, 43)).toBe(57);
    expect(onlinePercent(12, 0)).toBe(100);
    expect(onlinePercent(0, 12)).toBe(0);
    expect(onlinePercent(0, 0)).toBe(0);
  });
});

describe('OnlinePie', () => {
  it('shows the truncated online percentage and both counts', () => {
    renderWithProviders(<OnlinePie numOnline={2} numOffline={1} />);
    expect(screen.getByTestId('online-percent')).toHaveTextContent('66%');
    expect(screen.getByTestId('num-online')).toHaveTextContent('2');
    expect(screen.getByTestId('num-offline')).toHaveTextContent('1');
    expect(screen.getByRole('img')).toHaveAccessibleName(/66/);
  });
});
