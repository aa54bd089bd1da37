/** Test helpers: the header every file starts with, and the rules of one nft chain. */
import { sectionDefaults, type SectionDocs } from '@edge/protocol';
import { contextFor, defaultHardware, type DeviceHardware } from './context.ts';

/** A UCI file as the agent writes it, from the body that follows the header. */
export const uciFile = (body: string): string =>
  `# Written by the Edge Console agent: changes made here are replaced on the next apply.\n\n${body}`;

/** The rules of one chain of a rendered nft file (the `type ... hook` line left out). */
export function chainRules(nft: string, chain: string): string[] {
  const start = nft.indexOf(`\tchain ${chain} {\n`);
  if (start < 0) throw new Error(`no chain ${chain}`);
  const lines = nft.slice(start).split('\n').slice(2);
  return lines.slice(0, lines.indexOf('\t}')).map((l) => l.trim());
}

/** A context built from the defaults with some sections replaced. */
export const contextWith = (docs: Partial<SectionDocs>, hardware: DeviceHardware = defaultHardware) =>
  contextFor({ ...structuredClone(sectionDefaults), ...docs }, hardware);
