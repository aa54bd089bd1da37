import type { SectionStateView } from '@edge/protocol';

/** What the form starts from: the desired document, else what the device reported, else the SPEC 9 defaults. */
/** antd layout words, kept out of JSX (they are not text). */
export const VERTICAL = 'vertical' as const;

export function documentOf<T>(view: SectionStateView, defaults: T): T {
  return (view.desired ?? view.reported ?? defaults) as T;
}
