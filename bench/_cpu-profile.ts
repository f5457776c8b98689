// Reading a V8 CPU profile (node --cpu-prof): where a process spent its time, by function and by package.
import fs from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives: an npm package, a file of this repository, or Node's own. */
function placeOf(url: string): string {
  if (!url) return '(V8 / native)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node (built-in)';
  const i = url.indexOf('/apps/');
  const j = url.indexOf('/packages/');
  const k = i >= 0 ? i : j;
  return k >= 0 ? url.slice(k + 1).replace(/^file:\/\//, '') : url;
}

/**
 * The busy time (idle and garbage collection shown apart) and the `top` costs by self time: functions, and the
 * packages or files they belong to. Node writes one .cpuprofile per thread (tsx's loader has a thread of its own):
 * the largest file in `dir` is the main thread's.
 */
export function summarizeCpuProfile(dir: string, top = 5): string {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  if (!files[0]) return `no CPU profile written in ${dir}`;
  const profile = JSON.parse(fs.readFileSync(files[0], 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  let idle = 0;
  let gc = 0;
  let busy = 0;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    if (f.functionName === '(idle)') {
      idle += us;
      continue;
    }
    if (f.functionName === '(garbage collector)') gc += us;
    busy += us;
    const place = placeOf(f.url);
    const name = `${f.functionName || '(anonymous)'} ${f.url ? `${place}:${f.lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `    ${pct(us)}  ${k}`)
      .join('\n');
  return [
    `CPU profile of the server (${path.basename(files[0])}): busy ${(busy / 1e6).toFixed(1)} s ` +
      `(garbage collection ${pct(gc).trim()} of it), idle ${(idle / 1e6).toFixed(1)} s`,
    `  top ${top} functions by self time:`,
    list(byFunction),
    `  top ${top} packages or files by self time:`,
    list(byPlace),
  ].join('\n');
}
