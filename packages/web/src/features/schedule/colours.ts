/** 'My Calender' colours: the user's own choice per group, else one of a palette by group id. */
import type { GroupColour } from '@edge/protocol';

const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#fadb14', '#a0d911'];

export interface GroupLook {
  colour: string;
  shown: boolean;
}

export function groupLook(colours: readonly GroupColour[] | undefined, groupId: number | null): GroupLook {
  const own = colours?.find((c) => c.groupId === groupId);
  if (own) return { colour: own.colour, shown: own.shown };
  return { colour: PALETTE[(groupId ?? 0) % PALETTE.length]!, shown: true };
}
