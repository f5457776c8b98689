import { TRANSACTION_CSV_COLUMNS } from '@coinlane/core/api/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { exportTransactionsCsv } from './export-transactions-csv.ts';

// No rate source is configured: test mode prices from the built-in test prices (BTC 95000 USD, ETH 3500,
// USDT 1; modules/rates/static-sources.ts). Payments are created through the API and paid with the test
// network's simulate call; confirmations come from the test network's clock (advanceTestNetwork).

let ctx: TestContext;
let alice: Merchant;
let bob: Merchant;
type Ids = {
  confirmed: string;
  partial: string;
  cancelled: string;
  formula: string;
  pending: string;
  bobs: string;
};
const ids = {} as Ids;

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const tick = (seconds: number) =>
  advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(seconds), blockSeconds: 2 });

async function pay(m: Merchant, payload: Record<string, unknown>) {
  const res = await m.call({ method: 'POST', url: '/api/v1/payments', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}
async function simulate(m: Merchant, id: string, amount?: string) {
  const res = await m.call({
    method: 'POST',
    url: `/api/v1/payments/${id}/simulate`,
    ...(amount ? { payload: { amount } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}
const list = (m: Merchant, query = '') => m.call({ method: 'GET', url: `/api/v1/transactions${query}` });
const listed = async (m: Merchant, query = '') => {
  const res = await list(m, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: string; status: string; paymentStatus: string; [k: string]: unknown }[];
    pagination: { page: number; limit: number; total: number; hasMore: boolean; nextCursor: string | null };
    summary: Record<string, unknown>;
  };
};
const csv = (m: Merchant, query = '') =>
  m.call({ method: 'GET', url: `/api/v1/transactions/export.csv${query}` });
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createMerchant(ctx, { name: 'Alice Shop' });
  bob = await createMerchant(ctx, { name: 'Bob Store' });

  // Oldest first, so the list (newest first) reads in the reverse order.
  ids.confirmed = (
    await pay(alice, {
      amount: '0.001',
      currency: 'BTC',
      description: 'Order #7, blue "large"',
      customerEmail: 'Jane.Doe@Example.com',
    })
  ).id;
  await simulate(alice, ids.confirmed);
  await tick(3);
  ids.partial = (await pay(alice, { amount: '0.5', currency: 'ETH', description: 'Consulting 100%' })).id;
  await simulate(alice, ids.partial, '0.2');
  ids.cancelled = (await pay(alice, { amount: '25', currency: 'USDT', network: 'ethereum' })).id;
  const cancel = await alice.call({ method: 'POST', url: `/api/v1/payments/${ids.cancelled}/cancel` });
  expect(cancel.statusCode, cancel.body).toBe(200);
  ids.formula = (
    await pay(alice, {
      amount: '0.0001',
      currency: 'BTC',
      description: '=HYPERLINK("http://evil.example","x")',
      metadata: { customerEmail: '+evil@example.com' },
    })
  ).id;
  ids.pending = (await pay(alice, { amount: '10', currency: 'USDT', network: 'polygon' })).id;
  ids.bobs = (await pay(bob, { amount: '0.002', currency: 'BTC', description: 'Bob order' })).id;
});
afterAll(() => ctx.close());

describe('GET /transactions', () => {
  it('lists the merchant’s payments newest first as Transaction rows', async () => {
    const r = await listed(alice);
    expect(r.data.map((t) => t.id)).toEqual([
      ids.pending,
      ids.formula,
      ids.cancelled,
      ids.partial,
      ids.confirmed,
    ]);
    expect(r.pagination).toEqual({ page: 1, limit: 20, total: 5, hasMore: false, nextCursor: null });
    const confirmed = r.data.find((t) => t.id === ids.confirmed)!;
    expect(confirmed).toMatchObject({
      amount: '0.001',
      amountReceived: '0.001',
      currency: 'BTC',
      usdAmount: '95.00',
      status: 'confirmed',
      paymentStatus: 'confirmed',
      exception: 'none',
      customerEmail: 'Jane.Doe@Example.com',
      description: 'Order #7, blue "large"',
      confirmations: 1,
      requiredConfirmations: 1,
      network: 'bitcoin',
      paymentLinkId: null,
    });
    expect(confirmed.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmed.confirmedAt).not.toBeNull();
    // Partial money still arriving reads as pending; a cancelled attempt as failed; both keep their own status.
    expect(r.data.find((t) => t.id === ids.partial)).toMatchObject({
      status: 'pending',
      paymentStatus: 'partial',
      exception: 'paid_partial',
      amountReceived: '0.2',
      confirmations: 0,
      requiredConfirmations: 12,
      usdAmount: '1750.00',
    });
    expect(r.data.find((t) => t.id === ids.cancelled)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
    });
    // The customer e-mail may come from the payment's metadata.
    expect(r.data.find((t) => t.id === ids.formula)?.customerEmail).toBe('+evil@example.com');
    expect(r.data.find((t) => t.id === ids.pending)).toMatchObject({
      status: 'pending',
      customerEmail: null,
      description: null,
      txid: null,
    });
    expect(r.summary).toEqual({
      count: 5,
      confirmedCount: 1,
      pendingCount: 3,
      failedCount: 1,
      totalVolumeUsd: '95.00',
    });
  });

  it('filters by status (the spec’s three values), crypto and both', async () => {
    const pending = await listed(alice, '?status=pending');
    expect(pending.data.map((t) => t.id)).toEqual([ids.pending, ids.formula, ids.partial]);
    expect(pending.summary).toMatchObject({ count: 3, pendingCount: 3, totalVolumeUsd: '0.00' });
    expect((await listed(alice, '?status=failed')).data.map((t) => t.id)).toEqual([ids.cancelled]);
    expect((await listed(alice, '?status=confirmed')).data.map((t) => t.id)).toEqual([ids.confirmed]);
    expect((await listed(alice, '?crypto=usdt')).data.map((t) => t.id)).toEqual([ids.pending, ids.cancelled]);
    expect((await listed(alice, '?crypto=BTC&status=pending')).data.map((t) => t.id)).toEqual([ids.formula]);
    // The page's 'All Status' / 'All Crypto' send empty values or 'all'.
    expect((await listed(alice, '?status=&crypto=')).pagination.total).toBe(5);
    expect((await listed(alice, '?status=all&crypto=all')).pagination.total).toBe(5);
    expect((await listed(alice, '?crypto=DOGE')).data).toEqual([]);
  });

  it('searches id, customer e-mail and description case-insensitively, wildcards taken literally', async () => {
    const ids_ = async (q: string) =>
      (await listed(alice, `?search=${encodeURIComponent(q)}`)).data.map((t) => t.id);
    expect(await ids_('JANE.DOE@')).toEqual([ids.confirmed]);
    expect(await ids_('order #7')).toEqual([ids.confirmed]);
    expect(await ids_(ids.partial.slice(4, 16).toUpperCase())).toEqual([ids.partial]);
    expect(await ids_('100%')).toEqual([ids.partial]);
    expect(await ids_('%')).toEqual([ids.partial]);
    expect(await ids_('Order_#7')).toEqual([]);
    expect(await ids_('pay_')).toHaveLength(5);
    expect(await ids_('EVIL@')).toEqual([ids.formula]);
    expect(await ids_('  consulting ')).toEqual([ids.partial]);
    expect(await ids_('Bob order')).toEqual([]);
    expect(await ids_('nothing like this')).toEqual([]);
  });

  it('pages with page and limit', async () => {
    const p1 = await listed(alice, '?limit=2');
    const p2 = await listed(alice, '?limit=2&page=2');
    const p3 = await listed(alice, '?limit=2&page=3');
    expect(p1.pagination).toMatchObject({ page: 1, limit: 2, total: 5, hasMore: true });
    expect(p3.pagination).toEqual({ page: 3, limit: 2, total: 5, hasMore: false, nextCursor: null });
    expect([...p1.data, ...p2.data, ...p3.data].map((t) => t.id)).toEqual([
      ids.pending,
      ids.formula,
      ids.cancelled,
      ids.partial,
      ids.confirmed,
    ]);
    // The summary covers every matching row, not only the page.
    expect(p2.summary).toMatchObject({ count: 5, confirmedCount: 1 });
    expect(p2.pagination).toMatchObject({ page: 2, hasMore: true });
    // A page by number of a filtered or searched list counts the filtered rows only.
    const usdt2 = await listed(alice, '?limit=1&page=2&crypto=usdt');
    expect(usdt2.data.map((t) => t.id)).toEqual([ids.cancelled]);
    expect(usdt2.pagination).toMatchObject({ total: 2, hasMore: false });
    const searched = await listed(alice, '?limit=2&page=2&search=pay_');
    expect(searched.data.map((t) => t.id)).toEqual([ids.cancelled, ids.partial]);
    expect(searched.pagination).toMatchObject({ total: 5, hasMore: true });
    expect((await listed(alice, '?limit=2&page=4')).data).toEqual([]);
  });

  it('pages by cursor: each page starts after the previous one, in the same order as by page number', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; page <= 3; page++) {
      const r = await listed(
        alice,
        `?limit=2&page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...r.data.map((t) => t.id));
      expect(r.pagination).toMatchObject({ page, limit: 2, total: 5, hasMore: page < 3 });
      // The summary still covers every matching row.
      expect(r.summary).toMatchObject({ count: 5 });
      cursor = r.pagination.nextCursor;
      expect(cursor === null).toBe(page === 3);
    }
    expect(seen).toEqual([ids.pending, ids.formula, ids.cancelled, ids.partial, ids.confirmed]);

    // With a filter, the cursor pages through the filtered rows only.
    const usdt1 = await listed(alice, '?limit=1&crypto=usdt');
    expect(usdt1.data.map((t) => t.id)).toEqual([ids.pending]);
    expect(usdt1.pagination.nextCursor).not.toBeNull();
    const usdt2 = await listed(
      alice,
      `?limit=1&crypto=usdt&cursor=${encodeURIComponent(usdt1.pagination.nextCursor ?? '')}`,
    );
    expect(usdt2.data.map((t) => t.id)).toEqual([ids.cancelled]);
    expect(usdt2.pagination).toMatchObject({ total: 2, hasMore: false, nextCursor: null });
  });

  it('refuses bad queries with 400 and nothing else', async () => {
    for (const q of [
      '?cursor=yesterday',
      '?cursor=12_',
      `?cursor=${'1'.repeat(18)}_pay_x`,
      '?cursor=1%27%20OR%201%3D1_pay_x',
      '?status=weird',
      '?limit=1000',
      '?page=0',
      '?crypto=B%25',
      `?search=${'x'.repeat(201)}`,
    ]) {
      const res = await list(alice, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('shows a merchant only its own rows, and only in the current mode', async () => {
    expect((await listed(bob)).data.map((t) => t.id)).toEqual([ids.bobs]);
    expect((await listed(bob, `?search=${ids.confirmed}`)).data).toEqual([]);
    const live = await alice.inMode('live');
    expect(await listed(live)).toMatchObject({ data: [], pagination: { total: 0 }, summary: { count: 0 } });
    expect(csvRows((await csv(live)).body)).toHaveLength(1);
  });

  it('needs a session or an API key with read permission', async () => {
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/v1/transactions' });
    expect(anon.statusCode).toBe(401);
    const anonCsv = await ctx.app.inject({ method: 'GET', url: '/api/v1/transactions/export.csv' });
    expect(anonCsv.statusCode).toBe(401);
    const key = await alice.call({
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: 'reader', permissions: ['read'] },
    });
    expect(key.statusCode, key.body).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/transactions?status=confirmed',
      headers: { authorization: `Bearer ${key.json().data.key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((t: { id: string }) => t.id)).toEqual([ids.confirmed]);
  });
});

describe('GET /transactions/export.csv', () => {
  it('sends the spec’s columns then ours, today’s file name, and the filtered rows, quoted and defused', async () => {
    const res = await csv(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="transactions-${today}.csv"`);
    // Streamed: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvRows(res.body);
    expect(lines[0]).toBe(TRANSACTION_CSV_COLUMNS.join(','));
    // The spec's eleven columns, in its order, then what was received, its USD value, the exception and what was
    // refunded (decision 022).
    expect(lines[0]).toBe(
      'Transaction ID,Amount,Currency,USD Amount,Status,Customer Email,Description,Date,Time,Confirmations,Required Confirmations,Amount Received,USD Confirmed,Exception,Refunded',
    );
    expect(lines).toHaveLength(6);
    const confirmed = lines.find((l) => l.startsWith(ids.confirmed))!;
    expect(confirmed).toMatch(
      new RegExp(
        `^${ids.confirmed},0\\.001,BTC,95\\.00,confirmed,Jane\\.Doe@Example\\.com,"Order #7, blue ""large""",${today},\\d{2}:\\d{2}:\\d{2},1,1,0\\.001,95\\.00,,$`,
      ),
    );
    const formula = lines.find((l) => l.startsWith(ids.formula))!;
    // Formula cells get a leading apostrophe (then quoted, as they hold quotes or commas).
    expect(formula).toContain(`,'+evil@example.com,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(lines.find((l) => l.startsWith(ids.pending))).toMatch(/,USDT,10\.00,pending,,,.*,0,0\.00,,$/);
    // The partial payment: 0.2 of 0.5 ETH received, none of it confirmed yet, flagged.
    expect(lines.find((l) => l.startsWith(ids.partial))).toMatch(/,0,12,0\.2,0\.00,paid_partial,$/);
  });

  it('exports the same rows as the list for the same filters', async () => {
    for (const q of ['?status=pending', '?crypto=BTC', '?search=consulting', '?status=failed&crypto=USDT']) {
      const rows = csvRows((await csv(alice, q)).body).slice(1);
      const listedIds = (await listed(alice, q)).data.map((t) => t.id);
      expect(
        rows.map((l) => l.split(',')[0]),
        q,
      ).toEqual(listedIds);
    }
  });

  it('writes dates and times in the requested time zone', async () => {
    const utc = csvRows((await csv(alice, '?status=confirmed')).body)[1]!.split(',');
    const tokyo = csvRows((await csv(alice, '?status=confirmed&timeZone=Asia%2FTokyo')).body)[1]!.split(',');
    // Counted from the end: the description before them holds a comma.
    const at = (cells: string[]) => `${cells.at(-8)}T${cells.at(-7)}`;
    const diff = new Date(`${at(tokyo)}Z`).getTime() - new Date(`${at(utc)}Z`).getTime();
    expect(diff).toBe(9 * 3600_000);
    expect((await csv(alice, '?timeZone=Mars%2FOlympus')).statusCode).toBe(400);
  });

  it('reads in batches without skipping or repeating a row', async () => {
    const chunks: string[] = [];
    for await (const chunk of exportTransactionsCsv({
      db: ctx.db,
      userId: alice.id,
      mode: 'test',
      filters: { status: undefined, crypto: undefined },
      batchSize: 2,
    })) {
      chunks.push(String(chunk));
    }
    // Header, then one chunk per batch of two: 2 + 2 + 1.
    expect(chunks).toHaveLength(4);
    const rows = csvRows(chunks.join('')).slice(1);
    expect(rows.map((l) => l.split(',')[0])).toEqual([
      ids.pending,
      ids.formula,
      ids.cancelled,
      ids.partial,
      ids.confirmed,
    ]);
  });
});
