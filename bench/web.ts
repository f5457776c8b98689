// Gzipped JavaScript the hosted payment page (payment.html) loads, beside the merchant app's entry (index.html).
//
// Builds apps/web (`npm run build -w @coinlane/web`) unless --no-build is given and apps/web/dist exists, then
// for each HTML entry follows what a browser fetches on first load: the module script, its modulepreload
// links, and every static import of those chunks, transitively. Lazy chunks (dynamic imports) are listed
// apart: for the payment page that is the non-English texts, one of which loads when that language is shown.
// Sizes are gzip level 9 of the built files (what a server with gzip serves); CSS is printed beside.
//
//   npm run bench -- web [--no-build] [--budget=80]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const budgetArg = process.argv.find((a) => a.startsWith('--budget='));
const BUDGET_KB = budgetArg ? Number(budgetArg.split('=')[1]) : 80;

if (!process.argv.includes('--no-build') || !fs.existsSync(path.join(dist, 'payment.html'))) {
  const res = spawnSync('npm', ['run', 'build', '-w', '@coinlane/web'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error('web build failed: run `npm run build -w @coinlane/web` to see why');
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const local = (url: string) => path.join(dist, url.replace(/^\//, ''));

/** Static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`). */
const staticImports = (code: string) =>
  [
    ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g),
  ].map((m) => m[1] as string);
/** Dynamic imports: `import("./x.js")`, also through Vite's preload helper. */
const dynamicImports = (code: string) =>
  [...code.matchAll(/import\(\s*["'`](\.\.?\/[^"'`]+\.js)["'`]\s*\)|["'](assets\/[^"']+\.js)["']/g)].map(
    (m) => (m[1] ? (m[1] as string) : `/${m[2]}`),
  );

function entryLoad(html: string) {
  const text = fs.readFileSync(path.join(dist, html), 'utf8');
  const scripts = [...text.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const preloads = [...text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] as string);
  const initial = new Set<string>();
  const queue = [...scripts, ...preloads].map(local);
  while (queue.length) {
    const file = queue.pop() as string;
    if (initial.has(file) || !fs.existsSync(file)) continue;
    initial.add(file);
    for (const rel of staticImports(fs.readFileSync(file, 'utf8')))
      queue.push(path.resolve(path.dirname(file), rel));
  }
  const lazy = new Set<string>();
  for (const file of initial) {
    const code = fs.readFileSync(file, 'utf8');
    for (const rel of dynamicImports(code)) {
      const abs = rel.startsWith('/') ? local(rel) : path.resolve(path.dirname(file), rel);
      if (!initial.has(abs) && fs.existsSync(abs)) lazy.add(abs);
    }
  }
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
  return { initial, lazy, js: sum(initial), css: sum(css.map(local)) };
}

const pay = entryLoad('payment.html');
const app = entryLoad('index.html');
const name = (f: string) => path.relative(dist, f);

console.log('Hosted payment page (payment.html), first load:');
for (const f of [...pay.initial].sort((a, b) => gz(b) - gz(a)))
  console.log(`  ${kb(gz(f)).padStart(9)}  ${name(f)}`);
console.log(
  `  JavaScript gzipped: ${kb(pay.js)}   (budget ${BUDGET_KB} KB: ${pay.js / 1024 <= BUDGET_KB ? 'within' : 'OVER'})`,
);
console.log(`  CSS gzipped:        ${kb(pay.css)}`);
// What the server actually sends (apps/web/scripts/compress.mjs writes the .br copies; browsers accept brotli).
const onWire = (f: string) => fs.statSync(fs.existsSync(`${f}.br`) ? `${f}.br` : f).size;
const wireJs = [...pay.initial].reduce((n, f) => n + onWire(f), 0);
console.log(
  `  JavaScript on the wire (brotli bodies as served): ${kb(wireJs)}   (budget ${BUDGET_KB} KB: ${wireJs / 1024 <= BUDGET_KB ? 'within' : 'OVER'}); second visit: 0 KB (hashed assets are immutable for a year; e2e/public-pages.test.ts measures both in Chromium)`,
);
if (pay.lazy.size) {
  console.log('  Loaded on demand (one at most, when that language is shown):');
  for (const f of pay.lazy) console.log(`  ${kb(gz(f)).padStart(9)}  ${name(f)}`);
  const worst = Math.max(...[...pay.lazy].map(gz));
  console.log(`  Worst case with a language chunk: ${kb(pay.js + worst)}`);
}
const shared = [...pay.initial].filter((f) => app.initial.has(f) || !name(f).includes('payment'));
console.log(`  Chunks also used by the merchant app: ${shared.map(name).join(', ') || 'none'}`);
console.log('');
console.log('Merchant app entry (index.html), first load before any lazy page:');
console.log(`  JavaScript gzipped: ${kb(app.js)} in ${app.initial.size} files; CSS gzipped: ${kb(app.css)}`);
