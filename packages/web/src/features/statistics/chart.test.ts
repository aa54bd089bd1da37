import { describe, expect, it } from 'vitest';
import type { StatisticsResult } from '@edge/protocol';
import { chartOption, figureText } from './chart.ts';

describe('Statistics chart', () => {
  it('draws one line per series over the range, named by the page', () => {
    const result: StatisticsResult = {
      resolution: '5m',
      from: 0,
      to: 600_000,
      devices: 2,
      series: [
        {
          key: 'avg',
          label: '',
          points: [
            [0, 1],
            [300_000, null],
          ],
        },
        { key: 'device:a', label: 'Router A', points: [[0, 2]] },
      ],
      figures: [],
    };
    const option = chartOption(result, (key, label) => label || key.toUpperCase(), '%');
    expect(option.xAxis).toMatchObject({ type: 'time', min: 0, max: 600_000 });
    expect(option.yAxis).toMatchObject({ name: '%' });
    expect((option.series as { name: string; data: unknown }[]).map((s) => [s.name, s.data])).toEqual([
      [
        'AVG',
        [
          [0, 1],
          [300_000, null],
        ],
      ],
      ['Router A', [[0, 2]]],
    ]);
  });

  it('writes figures with two decimals at most and their unit', () => {
    expect(figureText(12.3456, '%')).toBe('12.35 %');
    expect(figureText(3, '')).toBe('3');
    expect(figureText(null, 'Mbps')).toBe('–');
  });
});
