/**
 * Colours of the SPEC 4 device states, shared by tags, the map and the dashboard: one colour per status
 * label, signal quality and load level (antd preset colour names, and the hex the map and charts use).
 */
import type { DeviceStatusLabel, LoadLevel, SignalQuality } from '@edge/protocol';

/** antd Tag colours of the status labels: Runs Well green, Alarm red, Idle gold, Offline grey ... */
export const STATUS_TAG_COLORS: Record<DeviceStatusLabel, string> = {
  'Runs Well': 'green',
  Alarm: 'red',
  Idle: 'gold',
  Offline: 'default',
  Lock: 'purple',
  'License Lock': 'volcano',
  Unlock: 'blue',
};

export const statusTagColor = (status: DeviceStatusLabel): string => STATUS_TAG_COLORS[status] ?? 'default';

export const SIGNAL_TAG_COLORS: Record<SignalQuality, string> = {
  excellent: 'green',
  good: 'blue',
  poor: 'orange',
};

export const LOAD_TAG_COLORS: Record<LoadLevel, string> = {
  Low: 'green',
  Medium: 'gold',
  High: 'red',
};

/** The map's colour levels (MapDevice.colorLevel): 0 good .. 2 bad, -1 offline or unknown. */
export const LEVEL_COLORS: Record<number, string> = {
  [-1]: '#8c8c8c',
  0: '#389e0d',
  1: '#d48806',
  2: '#cf1322',
};
export const levelColor = (level: number): string => LEVEL_COLORS[level] ?? LEVEL_COLORS[-1]!;

/** Solid colours of the status labels where a tag does not fit (the dashboard badge). */
export const STATUS_HEX: Record<DeviceStatusLabel, string> = {
  'Runs Well': '#52c41a',
  Alarm: '#f5222d',
  Idle: '#faad14',
  Offline: '#8c8c8c',
  Lock: '#722ed1',
  'License Lock': '#fa541c',
  Unlock: '#1677ff',
};
