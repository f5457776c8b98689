// The cost of the HTTP metric on the request path, and of rendering a scrape (decision 028).
//
// Calls the onResponse hook's recording (`metrics.httpRequest`: the counter and the histogram of one answer) over a
// mix of route templates, methods and statuses, and renders the registry as a scrape does. In-process, no server:
// the figure is what every answered request pays. `npm run bench -- payments` measures the whole request.
//
//   npm run bench -- metrics [--calls=2000000]
import { createMetrics } from '../apps/server/src/lib/metrics.ts';

const found = process.argv.find((a) => a.startsWith('--calls='));
const CALLS = found ? Number(found.split('=')[1]) : 2_000_000;
if (!Number.isInteger(CALLS) || CALLS <= 0) throw new Error('--calls must be a positive integer');

const ROUTES = [
  '/api/v1/payments',
  '/api/v1/payments/:id',
  '/api/v1/checkout/:linkId',
  '/api/v1/payment-links',
  '/api/v1/health',
  '/api/v1/auth/login',
  '/api/v1/admin/health',
  '/ws',
  undefined,
  '/assets/index-abc.js',
];
const METHODS = ['GET', 'POST'];
const STATUSES = [200, 201, 404];

const metrics = createMetrics();
const mix = ROUTES.flatMap((r) => METHODS.flatMap((m) => STATUSES.map((s) => [r, m, s] as const)));

// warm-up: every label set's children made once, the JIT settled
for (let i = 0; i < 200_000; i++) {
  const [r, m, s] = mix[i % mix.length]!;
  metrics.httpRequest(r, m, s, 0.012);
}
const started = process.hrtime.bigint();
for (let i = 0; i < CALLS; i++) {
  const [r, m, s] = mix[i % mix.length]!;
  metrics.httpRequest(r, m, s, (i % 100) / 1000);
}
const ns = Number(process.hrtime.bigint() - started) / CALLS;

const renders = 50;
const r0 = process.hrtime.bigint();
let bytes = 0;
for (let i = 0; i < renders; i++) bytes = (await metrics.render()).length;
const renderMs = Number(process.hrtime.bigint() - r0) / renders / 1e6;

console.log(`Coinlane metrics benchmark: Node ${process.version}, ${mix.length} label sets`);
console.log(`metrics.httpRequest (count + histogram of one answer)   ${ns.toFixed(0)} ns per request`);
console.log(
  `render a scrape (${(bytes / 1024).toFixed(0)} kB, default metrics included)          ${renderMs.toFixed(2)} ms`,
);
