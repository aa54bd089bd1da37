import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { deviceStatusLabels } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { STATUS_TAG_COLORS, statusTagColor } from './status.ts';
import { LoadTag, SignalTag, StatusTag } from './StatusTag.tsx';

describe('status tag colours', () => {
  it('gives every SPEC 4 label its colour', () => {
    expect(STATUS_TAG_COLORS).toEqual({
      'Runs Well': 'green',
      Alarm: 'red',
      Idle: 'gold',
      Offline: 'default',
      Lock: 'purple',
      'License Lock': 'volcano',
      Unlock: 'blue',
    });
    for (const label of deviceStatusLabels) expect(statusTagColor(label)).toBeTruthy();
  });

  it.each([
    ['Runs Well', 'ant-tag-green'],
    ['Alarm', 'ant-tag-red'],
    ['Idle', 'ant-tag-gold'],
    ['Lock', 'ant-tag-purple'],
    ['License Lock', 'ant-tag-volcano'],
    ['Unlock', 'ant-tag-blue'],
  ] as const)('renders %s as a %s tag with the translated label', (status, className) => {
    renderWithProviders(<StatusTag status={status} testId="tag" />);
    const tag = screen.getByTestId('tag');
    expect(tag).toHaveTextContent(status);
    expect(tag.className).toContain(className);
  });

  it('renders Offline grey (no preset colour)', () => {
    renderWithProviders(<StatusTag status="Offline" testId="tag" />);
    const tag = screen.getByTestId('tag');
    expect(tag).toHaveTextContent('Offline');
    expect(tag.className).not.toMatch(/ant-tag-(green|red|gold|blue|purple|volcano)/);
  });

  it('translates signal quality and load level', () => {
    renderWithProviders(
      <>
        <SignalTag quality="excellent" />
        <LoadTag level="High" />
        <LoadTag level={null} />
      </>,
    );
    expect(screen.getByText('Excellent').className).toContain('ant-tag-green');
    expect(screen.getByText('High').className).toContain('ant-tag-red');
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
