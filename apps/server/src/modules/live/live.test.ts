import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { LIVE_CLOSE, LIVE_PUBLIC_SOCKETS_PER_IP, ZLivePublicPayment } from '@coinlane/core/api/live';
import { ZPaymentDetail } from '@coinlane/core/api/payments';
import { ZWebhookEventBody } from '@coinlane/core/api/webhook-events';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '#app/modules/api-keys/create-api-key.ts';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { usingPostgres } from '#app/test/test-db.ts';
import { TestSocket } from './test-socket.ts';

// Real port, real `ws` clients, the app's own LISTEN connection (PGlite, or PostgreSQL with TEST_DATABASE_URL).
// Test mode prices from the built-in test prices (no rate source is configured in tests).

let ctx: TestContext;
let wsUrl: string;
let alice: Merchant;
let bob: Merchant;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
  alice = await createMerchant(ctx, { name: 'Alice Shop' });
  bob = await createMerchant(ctx, { name: 'Bob Store' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await ctx.close();
});

/** A socket, closed after the file. */
function open(query = '', opts: ConstructorParameters<typeof TestSocket>[1] = {}) {
  const s = new TestSocket(`${wsUrl}${query}`, opts);
  sockets.push(s);
  return s;
}
const asMerchant = async (m: Merchant, opts: ConstructorParameters<typeof TestSocket>[1] = {}) => {
  const s = open('', { ...opts, headers: { cookie: m.cookie, ...(opts.headers ?? {}) } });
  await s.hello();
  return s;
};
const createPayment = async (m: Merchant, amount = '0.001') => {
  const res = await m.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount, currency: 'BTC', description: 'Order #1', metadata: { orderId: 'A-1' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; amount: string; address: string };
};
const simulate = async (m: Merchant, id: string, amount?: string) => {
  const res = await m.call({
    method: 'POST',
    url: `/api/v1/payments/${id}/simulate`,
    ...(amount ? { payload: { amount } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const getPayment = async (m: Merchant, id: string) =>
  (await m.call({ method: 'GET', url: `/api/v1/payments/${id}` })).json().data;
const blocks = (seconds: number) =>
  advanceTestNetwork({
    deps: ctx.server.payments,
    db: ctx.db,
    now: new Date(Date.now() + seconds * 1000),
    blockSeconds: 2,
  });
/** Drops every client socket and waits until the server has forgotten them all. */
async function closeAll() {
  for (const s of sockets) s.ws.terminate();
  const deadline = Date.now() + 5000;
  while (ctx.app.liveHub.size > 0) {
    if (Date.now() > deadline) throw new Error(JSON.stringify(ctx.app.liveHub.stats()));
    await pause(20);
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A live-mode payment of `m`, as a live chain would have created it (live creation is refused without one). */
async function createLivePayment(m: Merchant) {
  const test = await createPayment(m);
  const row = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', test.id)
    .executeTakeFirstOrThrow();
  const id = randomId('pay');
  await ctx.db
    .insertInto('payments')
    .values({
      ...row,
      id,
      mode: 'live',
      address: `live_fixture_${id}`,
      metadata: JSON.stringify(row.metadata),
      chain_details: JSON.stringify(row.chain_details),
      conversion: null,
    })
    .execute();
  return { id, amount: BigInt(row.amount) };
}
const liveTransfer = (paymentId: string, amount: bigint) =>
  recordPaymentTransfer({
    deps: ctx.server.payments,
    db: ctx.db,
    paymentId,
    transfer: {
      txid: randomBytes(32).toString('hex'),
      outputIndex: 0,
      amount,
      confirmations: 0,
      seenAt: new Date(),
    },
  });

describe('merchant sockets', () => {
  it('say hello, then push payment.updated (the GET /payments/{id} payment) on simulate and on confirmations', async () => {
    const s = await asMerchant(alice);
    expect(s.messages[0]).toEqual({
      type: 'hello',
      subscription: 'merchant',
      mode: 'test',
      heartbeatSeconds: 25,
    });

    const p = await createPayment(alice);
    const created = await s.update(p.id, (d) => d.status === 'pending', 'the created payment');
    expect(created.data).toEqual(await getPayment(alice, p.id));

    await simulate(alice, p.id);
    const seen = await s.update(p.id, (d) => d.amountReceived === p.amount, 'the simulated transfer');
    expect(seen.data.transfers).toHaveLength(1);
    expect(seen.data.confirmations).toBe(0);

    await blocks(10);
    const confirmed = await s.update(p.id, (d) => d.status === 'confirmed', 'the confirmation');
    // Exactly the merchant API's payment, schema and values.
    expect(ZPaymentDetail.strict().parse(confirmed.data)).toEqual(confirmed.data);
    expect(confirmed.data).toEqual(await getPayment(alice, p.id));
  });

  it("carry each of a block's payments, confirmed together, to its own merchant only, as GET returns it", async () => {
    const a = await asMerchant(alice);
    const b = await asMerchant(bob);
    const mine = [await createPayment(alice), await createPayment(alice), await createPayment(alice)];
    const theirs = [await createPayment(bob), await createPayment(bob)];
    for (const p of mine) await simulate(alice, p.id);
    for (const p of theirs) await simulate(bob, p.id);
    // One tick: the five payments are confirmed in one batch, their live updates heard and loaded together.
    expect(await blocks(10)).toBeGreaterThanOrEqual(5);
    for (const p of mine) {
      const confirmed = await a.update(p.id, (d) => d.status === 'confirmed', `alice's ${p.id}`);
      expect(confirmed.data).toEqual(await getPayment(alice, p.id));
    }
    for (const p of theirs) {
      const confirmed = await b.update(p.id, (d) => d.status === 'confirmed', `bob's ${p.id}`);
      expect(confirmed.data).toEqual(await getPayment(bob, p.id));
    }
    const heardBy = (s: TestSocket) => new Set(s.updates().map((u) => u.data.id));
    expect([...heardBy(b)].filter((id) => mine.some((p) => p.id === id))).toEqual([]);
    expect([...heardBy(a)].filter((id) => theirs.some((p) => p.id === id))).toEqual([]);
  });

  it("never carry another merchant's payments", async () => {
    const a = await asMerchant(alice);
    const b = await asMerchant(bob);
    const p = await createPayment(alice);
    await simulate(alice, p.id);
    await blocks(10);
    await a.update(p.id, (d) => d.status === 'confirmed', "alice's confirmation");
    await pause(300);
    expect(b.updates()).toEqual([]);
  });

  it('carry only their mode: a test socket hears nothing of live payments, a live socket nothing of test ones', async () => {
    const testSocket = await asMerchant(alice);
    const liveAlice = await alice.inMode('live');
    const liveSocket = await asMerchant(liveAlice);
    expect(liveSocket.messages[0]).toMatchObject({ type: 'hello', mode: 'live' });

    const live = await createLivePayment(alice);
    await liveTransfer(live.id, live.amount);
    const pushed = await liveSocket.update(live.id, (d) => d.amountReceived !== '0', 'the live transfer');
    expect(pushed.data).toMatchObject({ id: live.id, mode: 'live' });
    expect(pushed.data).toEqual(await getPayment(liveAlice, live.id));

    const p = await createPayment(alice);
    await simulate(alice, p.id);
    await testSocket.update(p.id, (d) => d.amountReceived === p.amount, 'the test transfer');
    await pause(300);
    expect(testSocket.updates(live.id)).toEqual([]);
    expect(liveSocket.updates(p.id)).toEqual([]);
    expect(liveSocket.updates().every((m) => m.data.mode === 'live')).toBe(true);
  });

  it('work with ?token=<API key> (read permission), in the key mode; a bad or read-less key is refused', async () => {
    const made = await alice.call({
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: 'live feed', permissions: ['read'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const key = made.json().data.key as string;
    const s = open(`?token=${encodeURIComponent(key)}`);
    expect(await s.hello()).toMatchObject({ subscription: 'merchant', mode: 'test' });
    const p = await createPayment(alice);
    await simulate(alice, p.id);
    await s.update(p.id, (d) => d.amountReceived === p.amount, 'the payment over the key socket');

    const bad = open('?token=cl_test_notavalidkey');
    expect(await bad.waitClosed()).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    expect(bad.messages).toEqual([]);

    const writeOnly = await alice.call({
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: 'writer', permissions: ['write'] },
    });
    const w = open(`?token=${encodeURIComponent(writeOnly.json().data.key)}`);
    expect(await w.waitClosed()).toMatchObject({ code: LIVE_CLOSE.forbidden });

    // The spec's client also sends merchantId: its own id is accepted, another one is refused.
    const own = open(`?token=${encodeURIComponent(key)}&merchantId=${alice.id}`);
    expect(await own.hello()).toMatchObject({ subscription: 'merchant', mode: 'test' });
    const other = open(`?token=${encodeURIComponent(key)}&merchantId=usr_someone_else`);
    expect(await other.waitClosed()).toEqual({ code: LIVE_CLOSE.forbidden, reason: T.merchantIdMismatch });
    expect(other.messages).toEqual([]);

    // A bad Bearer header is refused before the upgrade, like any API call.
    const header = open('', { headers: { authorization: 'Bearer cl_test_nope' } });
    expect((await header.waitClosed()).code).toBe(1006);
  });

  it('with ?events=webhooks and a test key, also carry each webhook event body of the merchant, in order', async () => {
    const { key } = await createApiKey({
      db: ctx.db,
      userId: alice.id,
      mode: 'test',
      name: 'listener',
      permissions: ['read'],
      ip: null,
    });
    const listener = open(`?token=${encodeURIComponent(key)}&events=webhooks`);
    await listener.hello();
    const plain = open(`?token=${encodeURIComponent(key)}`);
    await plain.hello();
    const bobsPayment = await createPayment(bob);
    const p = await createPayment(alice);
    await simulate(alice, p.id);
    for (let i = 0; i < 8; i++) await blocks(i * 2);
    // Blocks confirm the merchant's earlier payments too: only this payment's events are looked at.
    const events = () =>
      listener.messages.filter((m) => m.type === 'webhook.event' && JSON.parse(m.body).data.id === p.id);
    await listener.until(
      () => events().some((m) => m.eventType === 'payment.confirmed'),
      'payment.confirmed as a webhook event',
    );
    const bodies = events().map((m) => ZWebhookEventBody.parse(JSON.parse(m.body)));
    expect(bodies.map((b) => b.type)).toEqual(['payment.created', 'payment.confirmed']);
    for (const [i, b] of bodies.entries()) {
      expect(b).toMatchObject({ id: events()[i]!.id, mode: 'test', data: { id: p.id } });
    }
    const confirmed = bodies[1]!;
    expect(confirmed.data).toMatchObject({ status: 'confirmed', transfers: [{ amount: p.amount }] });
    // Another merchant's events never reach the socket; a socket that did not ask gets none.
    expect(JSON.stringify(listener.messages)).not.toContain(bobsPayment.id);
    expect(plain.messages.some((m) => m.type === 'webhook.event')).toBe(false);

    // Live keys and dashboard sessions cannot ask for webhook events.
    const live = await createApiKey({
      db: ctx.db,
      userId: alice.id,
      mode: 'live',
      name: 'live listener',
      permissions: ['read'],
      ip: null,
    });
    const refused = open(`?token=${encodeURIComponent(live.key)}&events=webhooks`);
    expect(await refused.waitClosed()).toEqual({
      code: LIVE_CLOSE.forbidden,
      reason: T.liveWebhookEventsTestOnly,
    });
    const session = open('?events=webhooks', { headers: { cookie: alice.cookie } });
    expect((await session.waitClosed()).code).toBe(LIVE_CLOSE.forbidden);
  });

  it('with ?events=webhooks, send an event once when its notice is heard after a later event brought it', async () => {
    const { key } = await createApiKey({
      db: ctx.db,
      userId: alice.id,
      mode: 'test',
      name: 'once',
      permissions: ['read'],
      ip: null,
    });
    const listener = open(`?token=${encodeURIComponent(key)}&events=webhooks`);
    await listener.hello();
    const eventsOf = (paymentId: string) =>
      listener.messages.filter((m) => m.type === 'webhook.event' && JSON.parse(m.body).data.id === paymentId);
    const first = await createPayment(alice);
    const [created] = await listener.until(
      () => eventsOf(first.id).length > 0 && eventsOf(first.id),
      'created',
    );
    // A payment created outside a transaction announces itself after its commit (db/notices.ts): its notice can
    // come after a later event's, whose read of the events between sent it already. Heard again here.
    ctx.app.liveHub.notifyEvent({ eventId: created!.id as string, userId: alice.id, mode: 'test' });
    const second = await createPayment(alice);
    await listener.until(() => eventsOf(second.id).length > 0, 'the next payment created');
    expect(eventsOf(first.id).map((m) => m.id)).toEqual([created!.id]);
  });

  it('with ?events=webhooks, say the latest event id, and replay the events after ?since= first, in order', async () => {
    const carol = await createMerchant(ctx, { name: 'Carol Crafts' });
    const { key } = await createApiKey({
      db: ctx.db,
      userId: carol.id,
      mode: 'test',
      name: 'listener',
      permissions: ['read'],
      ip: null,
    });
    const query = `?token=${encodeURIComponent(key)}&events=webhooks`;
    const createdEventOf = async (paymentId: string) =>
      (
        await ctx.db
          .selectFrom('outbox_events')
          .select('id')
          .where('entity_id', '=', paymentId)
          .where('type', '=', 'payment.created')
          .executeTakeFirstOrThrow()
      ).id;

    // Before any event: null.
    const empty = open(query);
    expect(await empty.hello()).toMatchObject({ lastEventId: null });
    expect((await empty.hello()).replayed).toBeUndefined();
    await empty.close();

    const p0 = await createPayment(carol);
    const first = open(query);
    const hello = await first.hello();
    expect(hello.lastEventId).toBe(await createdEventOf(p0.id));
    await first.close();

    // While no socket is open: two events of Carol's, one of Bob's.
    const p1 = await createPayment(carol);
    const p2 = await createPayment(carol);
    const bobs = await createPayment(bob);

    const again = open(`${query}&since=${encodeURIComponent(hello.lastEventId)}`);
    const helloAgain = await again.hello();
    expect(helloAgain).toMatchObject({ replayed: 2, lastEventId: await createdEventOf(p2.id) });
    await again.until(() => again.messages.length >= 3, 'the replayed events');
    // Right after the hello, the missed events, oldest first, each the body a delivery of it carries.
    const replayed = again.messages.slice(1, 3);
    expect(replayed.map((m) => m.type)).toEqual(['webhook.event', 'webhook.event']);
    expect(replayed.map((m) => m.id)).toEqual([await createdEventOf(p1.id), await createdEventOf(p2.id)]);
    for (const [i, m] of replayed.entries()) {
      expect(ZWebhookEventBody.parse(JSON.parse(m.body))).toMatchObject({
        id: m.id,
        type: 'payment.created',
        mode: 'test',
        data: { id: [p1, p2][i]!.id },
      });
    }
    expect(JSON.stringify(again.messages)).not.toContain(bobs.id);
    // And then live ones.
    const p3 = await createPayment(carol);
    await again.next(
      (m) => m.type === 'webhook.event' && JSON.parse(m.body).data.id === p3.id,
      'a live event after the replay',
    );

    // A since that is not one of Carol's test events replays nothing and says nothing of it.
    for (const since of [await createdEventOf(bobs.id), 'evt_unknown']) {
      const s = open(`${query}&since=${encodeURIComponent(since)}`);
      expect(await s.hello()).toMatchObject({ replayed: 0 });
      await s.close();
      expect(s.messages.filter((m) => m.type === 'webhook.event')).toEqual([]);
    }
  });

  it('refuse a socket with no sign-in, and a cookie socket opened from another site', async () => {
    const anon = open();
    expect(await anon.waitClosed()).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    const foreign = open('', { headers: { cookie: alice.cookie, origin: 'https://evil.example' } });
    expect(await foreign.waitClosed()).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    const own = open('', { headers: { cookie: alice.cookie, origin: 'http://localhost:3000' } });
    expect(await own.hello()).toMatchObject({ mode: 'test' });
  });

  it('end when the session ends (sign-out), at the next check', async () => {
    const m = await createMerchant(ctx, { name: 'Leaving Shop' });
    const s = await asMerchant(m);
    const other = await asMerchant(alice);
    await ctx.app.liveHub.revalidate();
    expect(s.closed).toBeNull();
    const out = await m.call({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(out.statusCode).toBe(200);
    await ctx.app.liveHub.revalidate();
    expect(await s.waitClosed()).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    expect(other.closed).toBeNull();
  });

  it('close with 4002 when the session switches mode, and re-checks do not keep an idle session alive', async () => {
    const m = await createMerchant(ctx, { name: 'Switching Shop' });
    const s = await asMerchant(m);
    const before = await ctx.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(before.last_seen_at.getTime() - 60_000) })
      .where('user_id', '=', m.id)
      .execute();
    await ctx.app.liveHub.revalidate();
    const after = await ctx.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(after.last_seen_at.getTime()).toBe(before.last_seen_at.getTime() - 60_000);

    const switched = await m.call({ method: 'POST', url: '/api/v1/auth/mode', payload: { mode: 'live' } });
    expect(switched.statusCode, switched.body).toBe(200);
    await ctx.app.liveHub.revalidate();
    expect(await s.waitClosed()).toMatchObject({ code: LIVE_CLOSE.modeChanged });
  });
});

describe('payer page sockets (?paymentId=)', () => {
  const PUBLIC_KEYS = [
    'id',
    'status',
    'exception',
    'amount',
    'amountReceived',
    'amountRemaining',
    'currency',
    'network',
    'confirmations',
    'requiredConfirmations',
    'transactionHash',
    'expiresAt',
    'updatedAt',
  ].sort();

  it('get hello and the current state, then only the public fields of that payment', async () => {
    const p = await createPayment(alice);
    const other = await createPayment(alice);
    const s = open(`?paymentId=${p.id}`);
    expect(await s.hello()).toEqual({
      type: 'hello',
      subscription: 'payment',
      paymentId: p.id,
      heartbeatSeconds: 25,
    });
    const first = await s.update(p.id, () => true, 'the current state');
    expect(first.data).toMatchObject({ id: p.id, status: 'pending', amountReceived: '0', amount: p.amount });
    const status = (await ctx.app.inject({ url: `/api/v1/payments/${p.id}/status` })).json().data;
    expect(first.data).toEqual({ id: p.id, ...status });

    await simulate(alice, p.id);
    await simulate(alice, other.id);
    await blocks(10);
    const confirmed = await s.update(p.id, (d) => d.status === 'confirmed', 'the confirmation');
    for (const m of s.updates()) {
      expect(Object.keys(m.data).sort()).toEqual(PUBLIC_KEYS);
      expect(ZLivePublicPayment.strict().parse(m.data)).toEqual(m.data);
    }
    // No merchant data, metadata, address or ids beyond the payment's own.
    const text = JSON.stringify(s.messages);
    for (const secret of [alice.id, 'orderId', 'A-1', 'Order #1', p.address, 'Alice Shop']) {
      expect(text).not.toContain(secret);
    }
    expect(confirmed.data.transactionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.updates(other.id)).toEqual([]);
  });

  it('close with 4004 for an unknown payment', async () => {
    const s = open('?paymentId=pay_doesnotexist');
    expect(await s.waitClosed()).toMatchObject({
      code: LIVE_CLOSE.paymentNotFound,
      reason: 'Payment not found',
    });
    expect(s.messages).toEqual([]);
  });

  it(`are limited to ${LIVE_PUBLIC_SOCKETS_PER_IP} per address`, async () => {
    await closeAll();
    const p = await createPayment(bob);
    const many = Array.from({ length: LIVE_PUBLIC_SOCKETS_PER_IP }, () => open(`?paymentId=${p.id}`));
    await Promise.all(many.map((s) => s.hello()));
    const extra = open(`?paymentId=${p.id}`);
    expect(await extra.waitClosed()).toMatchObject({ code: LIVE_CLOSE.tooManyConnections });
    await many[0]!.close();
    await pause(50);
    const again = open(`?paymentId=${p.id}`);
    await again.hello();
    await Promise.all([...many.slice(1), again].map((s) => s.close()));
  });
});

describe('protocol', () => {
  it('answers ping with pong, ignores invalid messages, closes after abuse or an oversized message', async () => {
    const s = await asMerchant(alice);
    s.send({ type: 'ping' });
    await s.next((m) => m.type === 'pong', 'pong');
    s.send('not json');
    s.send({ type: 'subscribe', paymentId: 'pay_x' });
    s.send({ type: 'ping' });
    await s.until(() => s.messages.filter((m) => m.type === 'pong').length === 2, 'second pong');
    expect(s.closed).toBeNull();
    for (let i = 0; i < 25; i++) s.send({ nonsense: i });
    expect(await s.waitClosed()).toMatchObject({ code: LIVE_CLOSE.policy });

    const big = await asMerchant(alice);
    big.send({ type: 'ping', pad: 'x'.repeat(5000) });
    expect(await big.waitClosed()).toMatchObject({ code: LIVE_CLOSE.tooBig });
  });

  it('terminates a socket that misses a heartbeat pong, keeps the ones that answer', async () => {
    const deaf = await asMerchant(alice, { autoPong: false });
    const fine = await asMerchant(alice);
    ctx.app.liveHub.heartbeat(); // pings everyone
    await pause(100);
    ctx.app.liveHub.heartbeat(); // the deaf one did not answer
    expect((await deaf.waitClosed()).code).toBe(1006);
    await pause(50);
    expect(fine.closed).toBeNull();
  });

  it('drops the socket of an upgrade answered over HTTP (refused by a hook, or not a WebSocket route)', async () => {
    const port = (ctx.app.server.address() as AddressInfo).port;
    const cases: [string, string, number][] = [
      ['/ws', 'Authorization: Bearer cl_test_nope\r\n', 401],
      ['/ws?paymentId=', '', 400],
      ['/api/v1/health', '', 200],
      ['/nowhere', '', 404],
    ];
    for (const [path, extra, status] of cases) {
      const sock = net.connect(port, '127.0.0.1');
      let got = '';
      sock.on('data', (d) => {
        got += d;
      });
      const closed = new Promise((r) => sock.on('close', r));
      sock.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`,
      );
      await Promise.race([closed, pause(3000)]);
      expect(got.split('\r\n')[0], path).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      expect(sock.destroyed, `${path}: the server closed the socket`).toBe(true);
    }
  });

  it.runIf(usingPostgres())('listens again after its PostgreSQL connection drops', async () => {
    const s = await asMerchant(alice);
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(ctx.db);
    const db = rows[0]!.db;
    const listeners = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity
        where application_name = 'coinlane-live' and datname = ${db}`.execute(ctx.db);
    const [before] = (await listeners()).rows;
    expect(before).toBeDefined();
    await sql`select pg_terminate_backend(${before!.pid})`.execute(ctx.db);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const now = (await listeners()).rows;
      if (now.length && now[0]!.pid !== before!.pid) break;
      if (Date.now() > deadline) throw new Error('the listener did not reconnect');
      await pause(100);
    }
    await pause(200);
    const p = await createPayment(alice);
    await s.update(p.id, () => true, 'a change after the reconnect');
  });

  it('forgets closed sockets: nothing is left in the hub', async () => {
    const p = await createPayment(bob);
    const extra = [await asMerchant(bob), open(`?paymentId=${p.id}`)];
    await extra[1]!.hello();
    expect(ctx.app.liveHub.size).toBeGreaterThanOrEqual(2);
    await closeAll();
    expect(ctx.app.liveHub.stats()).toEqual({
      clients: 0,
      merchantKeys: 0,
      payments: 0,
      devices: 0,
      publicAddresses: 0,
      loading: 0,
      eventListeners: 0,
      eventChains: 0,
    });
    // A change nobody listens to costs nothing.
    await simulate(bob, p.id);
    expect(ctx.app.liveHub.stats().loading).toBe(0);
  });
});
