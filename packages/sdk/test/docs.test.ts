import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { Coinlane } from '../src/index.ts';
import { type CoinlaneServer, startCoinlaneServer } from './support/coinlane-server.ts';
import { type DocBlock, readDocBlocks } from './support/doc-blocks.ts';

// The examples of the documentation, run. Every fenced block marked `runnable=<id>` in apps/web/public/docs.md (the
// /docs page) and packages/sdk/README.md is run here against a real Coinlane server started by this file (fresh
// database, its webhooks role delivering for real), with the SDK installed the way the docs say: packed with
// `npm pack -w @coinlane/sdk` and installed from the tarball into a new project, with npm kept off the network
// (npm_config_offline: the SDK has no dependencies, so nothing is fetched).
//
// The placeholders of the docs are replaced, always the same way:
//   cl_test_...                           -> a test key of a merchant of this server (read, write, webhook)
//   http://localhost:3000, https://pay.example.com -> this server's address (http://127.0.0.1:<port>)
//   whsec_...                             -> the secret `coinlane listen` printed (newcomer path)
//   3001 and 8080 (the example ports)     -> free ports of this machine
//   /path/to/coinlane/coinlane-sdk-0.1.0.tgz -> the tarball packed by the newcomer path's first step
// and the environment gives COINLANE_API_KEY, COINLANE_BASE_URL and COINLANE_WEBHOOK_SECRET (an endpoint's real
// secret, for the framework handlers). JavaScript blocks run as they are (node <id>.mjs); TypeScript blocks are
// first stripped of their types (typescript's transpileModule), nothing else. Some blocks are fragments of a page
// (they use a `coinlane` or `paymentId` made earlier on it) or define a handler without starting it: PRELUDE and
// EPILOGUE below add what the page around them says, and each says why.
//
// What is not run, and why:
// - The curl examples of the sign-in steps (docs.md "Authentication"): they need the 6-digit code of an e-mail;
//   the sign-in itself is covered by the server's auth tests. The other curl examples are not marked.
// - The embed's HTML snippet and its browser events: opening the overlay and paying needs a browser; that is the
//   journey e2e/embed-checkout.test.ts (Chromium). Here `shop.mjs` runs and its page is fetched.
// - Express is not installed in the repository: its examples run against a stand-in module that implements the
//   calls they make (test/support/express-stand-in.mjs, which says what it proves and what it cannot). Fastify is
//   the real one (the server's own dependency). Next.js is not installed: its route handler is served as Next does
//   it (a Web Request in, a Response out) by a node:http server in its EPILOGUE.
// - `npx coinlane listen --help` and other command lines shown only as text.

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DOCS = path.join(repoRoot, 'apps/web/public/docs.md');
const README = path.join(repoRoot, 'packages/sdk/README.md');

/** Every block marked runnable, by file: a block added or removed without this list changing fails the test. */
const EXPECTED = {
  [DOCS]: [
    'newcomer-pack',
    'newcomer-project',
    'newcomer-env',
    'newcomer-receiver',
    'newcomer-listen',
    'newcomer-handler',
    'newcomer-create-payment',
    'newcomer-run',
    'docs-express',
    'docs-fastify',
    'docs-nextjs',
    'listen-trigger',
    'api-create-payment-curl',
    'embed-shop',
  ],
  [README]: [
    'readme-quickstart',
    'readme-lists',
    'readme-errors',
    'readme-express',
    'readme-fastify',
    'readme-nextjs',
    'readme-listen-receiver',
  ],
};

/** A handler's own code calls this; the docs say it stands for yours. It prints what it was given. */
const MARK_ORDER_PAID =
  "globalThis.markOrderPaid = async (orderId, payment) => console.log('markOrderPaid', orderId, payment.id, payment.status);\n";
const COINLANE_FROM_ENV =
  "import { Coinlane as __Coinlane } from '@coinlane/sdk';\n" +
  'const coinlane = new __Coinlane({ apiKey: process.env.COINLANE_API_KEY, baseUrl: process.env.COINLANE_BASE_URL });\n';

/** What the page around a fragment says (before it), with the reason. */
const PRELUDE: Record<string, string> = {
  // README "Lists" uses the `coinlane` of its "Five minutes".
  'readme-lists': COINLANE_FROM_ENV,
  // README "Errors" uses that `coinlane`, the error class it names, and a payment of yours (here a confirmed one).
  'readme-errors': `${COINLANE_FROM_ENV}import { CoinlaneConflictError } from '@coinlane/sdk';\nconst paymentId = process.env.DOC_PAYMENT_ID;\n`,
  'docs-express': MARK_ORDER_PAID,
  'readme-express': MARK_ORDER_PAID,
  'docs-fastify': MARK_ORDER_PAID,
  'readme-fastify': MARK_ORDER_PAID,
  'docs-nextjs': MARK_ORDER_PAID,
  'readme-nextjs': MARK_ORDER_PAID,
};

/** A Next.js route handler file exports POST; Next serves it: a Web Request in, the Response written back. */
const SERVE_NEXT_ROUTE = `
import __http from 'node:http';
__http.createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const request = new Request(new URL(req.url, 'http://localhost'), { method: req.method, headers: req.headers, body: Buffer.concat(chunks) });
  const response = await POST(request);
  res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
}).listen(3001);
`;

/** What the page around a block says (after it), with the reason. */
const EPILOGUE: Record<string, string> = {
  // The README's Express and Fastify handlers define the route; the app is started as any app is.
  'readme-express': '\napp.listen(3001);\n',
  'readme-fastify': '\nawait app.listen({ port: 3001 });\n',
  'docs-nextjs': SERVE_NEXT_ROUTE,
  'readme-nextjs': SERVE_NEXT_ROUTE,
};

const NPM_OFFLINE = {
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

let server: CoinlaneServer;
let merchant: { userId: string; key: string };
let tmp: string;
let tarball: string | null = null;
const blocks = new Map<string, DocBlock>();
const ran = new Set<string>();
const children: ChildProcess[] = [];
let mining = true;
let miner: Promise<void>;

function block(id: string): DocBlock {
  const b = blocks.get(id);
  if (!b) throw new Error(`no block runnable=${id} in the docs`);
  ran.add(id);
  return b;
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** The placeholders replaced (see the top of this file). */
function substitute(
  code: string,
  { key, ports = {}, secret }: { key: string; ports?: Record<string, number>; secret?: string },
) {
  let out = code
    .replaceAll('cl_test_...', key)
    .replaceAll('http://localhost:3000', server.url)
    .replaceAll('https://pay.example.com', server.url);
  if (tarball) out = out.replaceAll('/path/to/coinlane/coinlane-sdk-0.1.0.tgz', tarball);
  if (secret) out = out.replaceAll('whsec_...', secret);
  for (const [from, to] of Object.entries(ports))
    out = out.replace(new RegExp(`\\b${from}\\b`, 'g'), String(to));
  return out;
}

/** The block as a JavaScript module: a TypeScript one stripped of its types only. */
function javascriptOf(b: DocBlock, code: string): string {
  if (b.lang === 'js') return code;
  if (b.lang !== 'ts') throw new Error(`${b.id}: a ${b.lang} block is not a module`);
  return ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

/** A started process: `out` is its standard output and error as they came, `stdout` the first alone. */
type Run = { child: ChildProcess; out: () => string; stdout: () => string; exit: Promise<number> };

/** Starts a command in `cwd` (its own process group, so that npx and what it starts end together). */
function start(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Run {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...NPM_OFFLINE, ...env },
    detached: true,
  });
  children.push(child);
  let text = '';
  let stdout = '';
  child.stdout?.on('data', (c: Buffer) => {
    text += c.toString();
    stdout += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    text += c.toString();
  });
  const exit = new Promise<number>((r) => child.on('close', (code) => r(code ?? 1)));
  return { child, out: () => text, stdout: () => stdout, exit };
}

function stop(run: Run) {
  if (run.child.exitCode === null && run.child.pid) {
    try {
      process.kill(-run.child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

/** Runs to the end; fails with the output when the exit code is not 0. */
async function finish(run: Run, what: string, ms = 60_000): Promise<string> {
  const code = await Promise.race([
    run.exit,
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} still runs after ${ms} ms:\n${run.out()}`)), ms),
    ),
  ]);
  if (code !== 0) throw new Error(`${what} exited with ${code}:\n${run.out()}`);
  return run.out();
}

/** Waits for a line of a process's output; as long as waitFor's own limit (a payment confirmed and its webhook
 *  delivered took over 30 s under CI's load, 2026-12-01). */
async function outputMatching(run: Run, re: RegExp, what: string, ms = 90_000): Promise<RegExpExecArray> {
  return waitFor(
    what,
    async () => {
      if (run.child.exitCode !== null && !re.test(run.out())) {
        throw new Error(`${what}: the process ended (${run.child.exitCode}):\n${run.out()}`);
      }
      return re.exec(run.out());
    },
    ms,
    () => run.out(),
  );
}

/** A shell block, run by bash (-e: a failing command fails it). */
function shell(code: string, cwd: string, env: Record<string, string> = {}): Run {
  return start('bash', ['-ec', code], cwd, env);
}

/**
 * The test network's clock, as the server's scheduler runs it (the scheduler role does not run in tests): blocks of
 * 1 second (the server's default is TEST_NETWORK_BLOCK_SECONDS=2), looked at every 250 ms.
 */
async function mine() {
  while (mining) {
    await advanceTestNetwork({ deps: server.ctx.app.payments, db: server.ctx.db, blockSeconds: 1 });
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Packs the SDK the way the docs say (newcomer-pack), once; the other examples use the same tarball. */
let packing: Promise<{ tarball: string; ms: number }> | null = null;
function packSdk() {
  packing ??= (async () => {
    const began = Date.now();
    const dest = path.join(tmp, 'pack');
    fs.mkdirSync(dest);
    // Run in the checkout as the docs say; the tarball is written to this test's directory, not the checkout.
    const out = await finish(
      shell(block('newcomer-pack').code, repoRoot, { npm_config_pack_destination: dest }),
      'npm pack',
      180_000,
    );
    // The tarball npm wrote (its name is also printed, but npm's notices on the other stream may come after it).
    const written = fs.readdirSync(dest).filter((f) => f.endsWith('.tgz'));
    expect(written, out).toHaveLength(1);
    expect(out).toContain(written[0]);
    tarball = path.join(dest, written[0] as string);
    return { tarball, ms: Date.now() - began };
  })();
  return packing;
}

beforeAll(async () => {
  for (const [file, ids] of Object.entries(EXPECTED)) {
    for (const b of readDocBlocks(file)) {
      if (blocks.has(b.id)) throw new Error(`runnable=${b.id} is used twice (${file}:${b.line})`);
      blocks.set(b.id, b);
    }
    void ids;
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-docs-'));
  server = await startCoinlaneServer();
  merchant = await server.merchant();
  miner = mine();
});

afterAll(async () => {
  mining = false;
  await miner;
  for (const c of children) {
    if (c.exitCode === null && c.pid) {
      try {
        process.kill(-c.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the runnable examples of the docs', () => {
  it('are exactly the blocks this test knows, each once, in the file it expects', () => {
    for (const [file, ids] of Object.entries(EXPECTED)) {
      const found = readDocBlocks(file).map((b) => b.id);
      expect(found.sort(), path.relative(repoRoot, file)).toEqual([...ids].sort());
    }
    for (const b of blocks.values()) expect(['js', 'ts', 'sh', 'bash'], b.id).toContain(b.lang);
  });
});

describe('the newcomer path (docs.md, "SDK for Node.js and the browser", in five minutes)', () => {
  it('packs the SDK, installs it in a new project, creates a test payment and verifies its webhook through coinlane listen', async () => {
    const began = Date.now();
    const steps: Array<[string, number]> = [];
    const step = (name: string, since: number) => steps.push([name, Date.now() - since]);

    // 2. npm pack in the checkout, then a new project that installs the tarball.
    const pack = await packSdk();
    steps.push(['npm pack -w @coinlane/sdk (builds the SDK)', pack.ms]);
    let t = Date.now();
    await finish(
      shell(substitute(block('newcomer-project').code, { key: merchant.key }), tmp),
      'the new project',
    );
    const project = path.join(tmp, 'coinlane-demo');
    const installed = JSON.parse(
      fs.readFileSync(path.join(project, 'node_modules/@coinlane/sdk/package.json'), 'utf8'),
    );
    expect(installed.name).toBe('@coinlane/sdk');
    expect(fs.existsSync(path.join(project, 'node_modules/.bin/coinlane'))).toBe(true);
    step('mkdir, npm init -y, npm install <tarball>', t);

    // 3. The exports, before every later command (a terminal of the project).
    const port = await freePort();
    const ports = { '3001': port };
    const env = substitute(block('newcomer-env').code, { key: merchant.key });
    expect(env).toContain(`COINLANE_API_KEY=${merchant.key}`);

    // 4. webhooks.mjs, saved as the docs name it.
    for (const id of ['newcomer-receiver', 'newcomer-create-payment']) {
      const b = block(id);
      const name = /^\/\/ (\S+\.mjs)\n/.exec(b.code)?.[1];
      expect(name, `${id} names its file on its first line`).toBeTruthy();
      fs.writeFileSync(path.join(project, name!), substitute(b.code, { key: merchant.key, ports }));
    }

    // 5. The listener (its own terminal), then the handler with the secret it printed.
    t = Date.now();
    const listener = shell(
      `${env}\n${substitute(block('newcomer-listen').code, { key: merchant.key, ports })}`,
      project,
    );
    const secret = (
      await outputMatching(
        listener,
        /secret for this session is (whsec_\S+)/,
        'the secret coinlane listen prints',
      )
    )[1]!;
    await outputMatching(listener, / {2}Connected$/m, 'coinlane listen connected');
    expect(listener.out()).toContain(`Ready: forwarding the test mode webhook events of ${server.url} to`);
    step('npx coinlane listen: connected, secret printed', t);

    t = Date.now();
    const handler = shell(
      `${env}\n${substitute(block('newcomer-handler').code, { key: merchant.key, ports, secret })}`,
      project,
    );
    await outputMatching(
      handler,
      /webhook handler on http:\/\/localhost:\d+\/webhooks/,
      'the handler to listen',
    );
    step('node webhooks.mjs: listening', t);

    // 6. node create-payment.mjs
    t = Date.now();
    const created = await finish(
      shell(`${env}\n${block('newcomer-run').code}`, project),
      'node create-payment.mjs',
    );
    const paymentId = /^created (pay_\w+) 0\.001 BTC to test_bitcoin_\w+$/m.exec(created)?.[1];
    expect(paymentId, created).toBeTruthy();
    expect(created).toMatch(/^simulated the transfer: pending 0\.001 BTC$/m);
    step('node create-payment.mjs', t);

    // 7. Its webhooks, forwarded by the listener and verified by the handler.
    t = Date.now();
    await outputMatching(
      handler,
      new RegExp(`^verified payment\\.confirmed ${paymentId}$`, 'm'),
      'the handler to verify payment.confirmed',
    );
    expect(handler.out()).toMatch(new RegExp(`^verified payment\\.created ${paymentId}$`, 'm'));
    expect(handler.out()).not.toContain('refused');
    // The listener prints a delivery once the handler's reply reached it, which can be after the handler printed.
    await outputMatching(
      listener,
      /^\d\d:\d\d:\d\d {2}payment\.confirmed {2}evt_\w+ {2}-> 200$/m,
      "the listener to print the handler's 200 to payment.confirmed",
    );
    expect(listener.out()).toMatch(/^\d\d:\d\d:\d\d {2}payment\.created {2}evt_\w+ {2}-> 200$/m);
    step('payment.created and payment.confirmed verified by webhooks.mjs', t);

    // The listener's own five minutes: npx coinlane trigger payment.confirmed.
    t = Date.now();
    const triggered = await finish(
      shell(`${env}\n${block('listen-trigger').code}`, project),
      'npx coinlane trigger',
    );
    const triggeredId = /^Payment (pay_\w+) is confirmed: payment\.confirmed fired$/m.exec(triggered)?.[1];
    expect(triggeredId, triggered).toBeTruthy();
    await outputMatching(
      handler,
      new RegExp(`^verified payment\\.confirmed ${triggeredId}$`, 'm'),
      "the handler to verify the triggered payment's payment.confirmed",
    );
    step('npx coinlane trigger payment.confirmed, verified', t);

    // Ctrl+C: the listener says it stopped.
    stop(handler);
    stop(listener);
    await outputMatching(listener, /^Stopped$/m, 'coinlane listen to stop on Ctrl+C', 10_000);

    const total = Date.now() - began;
    console.log(
      [
        'The newcomer path, wall time (the human steps, reading and copying, are not in it):',
        ...steps.map(([name, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`),
        `  ${(total / 1000).toFixed(1).padStart(6)} s  in all`,
      ].join('\n'),
    );
  });
});

describe('the examples of the docs and the README', () => {
  let project: string;

  beforeAll(async () => {
    await packSdk();
    project = path.join(tmp, 'examples');
    fs.mkdirSync(project);
    await finish(start('npm', ['init', '-y'], project), 'npm init');
    await finish(start('npm', ['install', tarball!], project), 'npm install <tarball>', 120_000);
    // Fastify, the real one: the server's own dependency, linked into the project.
    fs.symlinkSync(path.join(repoRoot, 'node_modules/fastify'), path.join(project, 'node_modules/fastify'));
    // Express: the stand-in (see the top of this file).
    const express = path.join(project, 'node_modules/express');
    fs.mkdirSync(express);
    fs.copyFileSync(path.join(here, 'support/express-stand-in.mjs'), path.join(express, 'index.mjs'));
    fs.writeFileSync(
      path.join(express, 'package.json'),
      JSON.stringify({ name: 'express', version: '0.0.0-stand-in', type: 'module', main: 'index.mjs' }),
    );
  });

  /** Writes the block (with its prelude and epilogue) as <id>.mjs and starts `node` on it. */
  function run(
    id: string,
    env: Record<string, string>,
    ports: Record<string, number> = {},
    key = merchant.key,
  ) {
    const b = block(id);
    const code = javascriptOf(b, substitute(b.code, { key, ports }));
    const epilogue = substitute(EPILOGUE[id] ?? '', { key, ports });
    fs.writeFileSync(path.join(project, `${id}.mjs`), `${PRELUDE[id] ?? ''}${code}${epilogue}`);
    return start('node', [`${id}.mjs`], project, {
      COINLANE_API_KEY: key,
      COINLANE_BASE_URL: server.url,
      ...env,
    });
  }

  it('README "Five minutes": creates a test payment and simulates its transfer', async () => {
    const out = await finish(run('readme-quickstart', {}), 'readme-quickstart');
    expect(out).toMatch(/^test$/m);
    const id = /^(pay_\w+) test_bitcoin_\w+ (0\.\d+) bitcoin:test_bitcoin_\w+\?amount=\2/m.exec(out)?.[1];
    expect(id, out).toBeTruthy();
    const payment = await new Coinlane({ apiKey: merchant.key, baseUrl: server.url }).payments.retrieve(id!);
    expect(payment).toMatchObject({
      fiatAmount: '49.90',
      fiatCurrency: 'EUR',
      amountReceived: payment.amount,
    });
  });

  /** A confirmed test payment of `key`'s merchant. */
  async function confirmedPayment(key: string) {
    const coinlane = new Coinlane({ apiKey: key, baseUrl: server.url });
    const p = await coinlane.payments.create({ amount: '0.001', currency: 'BTC' });
    await coinlane.payments.simulate(p.id);
    await waitFor(
      'a confirmed payment',
      async () => (await coinlane.payments.retrieve(p.id)).status === 'confirmed',
    );
    return p.id;
  }

  it('README "Lists": one page, then every page, of confirmed payments and the payout history', async () => {
    const own = await server.merchant();
    const ids = [await confirmedPayment(own.key), await confirmedPayment(own.key)];
    const out = await finish(run('readme-lists', {}, {}, own.key), 'readme-lists');
    expect(out.trim().split('\n').sort()).toEqual([...ids].sort());
  });

  it('README "Errors": a refund larger than the payment is a CoinlaneConflictError REFUND_TOO_LARGE', async () => {
    const own = await server.merchant();
    const paymentId = await confirmedPayment(own.key);
    const out = await finish(
      run('readme-errors', { DOC_PAYMENT_ID: paymentId }, {}, own.key),
      'readme-errors',
    );
    expect(out).toMatch(/^refund too large: /m);
    const refunds = await new Coinlane({ apiKey: own.key, baseUrl: server.url }).refunds.listForPayment(
      paymentId,
    );
    expect(refunds).toMatchObject({ refunded: '0', refundable: '0.001', refunds: [] });
  });

  /**
   * A webhook handler example, served on a free port, receiving the real deliveries of this server's webhooks role
   * for a new merchant whose endpoint points at it (its real secret in COINLANE_WEBHOOK_SECRET): a forged delivery
   * is answered 400, and a payment's payment.confirmed reaches markOrderPaid with the order id of its metadata.
   */
  async function handlerReceives(id: string, routePath: string, expectOrder: boolean) {
    const own = await server.merchant();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}${routePath}`;
    const coinlane = new Coinlane({ apiKey: own.key, baseUrl: server.url });
    const endpoint = await coinlane.webhookEndpoint.update({
      url,
      events: ['payment.created', 'payment.confirmed'],
    });
    const handler = run(id, { COINLANE_WEBHOOK_SECRET: endpoint.secret! }, { '3001': port }, own.key);
    // A forged delivery: refused with 400 (which also says the handler is up).
    const forged = await waitFor(
      `${id} to answer`,
      async () =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'coinlane-signature': 't=1,v1=00' },
          body: '{"id":"evt_forged","type":"payment.confirmed","data":{}}',
        }).catch(() => null),
      undefined,
      () => handler.out(),
    );
    expect(forged.status, handler.out()).toBe(400);

    const order = `order-${id}`;
    const p = await coinlane.payments.create({
      amount: '0.001',
      currency: 'BTC',
      metadata: { orderId: order },
    });
    await coinlane.payments.simulate(p.id);
    const expected = expectOrder
      ? new RegExp(`^markOrderPaid ${order} ${p.id} confirmed$`, 'm')
      : new RegExp(`^verified payment\\.confirmed ${p.id}$`, 'm');
    await outputMatching(handler, expected, `${id} to handle payment.confirmed`);
    // The server saw its answer: both events delivered (200) at the first attempt.
    const events = await waitFor(`${id}'s deliveries recorded`, async () => {
      const list = await coinlane.webhookEvents.list({ state: 'delivered' });
      return list.items.length === 2 && list.items;
    });
    for (const e of events) expect(e).toMatchObject({ lastStatusCode: 200, attempts: 1 });
    stop(handler);
  }

  for (const [id, expectOrder] of [
    ['docs-express', true],
    ['readme-express', true],
    ['docs-fastify', true],
    ['readme-fastify', true],
    ['docs-nextjs', true],
    ['readme-nextjs', true],
  ] as const) {
    it(`${id}: verifies a real delivery, refuses a forged one`, () =>
      handlerReceives(
        id,
        id.endsWith('nextjs') ? '/api/coinlane/webhooks' : '/coinlane/webhooks',
        expectOrder,
      ));
  }

  it('readme-listen-receiver: verifies a real delivery, refuses a forged one', () =>
    handlerReceives('readme-listen-receiver', '/webhooks', false));

  it('docs.md POST /payments: the curl example creates the payment it shows, with the fields it shows', async () => {
    const b = block('api-create-payment-curl');
    const curl = start('bash', ['-ec', substitute(b.code, { key: merchant.key })], tmp);
    await finish(curl, 'curl');
    const reply = JSON.parse(curl.stdout());
    expect(reply).toMatchObject({
      success: true,
      error: null,
      data: { status: 'pending', amount: '0.0025', currency: 'BTC', metadata: { orderId: '1001' } },
    });
    // The reply documented after it has the same fields.
    expect(b.next?.lang).toBe('json');
    const documented = JSON.parse(b.next!.code);
    expect(Object.keys(documented.data).sort()).toEqual(Object.keys(reply.data).sort());
  });

  it('docs.md embed, shop.mjs: creates a test payment link and serves a page with its button', async () => {
    const port = await freePort();
    const shop = run('embed-shop', {}, { '8080': port });
    const linkId = (
      await outputMatching(
        shop,
        new RegExp(`^shop on http://localhost:${port} \\(payment link (lnk_\\w+)\\)$`, 'm'),
        'the shop to listen',
      )
    )[1]!;
    const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(page).toContain(`<script src="${server.url}/embed.js" data-link="${linkId}"></script>`);
    expect(page).toContain("document.addEventListener('coinlane:payment.confirmed'");
    const link = await new Coinlane({ apiKey: merchant.key, baseUrl: server.url }).paymentLinks.retrieve(
      linkId,
    );
    expect(link).toMatchObject({
      id: linkId,
      fiatAmount: '25.00',
      fiatCurrency: 'EUR',
      description: 'T-shirt',
    });
    // The page the overlay frames answers for this link.
    expect((await fetch(`${server.url}/api/v1/checkout/${linkId}`)).status).toBe(200);
    stop(shop);
  });

  it('every runnable block was run', () => {
    const all = Object.values(EXPECTED).flat();
    expect([...ran].sort()).toEqual([...all].sort());
  });
});
