/**
 * Whether a client is blocked as its device has it (issue 18: "the state shows when the device reports it
 * applied"): the MAC blacklist the device reported, and the block or unblock still on its way while the
 * configuration path delivers the section. The clients section applies without a confirmation window
 * (protocol networking/sections.ts lists no cut-off check for it), so what the device reports after an
 * apply is what it keeps; a change it refused leaves the section failed and its report as it was.
 */
import type { ClientBlockChange, SectionDocs, SectionState, SectionStateView } from '@edge/protocol';

/** The section states in which the desired document has not reached the device yet. */
const UNDER_WAY: ReadonlySet<SectionState> = new Set(['pending', 'applying', 'awaiting_confirm']);

const macsOf = (doc: unknown): Set<string> =>
  new Set(((doc as SectionDocs['clients'] | null)?.blacklist ?? []).map((c) => c.mac.toLowerCase()));

export interface ClientBlockState {
  blocked: boolean;
  blockChange: ClientBlockChange | null;
}

/** The block state of each MAC of a device, from its clients section (undefined: nothing known). */
export function blockStates(view: SectionStateView | undefined): (mac: string) => ClientBlockState {
  const applied = macsOf(view?.reported);
  const asked = view && UNDER_WAY.has(view.state) ? macsOf(view.desired) : applied;
  return (mac) => {
    const key = mac.toLowerCase();
    const blocked = applied.has(key);
    const wanted = asked.has(key);
    return { blocked, blockChange: wanted === blocked ? null : wanted ? 'blocking' : 'unblocking' };
  };
}
