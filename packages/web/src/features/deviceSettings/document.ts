import type { SectionStateView } from '@edge/protocol';

export { VERTICAL } from '../../components/layout.ts';

/** What the form starts from: the desired document, else what the device reported, else the SPEC 9 defaults. */
export function documentOf<T>(view: SectionStateView, defaults: T): T {
  return (view.desired ?? view.reported ?? defaults) as T;
}
