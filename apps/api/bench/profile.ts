/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, or `pnpm bench:api --cpu-prof`): the functions
 * with the most self time, and self time per package (node_modules) or file of ours.
 *
 *   tsx bench/profile.ts <file.cpuprofile> [--top=25] [--focus=serialize,onRequest]
 *
 * `--focus` also prints the inclusive time (self + callees) of functions with those names.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from './lib/args';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: tsx bench/profile.ts <file.cpuprofile> [--top=25]');
const options = parseArgs(process.argv.slice(2).filter((a) => a.startsWith('--')));
const top = options.number('top', 25);
const focus = options.string('focus', '').split(',').filter(Boolean);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// Self time per node: each sample's delta goes to the node it landed in.
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (!url) return '(native/V8)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\/.*\/apps\//, 'apps/');
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = where(url);
  const key = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${pct(us)}  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
print('Self time by function', byFunction);
print('Self time by package / file', byPlace);

if (focus.length > 0) {
  // Inclusive time: a node's self time plus its subtree's, counted once per stack (recursion).
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      const name = frame?.functionName ?? '';
      if (!focus.includes(name)) continue;
      const key = `${name}  ${where(frame?.url ?? '')}:${(frame?.lineNumber ?? 0) + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  print('Inclusive time of the focused functions', inclusive);
}
