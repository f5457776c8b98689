import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { LIVE_CLOSE } from '@coinlane/core/api/live';
import { POS_CREDENTIAL_PATTERN, ZPosDevice, ZPosSale, ZPosSales, ZPosSession } from '@coinlane/core/api/pos';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { TestSocket } from '../live/test-socket.ts';
import { startOfDay } from './start-of-day.ts';

// The point of sale (decision 026) through the HTTP API and the WebSocket, as the merchant's screen and the
// counter's tablet use them: pairing, the credential's scope, sales, today's list, revocation.

let ctx: TestContext;
let wsUrl: string;
let alice: Merchant;
let bob: Merchant;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
  alice = await createMerchant(ctx, { name: 'Alice Bakery' });
  bob = await createMerchant(ctx, { name: 'Bob Books' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await ctx.close();
});

type Paired = { id: string; credential: string };

/** The merchant adds a device; its pairing code is returned with the reply. */
async function addDevice(m: Merchant, name = 'Counter 1', fiatCurrency = 'EUR') {
  const res = await m.call({ method: 'POST', url: '/api/v1/pos/devices', payload: { name, fiatCurrency } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    device: { id: string; status: string };
    pairing: { code: string; url: string };
  };
}
const pair = (code: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/pos/pair', payload: { code } });
/** A device added and paired: its id and credential. */
async function pairedDevice(m: Merchant, name = 'Counter 1', fiatCurrency = 'EUR'): Promise<Paired> {
  const added = await addDevice(m, name, fiatCurrency);
  const res = await pair(added.pairing.code);
  expect(res.statusCode, res.body).toBe(200);
  return { id: added.device.id, credential: res.json().data.credential };
}
const asDevice = (
  d: Paired,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(d.credential), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
async function ringUp(d: Paired, fiatAmount = '12.50', key?: string) {
  const res = await asDevice(
    d,
    'POST',
    '/pos/sales',
    { fiatAmount, currency: 'BTC' },
    key ? { 'idempotency-key': key } : {},
  );
  expect(res.statusCode, res.body).toBe(201);
  return ZPosSale.parse(res.json().data);
}
const blocks = (seconds: number) =>
  advanceTestNetwork({
    deps: ctx.server.payments,
    db: ctx.db,
    now: new Date(Date.now() + seconds * 1000),
    blockSeconds: 2,
  });

describe('pairing a device', () => {
  it('shows a one-time code and link; the code becomes the device credential once, stored only as a hash', async () => {
    const added = await addDevice(alice, 'Front counter');
    expect(added.pairing.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(added.pairing.url).toBe(`http://localhost:3000/pos#pair=${added.pairing.code.replace('-', '')}`);
    const listed = await alice.call({ method: 'GET', url: '/api/v1/pos/devices' });
    const device = ZPosDevice.parse(listed.json().data.find((d: { id: string }) => d.id === added.device.id));
    expect(device).toMatchObject({ name: 'Front counter', status: 'pairing', credentialPrefix: null });
    expect(listed.body).not.toContain(added.pairing.code.replace('-', ''));

    // Typed by hand, in lower case and with a space: the same code.
    const typed = `${added.pairing.code.slice(0, 4).toLowerCase()} ${added.pairing.code.slice(5)}`;
    const res = await pair(typed);
    expect(res.statusCode, res.body).toBe(200);
    const { credential, device: identity } = res.json().data;
    expect(credential).toMatch(POS_CREDENTIAL_PATTERN);
    expect(credential).toMatch(/^cl_pos_test_/);
    expect(identity).toEqual({
      id: added.device.id,
      name: 'Front counter',
      mode: 'test',
      fiatCurrency: 'EUR',
    });

    // Used once: the same code again is refused, with the catalogue's code.
    const again = await pair(added.pairing.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'TOKEN_INVALID', message: T.posPairingCodeInvalid });

    // At rest: the credential's SHA-256 and a display prefix, never the credential; no code left.
    const row = await ctx.db
      .selectFrom('pos_devices')
      .selectAll()
      .where('id', '=', added.device.id)
      .executeTakeFirstOrThrow();
    expect(row.credential_hash).toBe(createHash('sha256').update(credential).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(credential);
    expect(row.pairing_code_hash).toBeNull();
    const after = await alice.call({ method: 'GET', url: '/api/v1/pos/devices' });
    expect(after.json().data.find((d: { id: string }) => d.id === added.device.id)).toMatchObject({
      status: 'paired',
      credentialPrefix: credential.slice(0, 16),
    });
    expect(after.body).not.toContain(credential);
  });

  it('refuses an expired code, a malformed one, and a revoked device’s code', async () => {
    const expired = await addDevice(alice, 'Late tablet');
    await ctx.db
      .updateTable('pos_devices')
      .set({ pairing_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.device.id)
      .execute();
    expect((await pair(expired.pairing.code)).json().error.code).toBe('TOKEN_INVALID');
    const listed = await alice.call({ method: 'GET', url: '/api/v1/pos/devices' });
    expect(listed.json().data.find((d: { id: string }) => d.id === expired.device.id).status).toBe(
      'pairing_expired',
    );
    for (const code of ['', 'ABC', 'ABCD-EFG0', '0'.repeat(8), 'x'.repeat(41)]) {
      const res = await pair(code);
      expect(res.statusCode, code).toBe(400);
    }
    const revoked = await addDevice(alice, 'Lost tablet');
    await alice.call({ method: 'DELETE', url: `/api/v1/pos/devices/${revoked.device.id}` });
    expect((await pair(revoked.pairing.code)).json().error.code).toBe('TOKEN_INVALID');
  });

  it('is managed from a session only: an API key and a device are refused', async () => {
    const key = (await createKeyFor({ app: ctx.app, userId: alice.id })).key;
    const byKey = await ctx.app.inject({ method: 'GET', url: '/api/v1/pos/devices', headers: bearer(key) });
    expect(byKey.statusCode).toBe(403);
    const device = await pairedDevice(alice);
    const byDevice = await asDevice(device, 'POST', '/pos/devices', { name: 'Sneaky' });
    expect(byDevice.statusCode).toBe(403);
    expect(byDevice.json().error).toMatchObject({
      code: 'DEVICE_NOT_ALLOWED',
      message: T.posDeviceNotAllowed,
    });
  });
});

describe('what a device credential may do', () => {
  it('is refused by every route of the API but the point of sale’s own, with DEVICE_NOT_ALLOWED', async () => {
    const device = await pairedDevice(alice);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    const refused: string[] = [];
    const allowed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
        if (schemes.length === 0) continue; // public routes: anyone, the device too
        const url = path.replace(/\{[^}]+\}/g, 'pay_unknownunknownunknown22');
        const res = await asDevice(
          device,
          method.toUpperCase() as 'GET',
          url,
          method === 'get' ? undefined : {},
        );
        if (schemes.includes('posDevice')) {
          allowed.push(`${method} ${path}`);
          continue;
        }
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(403);
        expect(res.json().error.code, `${method} ${path}`).toBe('DEVICE_NOT_ALLOWED');
        refused.push(`${method} ${path}`);
      }
    }
    // The ones the issue names, among the rest.
    for (const op of [
      'get /wallets',
      'get /api-keys',
      'post /api-keys',
      'get /payouts/history',
      'get /settings',
      'put /settings',
      'get /transactions/export.csv',
      'get /payments',
      'post /payments',
      'post /pos/devices',
      'delete /pos/devices/{id}',
      'get /admin/users',
    ]) {
      expect(refused, op).toContain(op);
    }
    expect(allowed.sort()).toEqual([
      'get /pos/sales',
      'get /pos/sales/{id}',
      'get /pos/session',
      'post /pos/sales',
      'post /pos/sales/{id}/simulate',
    ]);
  });

  it('and the point of sale’s routes take nothing else: a session or an API key is refused there', async () => {
    const key = (await createKeyFor({ app: ctx.app, userId: alice.id })).key;
    for (const headers of [bearer(key), { cookie: alice.cookie }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/pos/session', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(T.posDeviceOnly);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/pos/sales' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pos/session',
      headers: bearer(`cl_pos_test_${'A'.repeat(43)}`),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: T.posDeviceInvalid });
  });

  it('reads its session: the device, the business, the coins and the keypad limits', async () => {
    const yen = await pairedDevice(alice, 'Tokyo stand', 'JPY');
    const res = await asDevice(yen, 'GET', '/pos/session');
    const session = ZPosSession.parse(res.json().data);
    expect(session.device).toEqual({ id: yen.id, name: 'Tokyo stand', mode: 'test', fiatCurrency: 'JPY' });
    expect(session.merchant.name).toBe('Alice Bakery');
    expect(session.fiatDecimals).toBe(0);
    expect(session.maxAmount).toBe('999999999');
    expect(session.currencies.map((c) => c.symbol)).toContain('BTC');
  });
});

describe('ringing up a sale', () => {
  it('creates a payment in the device’s currency, once per Idempotency-Key', async () => {
    const device = await pairedDevice(alice, 'Till', 'EUR');
    const key = `tap-${Date.now()}`;
    const first = await ringUp(device, '12.5', key);
    expect(first).toMatchObject({
      status: 'pending',
      fiatAmount: '12.50',
      fiatCurrency: 'EUR',
      currency: 'BTC',
    });
    expect(first.paymentUri).toMatch(/^bitcoin:/);
    const retry = await asDevice(
      device,
      'POST',
      '/pos/sales',
      { fiatAmount: '12.5', currency: 'BTC' },
      {
        'idempotency-key': key,
      },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.id).toBe(first.id);
    const other = await asDevice(
      device,
      'POST',
      '/pos/sales',
      { fiatAmount: '13', currency: 'BTC' },
      {
        'idempotency-key': key,
      },
    );
    expect(other.statusCode).toBe(409);
    const rows = await ctx.db
      .selectFrom('pos_sales')
      .selectAll()
      .where('device_id', '=', device.id)
      .execute();
    expect(rows.map((r) => r.payment_id)).toEqual([first.id]);

    // The merchant sees it among its payments, named after the device, made by the device (audit).
    const seen = await alice.call({ method: 'GET', url: `/api/v1/payments/${first.id}` });
    expect(seen.json().data).toMatchObject({
      fiatAmount: '12.50',
      fiatCurrency: 'EUR',
      metadata: { posDeviceId: device.id, posDeviceName: 'Till' },
    });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id'])
      .where('entity_id', '=', first.id)
      .where('action', '=', 'payment.created')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_type: 'pos_device', actor_id: device.id });
  });

  it('refuses amounts the currency cannot carry, above the keypad’s limit, and unknown coins', async () => {
    const yen = await pairedDevice(alice, 'Yen till', 'JPY');
    const cases: Array<[unknown, string]> = [
      [{ fiatAmount: '12.5', currency: 'BTC' }, T.fiatTooManyDecimals('JPY', 0)],
      [{ fiatAmount: '0', currency: 'BTC' }, T.validPaymentAmount],
      [{ fiatAmount: '-3', currency: 'BTC' }, T.validPaymentAmount],
      [{ fiatAmount: '1e3', currency: 'BTC' }, T.validPaymentAmount],
      [{ fiatAmount: 12, currency: 'BTC' }, T.validPaymentAmount],
      [{ fiatAmount: '1000000000', currency: 'BTC' }, T.posAmountTooLarge('999999999', 'JPY')],
    ];
    for (const [payload, message] of cases) {
      const res = await asDevice(yen, 'POST', '/pos/sales', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.fields.fiatAmount, JSON.stringify(payload)).toBe(message);
    }
    const unknown = await asDevice(yen, 'POST', '/pos/sales', { fiatAmount: '500', currency: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await asDevice(yen, 'POST', '/pos/sales', { fiatAmount: '500', currency: 'BTC' })).statusCode,
    ).toBe(201);
  });
});

describe('a device sees its own sales only', () => {
  it('reads one sale; another device’s, the merchant’s other payments and another merchant’s are 404', async () => {
    const one = await pairedDevice(alice, 'One');
    const two = await pairedDevice(alice, 'Two');
    const bobs = await pairedDevice(bob, 'Bob till');
    const sale = await ringUp(one);
    expect((await asDevice(one, 'GET', `/pos/sales/${sale.id}`)).json().data.id).toBe(sale.id);
    const direct = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.001', currency: 'BTC' },
    });
    const paymentId = direct.json().data.id as string;
    for (const [d, id] of [
      [two, sale.id],
      [bobs, sale.id],
      [one, paymentId],
    ] as const) {
      const res = await asDevice(d, 'GET', `/pos/sales/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(T.posSaleNotFound);
      expect((await asDevice(d, 'POST', `/pos/sales/${id}/simulate`, {})).statusCode).toBe(404);
    }
    const bobList = ZPosSales.parse((await asDevice(bobs, 'GET', '/pos/sales')).json().data);
    expect(bobList.sales).toEqual([]);
  });

  it('lists today’s sales of the device with exact totals of the confirmed ones', async () => {
    const till = await pairedDevice(alice, 'Totals till', 'EUR');
    const other = await pairedDevice(alice, 'Other till', 'EUR');
    const a = await ringUp(till, '0.10');
    const b = await ringUp(till, '0.20');
    const c = await ringUp(till, '5');
    await ringUp(other, '99');
    // A sale of yesterday (in UTC) is not today's.
    const old = await ringUp(till, '1000');
    await ctx.db
      .updateTable('pos_sales')
      .set({ created_at: new Date(startOfDay('UTC', new Date()).getTime() - 3600_000) })
      .where('payment_id', '=', old.id)
      .execute();
    for (const s of [a, b]) {
      const paid = await asDevice(till, 'POST', `/pos/sales/${s.id}/simulate`, { kind: 'full' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const partial = await asDevice(till, 'POST', `/pos/sales/${c.id}/simulate`, { kind: 'partial' });
    expect(partial.json().data.status).toBe('partial');
    await blocks(30);
    const res = await asDevice(till, 'GET', '/pos/sales?tz=UTC');
    const list = ZPosSales.parse(res.json().data);
    expect(list.sales.map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(list.sales.map((s) => s.status)).toEqual(['partial', 'confirmed', 'confirmed']);
    // 0.10 + 0.20 exactly (not 0.30000000000000004), in the device's currency.
    expect(list.totals).toEqual({ count: 3, confirmedCount: 2, confirmedAmount: '0.30', currency: 'EUR' });
    expect(list.since).toBe(startOfDay('UTC', new Date()).toISOString());
    const bad = await asDevice(till, 'GET', '/pos/sales?tz=Mars%2FOlympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(T.posTimeZoneInvalid);
  });

  it('simulates only in test mode', async () => {
    const live = await alice.inMode('live');
    const res = await live.call({
      method: 'POST',
      url: '/api/v1/pos/devices',
      payload: { name: 'Live till' },
    });
    const code = res.json().data.pairing.code as string;
    const credential = (await pair(code)).json().data.credential as string;
    expect(credential).toMatch(/^cl_pos_live_/);
    // Alice's account is active: the live device works, and cannot simulate (no sale of it exists either).
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pos/session',
      headers: bearer(credential),
    });
    expect(session.json().data.device.mode).toBe('live');
    const sim = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pos/sales/pay_unknownunknownunknown22/simulate',
      headers: bearer(credential),
      payload: {},
    });
    expect(sim.statusCode).toBe(403);
    expect(sim.json().error.message).toBe(T.simulateTestOnly);
  });
});

describe('revoking a device', () => {
  it('stops its credential at once, on the API and on its live socket; re-pairing replaces the credential', async () => {
    const device = await pairedDevice(alice, 'Revoked soon');
    const sale = await ringUp(device);
    const socket = new TestSocket(`${wsUrl}?token=${device.credential}`);
    sockets.push(socket);
    const hello = await socket.hello();
    expect(hello).toMatchObject({ subscription: 'device', mode: 'test' });
    await asDevice(device, 'POST', `/pos/sales/${sale.id}/simulate`, { kind: 'full' });
    const update = await socket.update(sale.id, (d) => d.amountReceived === d.amount, 'the sale paid');
    expect(update.data.fiatAmount).toBe('12.50');
    expect(update.data.metadata).toBeUndefined(); // the counter's view, not the merchant's books

    // A new pairing code: the device keeps working until it is used, then the old credential stops.
    const repair = await alice.call({ method: 'POST', url: `/api/v1/pos/devices/${device.id}/pairing` });
    expect((await asDevice(device, 'GET', '/pos/session')).statusCode).toBe(200);
    const newCredential = (await pair(repair.json().data.pairing.code)).json().data.credential as string;
    expect((await asDevice(device, 'GET', '/pos/session')).statusCode).toBe(401);
    expect(await socket.waitClosed()).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    const fresh: Paired = { id: device.id, credential: newCredential };
    expect((await asDevice(fresh, 'GET', `/pos/sales/${sale.id}`)).statusCode).toBe(200);

    const socket2 = new TestSocket(`${wsUrl}?token=${newCredential}`);
    sockets.push(socket2);
    await socket2.hello();
    const revoked = await alice.call({ method: 'DELETE', url: `/api/v1/pos/devices/${device.id}` });
    expect(revoked.statusCode).toBe(200);
    const after = await asDevice(fresh, 'GET', '/pos/session');
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: T.posDeviceRevoked });
    expect(
      (await asDevice(fresh, 'POST', '/pos/sales', { fiatAmount: '1', currency: 'BTC' })).statusCode,
    ).toBe(401);
    // The socket closes on the revocation itself, not at the next minute's re-check.
    expect(await socket2.waitClosed()).toEqual({ code: LIVE_CLOSE.unauthorized, reason: T.posDeviceRevoked });
    const closedLater = new TestSocket(`${wsUrl}?token=${newCredential}`);
    sockets.push(closedLater);
    expect((await closedLater.waitClosed()).code).toBe(LIVE_CLOSE.unauthorized);

    // Its sales stay the merchant's; another merchant cannot revoke or see its devices.
    expect((await alice.call({ method: 'GET', url: `/api/v1/payments/${sale.id}` })).statusCode).toBe(200);
    const list = await alice.call({ method: 'GET', url: '/api/v1/pos/devices' });
    expect(list.json().data.map((d: { id: string }) => d.id)).not.toContain(device.id);
    const keep = await pairedDevice(alice, 'Keep me');
    expect((await bob.call({ method: 'DELETE', url: `/api/v1/pos/devices/${keep.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await bob.call({ method: 'POST', url: `/api/v1/pos/devices/${keep.id}/pairing` })).statusCode,
    ).toBe(404);
    expect((await bob.call({ method: 'GET', url: '/api/v1/pos/devices' })).body).not.toContain(keep.id);
    expect((await asDevice(keep, 'GET', '/pos/session')).statusCode).toBe(200);
  });

  it('a device socket hears its own sales, not another device’s nor the merchant’s other payments', async () => {
    const mine = await pairedDevice(alice, 'Mine');
    const theirs = await pairedDevice(alice, 'Theirs');
    const socket = new TestSocket(`${wsUrl}?token=${mine.credential}`);
    sockets.push(socket);
    await socket.hello();
    const other = await ringUp(theirs);
    await asDevice(theirs, 'POST', `/pos/sales/${other.id}/simulate`, { kind: 'full' });
    const direct = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.001', currency: 'BTC' },
    });
    await alice.call({ method: 'POST', url: `/api/v1/payments/${direct.json().data.id}/simulate` });
    const own = await ringUp(mine);
    await asDevice(mine, 'POST', `/pos/sales/${own.id}/simulate`, { kind: 'full' });
    await socket.update(own.id, (d) => d.amountReceived === d.amount, 'own sale paid');
    const ids = new Set(socket.updates().map((m) => m.data.id));
    expect([...ids]).toEqual([own.id]);
  });
});

describe('startOfDay', () => {
  it('is midnight of the counter’s time zone, across daylight-saving changes', () => {
    // 2026-03-29: Europe/Berlin moves from +01:00 to +02:00 at 02:00 local; midnight was still +01:00.
    expect(startOfDay('Europe/Berlin', new Date('2026-03-29T15:00:00Z')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    // The day after, midnight is +02:00.
    expect(startOfDay('Europe/Berlin', new Date('2026-03-30T08:00:00Z')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // West of UTC: 02:00 UTC on the 5th is still the 4th in New York (EST since 1 November).
    expect(startOfDay('America/New_York', new Date('2026-11-05T02:00:00Z')).toISOString()).toBe(
      '2026-11-04T05:00:00.000Z',
    );
    expect(startOfDay(undefined, new Date('2026-06-01T23:59:59Z')).toISOString()).toBe(
      '2026-06-01T00:00:00.000Z',
    );
    expect(() => startOfDay('Nowhere/Land', new Date())).toThrow(T.posTimeZoneInvalid);
  });
});

it('keeps no secret in the audit log', async () => {
  const device = await pairedDevice(alice, 'Audited');
  const { rows } = await sql<{
    t: string;
  }>`select string_agg(coalesce(before::text,'') || coalesce(after::text,''), ' ') as t from audit_log where entity_id = ${device.id}`.execute(
    ctx.db,
  );
  expect(rows[0]!.t).not.toContain(device.credential);
  expect(rows[0]!.t).toContain('cl_pos_test_');
});
