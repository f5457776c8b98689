import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { type ListenSession, listen } from '../src/cli/listen.ts';
import { main } from '../src/cli/main.ts';
import type { Output } from '../src/cli/output.ts';
import { trigger } from '../src/cli/trigger.ts';
import { Coinlane, CoinlaneSignatureVerificationError, verifyWebhook } from '../src/index.ts';
import { type CoinlaneServer, startCoinlaneServer } from './support/coinlane-server.ts';

// `coinlane listen` and `coinlane trigger` against a real server (its WebSocket, its outbox NOTIFY, its webhooks
// role), forwarding to a local receiver, as a developer's laptop would.

type Received = { headers: http.IncomingHttpHeaders; body: string };

let server: CoinlaneServer;
let alice: { userId: string; key: string };
let bob: { userId: string; key: string };
let realSecret: string;
let realReceived: Received[];
const closers: Array<() => Promise<void>> = [];

/** An HTTP server that records each POST and answers `status`. */
async function startReceiver(status = 200) {
  const received: Received[] = [];
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/webhooks`;
  closers.push(
    () =>
      new Promise((r) => {
        srv.close(() => r());
        srv.closeAllConnections();
      }),
  );
  return { url, received };
}

/** A TCP relay to `target`'s port: `cut` drops every connection and refuses new ones until `mend`. */
async function startRelay(target: string) {
  const upstream = new URL(target);
  const open = new Set<net.Socket>();
  let cut = false;
  const srv = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const up = net.connect(Number(upstream.port), upstream.hostname);
    for (const [a, b] of [
      [client, up],
      [up, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => a.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    cut: () => {
      cut = true;
      for (const s of open) s.destroy();
    },
    mend: () => {
      cut = false;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of open) s.destroy();
        srv.close(() => r());
      }),
  };
}

/** Captured output lines. */
function capture(): Output & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, info: (l) => lines.push(l), error: (l) => errors.push(l) };
}

async function until<T>(check: () => T | undefined | null | false, what: string, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The test network's blocks, mined while `work` runs (the server's own block job is not running in tests). */
async function mining<T>(work: Promise<T>): Promise<T> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  let i = 0;
  while (!done) {
    await advanceTestNetwork({
      deps: server.ctx.app.payments,
      db: server.ctx.db,
      blockSeconds: 0,
      now: new Date(Date.now() + ++i * 1000),
    });
    await new Promise((r) => setTimeout(r, 100));
  }
  return finished;
}

const eventsOf = (received: Received[], paymentId: string) =>
  received
    .map((r) => ({ ...r, event: JSON.parse(r.body) as { id: string; type: string; data: { id: string } } }))
    .filter((r) => r.event.data.id === paymentId);

async function startListening(forwardTo: string, extra: { events?: string[] } = {}) {
  const out = capture();
  const session: ListenSession = listen({
    apiKey: alice.key,
    baseUrl: server.url,
    forwardTo,
    out,
    reconnectMs: { first: 100, max: 400 },
    ...extra,
  });
  closers.push(session.stop);
  await until(() => out.lines.some((l) => / {2}Connected$/.test(l)), 'the listener to connect');
  return { session, out };
}

beforeAll(async () => {
  server = await startCoinlaneServer();
  alice = await server.merchant();
  bob = await server.merchant();
  // Alice also has a real endpoint, with its own secret: the listener must not sign with it.
  const real = await startReceiver();
  const endpoint = await new Coinlane({ apiKey: alice.key, baseUrl: server.url }).webhookEndpoint.update({
    url: real.url,
    events: ['payment.created', 'payment.confirmed'],
  });
  realSecret = endpoint.secret!;
  realReceived = real.received;
  expect(realSecret).toMatch(/^whsec_/);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await server.close();
});

describe('coinlane listen', () => {
  it('forwards payment.created and payment.confirmed of a triggered payment, signed with the session secret only', async () => {
    const local = await startReceiver();
    const { session, out } = await startListening(local.url);
    expect(out.lines[1]).toBe(`Your webhook signing secret for this session is ${session.secret}`);
    expect(session.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const said = capture();
    const payment = await mining(
      trigger({
        apiKey: alice.key,
        baseUrl: server.url,
        event: 'payment.confirmed',
        pollMs: 100,
        waitSeconds: 30,
        out: said,
      }),
    );
    expect(payment.status).toBe('confirmed');
    expect(said.lines[0]).toMatch(new RegExp(`^Created test payment ${payment.id}: 0.001 BTC`));
    expect(said.lines.at(-1)).toBe(`Payment ${payment.id} is confirmed: payment.confirmed fired`);

    const got = await until(() => {
      const e = eventsOf(local.received, payment.id);
      return e.some((r) => r.event.type === 'payment.confirmed') && e;
    }, 'payment.confirmed at the local receiver');
    expect(got.map((r) => r.event.type)).toEqual(['payment.created', 'payment.confirmed']);
    for (const r of got) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['coinlane-event-id']).toBe(r.event.id);
      const verified = await verifyWebhook(r.body, r.headers['coinlane-signature'], session.secret);
      expect(verified).toMatchObject({ id: r.event.id, type: r.event.type, mode: 'test' });
      await expect(verifyWebhook(r.body, r.headers['coinlane-signature'], realSecret)).rejects.toBeInstanceOf(
        CoinlaneSignatureVerificationError,
      );
      expect(out.lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^\\d\\d:\\d\\d:\\d\\d {2}${r.event.type} {2}${r.event.id} {2}-> 200$`),
        ),
      );
    }
    // The same event, with the same body, as the real endpoint's delivery of it.
    const real = await until(() => {
      const e = eventsOf(realReceived, payment.id);
      return e.length === 2 && e;
    }, "the real endpoint's deliveries");
    expect(real.map((r) => r.event.id)).toEqual(got.map((r) => r.event.id));
    // Built by the same code; the real one is built when the dispatcher takes the event, the listener's at commit,
    // so only what changed in between (the transfer simulated right after creation) may differ.
    for (const [i, r] of got.entries()) {
      const { data, ...envelope } = JSON.parse(r.body);
      const { data: realData, ...realEnvelope } = JSON.parse(real[i]!.body);
      expect(envelope).toEqual(realEnvelope);
      expect(Object.keys(data).sort()).toEqual(Object.keys(realData).sort());
    }
    expect(real[1]!.event).toMatchObject({
      type: 'payment.confirmed',
      data: { id: payment.id, status: 'confirmed' },
    });
    expect(got[1]!.event).toMatchObject({
      type: 'payment.confirmed',
      data: { id: payment.id, status: 'confirmed' },
    });
  });

  it("never forwards another merchant's events, and forwards only the --events asked for", async () => {
    const local = await startReceiver();
    const { out } = await startListening(local.url, { events: ['payment.partial'] });
    expect(out.lines).toContain('Forwarding only: payment.partial');
    const bobs = await trigger({
      apiKey: bob.key,
      baseUrl: server.url,
      event: 'payment.partial',
      pollMs: 100,
      out: capture(),
    });
    const own = await trigger({
      apiKey: alice.key,
      baseUrl: server.url,
      event: 'payment.partial',
      pollMs: 100,
      out: capture(),
    });
    expect(own.status).toBe('partial');
    const got = await until(() => eventsOf(local.received, own.id).length === 1, 'payment.partial');
    expect(got).toBe(true);
    expect(local.received.map((r) => JSON.parse(r.body).type)).toEqual(['payment.partial']);
    expect(local.received.some((r) => r.body.includes(bobs.id))).toBe(false);
  });

  it('prints the connection error when the local endpoint is down, and other answers as they come', async () => {
    const down = await startReceiver();
    // A port where nothing listens: the receiver's, closed.
    await closers.pop()!();
    const { out } = await startListening(down.url, { events: ['payment.created'] });
    const p = await trigger({
      apiKey: alice.key,
      baseUrl: server.url,
      event: 'payment.created',
      out: capture(),
    });
    await until(
      () => out.lines.find((l) => l.includes(` payment.created  `) && l.includes('ECONNREFUSED')),
      'the connection error line',
    );
    expect(p.status).toBe('pending');

    const failing = await startReceiver(500);
    const second = await startListening(failing.url, { events: ['payment.created'] });
    const q = await trigger({
      apiKey: alice.key,
      baseUrl: server.url,
      event: 'payment.created',
      out: capture(),
    });
    await until(() => eventsOf(failing.received, q.id).length === 1, 'the event at the failing receiver');
    await until(() => second.out.lines.some((l) => l.endsWith('-> 500')), 'the 500 line');
  });

  it('reconnects with backoff when the server drops the socket, and says so', async () => {
    const local = await startReceiver();
    const { out } = await startListening(local.url);
    const errors = (out as unknown as { errors: string[] }).errors;
    // Two heartbeats with no time to answer the first ping between them: the server terminates every socket, as it
    // does a dead one.
    server.ctx.app.liveHub.heartbeat();
    server.ctx.app.liveHub.heartbeat();
    await until(
      () => errors.some((l) => /connection lost \(code 1006\); reconnecting in \d+\.\d s/.test(l)),
      'the drop',
    );
    await until(() => out.lines.some((l) => / {2}Reconnected$/.test(l)), 'the reconnection');
    const p = await trigger({
      apiKey: alice.key,
      baseUrl: server.url,
      event: 'payment.created',
      out: capture(),
    });
    await until(() => eventsOf(local.received, p.id).length === 1, 'an event after the reconnection');
  });

  it('forwards, when it is back, the events that fired while it was disconnected, in order and once', async () => {
    // The listener reaches the server through a TCP relay this test can cut: while cut, every connection attempt
    // is refused, so the events made meanwhile can only come through the replay of the reconnection.
    const relay = await startRelay(server.url);
    const carol = await server.merchant();
    const coinlane = new Coinlane({ apiKey: carol.key, baseUrl: server.url });
    const local = await startReceiver();
    const out = capture();
    const session = listen({
      apiKey: carol.key,
      baseUrl: relay.url,
      forwardTo: local.url,
      out,
      reconnectMs: { first: 100, max: 400 },
    });
    closers.push(session.stop);
    await until(() => out.lines.some((l) => / {2}Connected$/.test(l)), 'the listener to connect');
    const before = await coinlane.payments.create({ amount: '0.001', currency: 'BTC' });
    await until(() => eventsOf(local.received, before.id).length === 1, 'the event before the cut');

    relay.cut();
    await until(() => out.errors.some((l) => /connection lost/.test(l)), 'the drop');
    const p1 = await coinlane.payments.create({ amount: '0.001', currency: 'BTC' });
    const p2 = await coinlane.payments.create({ amount: '0.002', currency: 'BTC' });
    await until(() => out.errors.some((l) => /could not connect/.test(l)), 'a refused reconnection');
    expect(eventsOf(local.received, p1.id)).toEqual([]);

    relay.mend();
    await until(() => out.lines.some((l) => / {2}Reconnected$/.test(l)), 'the reconnection');
    expect(out.lines).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d {2}Forwarding the 2 events that fired while disconnected$/),
    );
    await until(() => eventsOf(local.received, p2.id).length === 1, 'the missed events');
    const after = local.received.map(
      (r) => JSON.parse(r.body) as { id: string; type: string; data: { id: string } },
    );
    // Oldest first, each once, the event before the cut not again; signed with the session's secret.
    expect(after.map((e) => e.data.id)).toEqual([before.id, p1.id, p2.id]);
    expect(after.map((e) => e.type)).toEqual(['payment.created', 'payment.created', 'payment.created']);
    for (const r of local.received) {
      await expect(
        verifyWebhook(r.body, r.headers['coinlane-signature'], session.secret),
      ).resolves.toBeTruthy();
    }
    // And live again.
    const p3 = await coinlane.payments.create({ amount: '0.003', currency: 'BTC' });
    await until(() => eventsOf(local.received, p3.id).length === 1, 'a live event after the replay');
    await relay.close();
  });

  it('refuses a live key, a missing key and a missing --forward-to with a clear message', async () => {
    const live = await server.merchant({ mode: 'live' });
    expect(() => listen({ apiKey: live.key, baseUrl: server.url, forwardTo: 'http://127.0.0.1:1/' })).toThrow(
      /test mode only, and this is a live key/,
    );
    const out = capture();
    expect(
      await main(
        ['listen', '--api-key', live.key, '--base-url', server.url, '--forward-to', 'http://127.0.0.1:1/'],
        {
          env: {},
          out,
        },
      ),
    ).toBe(1);
    expect(out.errors[0]).toMatch(/^Error: coinlane listen works in test mode only/);
    expect(await main(['trigger', 'payment.confirmed', '--api-key', live.key], { env: {}, out })).toBe(1);
    expect(out.errors[1]).toMatch(/^Error: coinlane trigger works in test mode only/);
    expect(await main(['listen', '--forward-to', 'http://127.0.0.1:1/'], { env: {}, out })).toBe(1);
    expect(out.errors[2]).toMatch(/needs an API key: --api-key cl_test_\.\.\. or the COINLANE_API_KEY/);
    expect(await main(['listen', '--api-key', alice.key, '--base-url', server.url], { env: {}, out })).toBe(
      1,
    );
    expect(out.errors[3]).toMatch(/needs --forward-to/);
    // A revoked or unknown test key: refused by the server, not retried forever.
    const session = listen({
      apiKey: 'cl_test_notarealkey',
      baseUrl: server.url,
      forwardTo: 'http://127.0.0.1:1/',
      out: capture(),
    });
    await expect(session.done).rejects.toThrow(/The server refused the API key \(HTTP 401\)/);
  });

  it('has usage text: coinlane --help, listen --help, trigger --help; an unknown command is an error', async () => {
    const out = capture();
    expect(await main(['--help'], { out })).toBe(0);
    expect(out.lines[0]).toContain('coinlane listen --forward-to <url>');
    expect(await main(['listen', '--help'], { out })).toBe(0);
    expect(out.lines[1]).toContain('coinlane listen --forward-to http://localhost:3001/webhooks');
    expect(out.lines[1]).toContain('--events <types>');
    expect(await main(['trigger', '--help'], { out })).toBe(0);
    expect(out.lines[2]).toContain('payment.expired');
    expect(await main(['fly'], { out })).toBe(1);
    expect(out.errors[0]).toBe('Error: Unknown command "fly". Run coinlane --help');
    expect(await main(['listen', '--nope'], { out })).toBe(1);
    expect(out.errors[1]).toMatch(/^Error: Unknown option '--nope'/);
  });

  it('runs from the command line options and environment until interrupted, then exits 0', async () => {
    const local = await startReceiver();
    const out = capture();
    let interrupt!: () => void;
    const interrupted = new Promise<void>((r) => {
      interrupt = r;
    });
    const exit = main(['listen', '--forward-to', local.url], {
      env: { COINLANE_API_KEY: alice.key, COINLANE_BASE_URL: `${server.url}/api/v1` },
      out,
      interrupted,
    });
    await until(() => out.lines.some((l) => / {2}Connected$/.test(l)), 'the listener to connect');
    expect(out.lines[0]).toBe(
      `Ready: forwarding the test mode webhook events of ${server.url} to ${local.url}`,
    );
    interrupt();
    expect(await exit).toBe(0);
    expect(out.lines.at(-1)).toBe('Stopped');
  });
});

describe('coinlane trigger', () => {
  it('payment.expired: a payment that expires unpaid', async () => {
    const out = capture();
    const p = await trigger({
      apiKey: alice.key,
      baseUrl: server.url,
      event: 'payment.expired',
      pollMs: 200,
      waitSeconds: 20,
      out,
    });
    expect(p.status).toBe('expired');
    expect(out.lines.at(-1)).toBe(`Payment ${p.id} is expired: payment.expired fired`);
  });

  it('refuses an event it cannot trigger', async () => {
    await expect(trigger({ apiKey: alice.key, baseUrl: server.url, event: 'refund.paid' })).rejects.toThrow(
      /"refund.paid" is not an event it can trigger; one of payment.created, payment.confirmed/,
    );
  });
});
