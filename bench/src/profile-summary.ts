/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time per function and per package, highest first.
 * Self time is the sum of the sampling intervals in which the function was on top of the stack.
 */
import fs from 'node:fs';
import path from 'node:path';
import { markdownTable } from './table.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface SelfTime {
  name: string;
  where: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Time the process had nothing to do. */
  idleMs: number;
  functions: SelfTime[];
  packages: SelfTime[];
  /** The product's own functions (packages/*) by inclusive time: what of ours the time was spent under. */
  ownInclusive: SelfTime[];
}

/** node_modules/<package>, node:internal, the console's own source (packages/x), or a V8 pseudo-frame. */
export function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(packages\/[^/]+|bench)\//.exec(url);
  return own ? own[1]! : url;
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*?node_modules\//, '')
    .replace(/^.*?\/(packages|bench)\//, '$1/');

export function summariseProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each delta is the time since the previous sample; charge it to the sample it precedes.
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0;
    selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + Math.max(0, us));
  }
  const functions = new Map<string, SelfTime>();
  const packages = new Map<string, SelfTime>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    totalUs += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    if (name === '(idle)') idleUs += us;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const key = `${name}@${where}`;
    const f = functions.get(key) ?? { name, where, ms: 0, share: 0 };
    f.ms += us / 1000;
    functions.set(key, f);
    const pkg = packageOf(url, name);
    const p = packages.get(pkg) ?? { name: pkg, where: '', ms: 0, share: 0 };
    p.ms += us / 1000;
    packages.set(pkg, p);
  }
  const ownInclusive = inclusiveOwn(profile, byId, selfUs);
  const busyMs = (totalUs - idleUs) / 1000;
  const rank = (m: Map<string, SelfTime>) =>
    [...m.values()]
      .filter((s) => s.name !== '(idle)')
      .map((s) => ({ ...s, share: busyMs > 0 ? (s.ms / busyMs) * 100 : 0 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top);
  return {
    totalMs: totalUs / 1000,
    idleMs: idleUs / 1000,
    functions: rank(functions),
    packages: rank(packages),
    ownInclusive: rank(ownInclusive),
  };
}

/** Each node's time charged once to every distinct own function on its stack. */
function inclusiveOwn(
  profile: CpuProfile,
  byId: Map<number, ProfileNode>,
  selfUs: Map<number, number>,
): Map<string, SelfTime> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const out = new Map<string, SelfTime>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!/\/packages\/[^/]+\/src\//.test(url) || url.includes('node_modules')) continue;
      const name = functionName || '(anonymous)';
      const where = `${shortUrl(url)}:${lineNumber + 1}`;
      const key = `${name}@${where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const f = out.get(key) ?? { name, where, ms: 0, share: 0 };
      f.ms += us / 1000;
      out.set(key, f);
    }
  }
  return out;
}

export interface Stall {
  /** Seconds from the start of the profile. */
  atS: number;
  ms: number;
  /** Functions on top of the stack in it, most time first. */
  top: string[];
  /** The product's own functions on the stack in it, most time first. */
  own: string[];
}

/**
 * The longest stretches without an idle sample: the event loop busy (or blocked in a system call) the whole
 * time, which is what a slow answer waited behind. Each with what ran in it.
 */
export function longestStalls(profile: CpuProfile, count = 5): Stall[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const stretches: { start: number; end: number; us: number }[] = [];
  let open: { start: number; end: number; us: number } | null = null;
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0;
    const idle = byId.get(samples[i]!)?.callFrame.functionName === '(idle)';
    if (idle) {
      if (open) stretches.push(open);
      open = null;
    } else if (open) {
      open.end = i;
      open.us += us;
    } else {
      open = { start: i, end: i, us };
    }
  }
  if (open) stretches.push(open);
  const offsets: number[] = [];
  let t = 0;
  for (let i = 0; i < samples.length; i++) offsets.push((t += deltas[i] ?? 0));
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}ms`);
  return stretches
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((s) => {
      const top = new Map<string, number>();
      const own = new Map<string, number>();
      for (let i = s.start; i <= s.end; i++) {
        const us = deltas[i + 1] ?? 0;
        const leaf = byId.get(samples[i]!)!.callFrame;
        const leafName = leaf.functionName || '(anonymous)';
        top.set(leafName, (top.get(leafName) ?? 0) + us);
        const seen = new Set<string>();
        for (let n: number | undefined = samples[i]; n !== undefined; n = parent.get(n)) {
          const f = byId.get(n)!.callFrame;
          if (!/\/packages\/[^/]+\/src\//.test(f.url) || f.url.includes('node_modules')) continue;
          const name = `${f.functionName || '(anonymous)'}@${shortUrl(f.url).replace(/^packages\//, '')}`;
          if (seen.has(name)) continue;
          seen.add(name);
          own.set(name, (own.get(name) ?? 0) + us);
        }
      }
      return { atS: offsets[s.start]! / 1e6, ms: s.us / 1000, top: rank(top), own: rank(own) };
    });
}

/** Timestamps of the profiled process's monotonic clock, in µs: what `process.hrtime` reads there / 1000. */
export interface ProfileWindow {
  fromUs: number;
  toUs: number;
}

/** The part of a profile sampled within the window: what the process did in one phase of the run. */
export function windowOf(profile: CpuProfile, window: ProfileWindow): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  let last = window.fromUs;
  const all = profile.samples ?? [];
  for (let i = 0; i < all.length; i++) {
    at += profile.timeDeltas?.[i] ?? 0;
    if (at < window.fromUs || at > window.toUs) continue;
    samples.push(all[i]!);
    timeDeltas.push(at - last);
    last = at;
  }
  return { ...profile, startTime: window.fromUs, endTime: window.toUs, samples, timeDeltas };
}

const WINDOWS_FILE = 'phase-windows.json';

/**
 * Marks, beside a process's profiles, the window of one phase of the run (the loaded phases: steady state,
 * API latency and RPC; each fleet-wide job), so that its part of the profile is summarised on its own.
 */
export function writePhaseWindow(dir: string, name: string, fromUs: number, toUs: number): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, WINDOWS_FILE);
  const marked = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as (ProfileWindow & { name: string })[])
    : [];
  fs.writeFileSync(file, JSON.stringify([...marked, { name, fromUs, toUs }]));
}

/** The phase windows the run marked beside the profile `file`, in the order they were marked. */
export function phaseWindowsOf(file: string): (ProfileWindow & { name: string })[] {
  const marked = path.join(path.dirname(file), WINDOWS_FILE);
  if (!fs.existsSync(marked)) return [];
  return JSON.parse(fs.readFileSync(marked, 'utf8')) as (ProfileWindow & { name: string })[];
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
}

/** The summary of a profile, or of the part of it within `window` (named in the heading by its name). */
export function profileReport(file: string, top = 25, window?: ProfileWindow & { name: string }): string {
  const whole = readProfile(file);
  const profile = window ? windowOf(whole, window) : whole;
  const s = summariseProfile(profile, top);
  const busy = s.totalMs - s.idleMs;
  return [
    `${file}${window ? ` (${window.name})` : ''}: ${(s.totalMs / 1000).toFixed(1)} s profiled, ${(busy / 1000).toFixed(1)} s busy (${((busy / s.totalMs) * 100).toFixed(0)} %)`,
    '',
    markdownTable(
      ['self ms', '% of busy', 'function', 'where'],
      s.functions.map((f) => [f.ms.toFixed(0), f.share.toFixed(1), f.name, f.where]),
    ),
    '',
    markdownTable(
      ['self ms', '% of busy', 'package'],
      s.packages.map((p) => [p.ms.toFixed(0), p.share.toFixed(1), p.name]),
    ),
    '',
    markdownTable(
      ['inclusive ms', '% of busy', 'own function', 'where'],
      s.ownInclusive.map((f) => [f.ms.toFixed(0), f.share.toFixed(1), f.name, f.where]),
    ),
    '',
    'Longest stretches without an idle moment (what a request arriving then waited behind):',
    '',
    markdownTable(
      ['at s', 'ms', 'on top of the stack', 'own code on the stack'],
      longestStalls(profile).map((st) => [
        st.atS.toFixed(1),
        st.ms.toFixed(0),
        st.top.join(', '),
        st.own.join(', '),
      ]),
    ),
  ].join('\n');
}
