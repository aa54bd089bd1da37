/**
 * What a section renders to: UCI sections and nftables rules. Fragments of several sections merge
 * into whole files, because OpenWrt keeps the port type, VLANs, DHCP addresses and WANs all in one
 * /etc/config/network.
 */
import { renderUci, uciPath, UCI_CONFIGS, type UciConfig, type UciSection } from './uci.ts';
import { NFT_PATH, renderNft, type NftChain, type NftPart, type NftSet } from './nft.ts';

export interface Fragment {
  uci: readonly UciSection[];
  nft: NftPart;
}

export const emptyFragment: Fragment = { uci: [], nft: {} };

/** Files keyed by absolute path on the device. */
export interface RenderedFiles {
  files: Record<string, string>;
}

function concat<K extends string>(maps: readonly (Partial<Record<K, readonly string[]>> | undefined)[]) {
  const out: Partial<Record<K, string[]>> = {};
  for (const map of maps) {
    for (const [key, values] of Object.entries(map ?? {}) as [K, readonly string[]][])
      (out[key] ??= []).push(...values);
  }
  return out;
}

/**
 * Joins fragments in the given order (rules keep it: an earlier section's rule runs first). Two
 * sections writing the same UCI section is a bug in the renderers, so it throws.
 */
export function mergeFragments(fragments: readonly Fragment[]): Fragment {
  const uci = fragments.flatMap((f) => f.uci);
  const keys = new Set<string>();
  for (const s of uci) {
    const key = `${s.config}.${s.name}`;
    if (keys.has(key)) throw new Error(`two sections render ${key}`);
    keys.add(key);
  }
  return {
    uci,
    nft: {
      rules: concat<NftChain>(fragments.map((f) => f.nft.rules)),
      elements: concat<NftSet>(fragments.map((f) => f.nft.elements)),
    },
  };
}

const hasNft = (part: NftPart): boolean =>
  [...Object.values(part.rules ?? {}), ...Object.values(part.elements ?? {})].some((v) => v.length > 0);

/**
 * The files of a fragment. `whole` writes every file the agent owns, even with nothing in it (a
 * device render, which replaces the files); otherwise only the files the fragment touches.
 */
export function toFiles(fragment: Fragment, whole = false): RenderedFiles {
  const files: Record<string, string> = {};
  const configs: readonly UciConfig[] = whole
    ? UCI_CONFIGS
    : UCI_CONFIGS.filter((c) => fragment.uci.some((s) => s.config === c));
  for (const config of configs)
    files[uciPath(config)] = renderUci(fragment.uci.filter((s) => s.config === config));
  if (whole || hasNft(fragment.nft)) files[NFT_PATH] = renderNft(fragment.nft);
  return { files };
}
