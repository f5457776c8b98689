import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import {
  findMerchantPayments,
  likePattern,
  planMerchantSearch,
  searchTextSql,
  searchUsesTrigrams,
} from './find-merchant-payments.ts';

/**
 * The merchant's search through the trigram index (migration 0044, decision 032) finds what the search over the
 * merchant's rows finds: the same rows, count, figures and pages, for every kind of term; and the index really is the
 * one PostgreSQL (or the embedded database) uses for the expression the search writes.
 */
let ctx: TestContext;
let shop: Merchant;
let other: Merchant;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await createMerchant(ctx, { name: 'Search Shop' });
  other = await createMerchant(ctx, { name: 'Other Shop' });
  const made: [string, Merchant, Record<string, unknown>][] = [
    ['hoodie', shop, { description: 'Blue hoodie, size M', customerEmail: 'ada@example.com' }],
    ['hoodie2', shop, { description: 'Red HOODIE', customerEmail: 'grace@example.org' }],
    ['order', shop, { description: 'Order #1234', metadata: { customerEmail: 'linus@kernel.example' } }],
    ['order2', shop, { description: 'Order #12345', metadata: { email: 'ken@unix.example' } }],
    ['percent', shop, { description: '100% cotton_tee' }],
    ['accents', shop, { description: 'Crème brûlée für Zoë' }],
    ['plain', shop, {}],
    ['across', shop, { description: 'com order', customerEmail: 'barbara@liskov.example' }],
    ['theirs', other, { description: 'Blue hoodie', customerEmail: 'ada@example.com' }],
  ];
  for (const [name, m, extra] of made) {
    const res = await m.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.001', currency: 'BTC', ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().data.id as string;
  }
  // Figures per status: one confirmed, one expired.
  await ctx.db
    .updateTable('payments')
    .set({ status: 'confirmed', amount_received: '100000', amount_confirmed: '100000' })
    .where('id', '=', ids.hoodie!)
    .execute();
  await ctx.db.updateTable('payments').set({ status: 'expired' }).where('id', '=', ids.order!).execute();
});

afterAll(async () => {
  await ctx?.close();
});

const search = (term: string, indexFrom: number, page: { limit?: number; offset?: number } = {}) =>
  findMerchantPayments({
    db: ctx.db,
    userId: shop.id,
    mode: 'test',
    filter: { search: term },
    limit: page.limit ?? 25,
    offset: page.offset ?? 0,
    searchIndexFrom: indexFrom,
  });

/** Through the index (from 0 payments) and over the merchant's rows (never the index): the same answer. */
async function expectSameBothWays(term: string) {
  const indexed = await search(term, 0);
  const scanned = await search(term, Number.MAX_SAFE_INTEGER);
  expect(
    indexed.rows.map((r) => r.id),
    term,
  ).toEqual(scanned.rows.map((r) => r.id));
  expect(indexed.byStatus, term).toEqual(scanned.byStatus);
  expect(indexed.confirmedUsd, term).toBe(scanned.confirmedUsd);
  return indexed.rows.map((r) => r.id);
}

describe('the merchant search through the trigram index', () => {
  it('finds the same rows as a search over the merchant rows, for every kind of term', async () => {
    expect(new Set(await expectSameBothWays('hoodie'))).toEqual(new Set([ids.hoodie, ids.hoodie2]));
    expect(await expectSameBothWays('ADA@EXAMPLE')).toEqual([ids.hoodie]);
    // The e-mail a payment's metadata gives, under either key.
    expect(await expectSameBothWays('linus@kernel')).toEqual([ids.order]);
    expect(await expectSameBothWays('ken@unix')).toEqual([ids.order2]);
    expect(new Set(await expectSameBothWays('Order #1234'))).toEqual(new Set([ids.order, ids.order2]));
    expect(await expectSameBothWays(ids.percent!.slice(5, 17).toUpperCase())).toEqual([ids.percent]);
    // % and _ match only themselves.
    expect(await expectSameBothWays('100%')).toEqual([ids.percent]);
    expect(await expectSameBothWays('cotton_tee')).toEqual([ids.percent]);
    expect(await expectSameBothWays('cotton%tee')).toEqual([]);
    expect(await expectSameBothWays('brûlée')).toEqual([ids.accents]);
    // A term across two fields (the e-mail's end and the description's start) is not a match, though the joined
    // text the index holds contains it.
    expect(await expectSameBothWays('example order')).toEqual([]);
    // Another merchant's payment with the same description and e-mail is never found.
    expect(await expectSameBothWays('Blue hoodie')).toEqual([ids.hoodie]);
    expect(await expectSameBothWays('nothing like this')).toEqual([]);
    // Terms without trigrams read the merchant rows either way.
    expect((await expectSameBothWays('M')).length).toBeGreaterThan(0);
    expect(await expectSameBothWays('#1')).toHaveLength(2);
    expect(await expectSameBothWays('%')).toEqual([ids.percent]);
  });

  it('counts every match and pages through them in the list order, by offset', async () => {
    const all = await search('example', 0);
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => r.id)).toEqual(
      (await search('example', Number.MAX_SAFE_INTEGER)).rows.map((r) => r.id),
    );
    const pages = [];
    for (let offset = 0; offset < 6; offset += 2)
      pages.push(...(await search('example', 0, { limit: 2, offset })).rows);
    expect(pages.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
    const second = await search('example', 0, { limit: 2, offset: 2 });
    expect(second.total).toBe(5);
    expect(second.nextCursor).not.toBeNull();
    expect((await search('example', 0, { limit: 2, offset: 4 })).nextCursor).toBeNull();
  });

  it('pages by cursor through the matches the index found', async () => {
    const all = (await search('example', 0)).rows.map((r) => r.id);
    const seen: string[] = [];
    let after: { micros: string; id: string } | undefined;
    for (;;) {
      const page = await findMerchantPayments({
        db: ctx.db,
        userId: shop.id,
        mode: 'test',
        filter: { search: 'example' },
        limit: 2,
        ...(after ? { after } : {}),
        searchIndexFrom: 0,
      });
      seen.push(...page.rows.map((r) => r.id));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(seen).toEqual(all);
  });

  it('uses the index from SEARCH_INDEX_FROM payments, and only for a term with trigrams', async () => {
    const plan = (term: string, indexFrom?: number) =>
      planMerchantSearch({
        db: ctx.db,
        userId: shop.id,
        mode: 'test',
        search: term,
        ...(indexFrom === undefined ? {} : { indexFrom }),
      });
    // The shop has 8 payments in test mode.
    expect(await plan('hoodie')).toEqual({ indexed: false });
    expect(await plan('hoodie', 8)).toEqual({ indexed: true });
    expect(await plan('hoodie', 9)).toEqual({ indexed: false });
    expect(await plan('ab', 0)).toEqual({ indexed: false });
    expect(await plan('  ', 0)).toEqual({ indexed: false });
    expect(searchUsesTrigrams('a.b@c')).toBe(false);
    expect(searchUsesTrigrams('Zoë')).toBe(true);
    expect(searchUsesTrigrams('#123')).toBe(true);
  });

  it('is the expression of payments_search_idx: the database reads that index for it', async () => {
    const plan = await ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const r = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT payments.id FROM payments
        WHERE ${searchTextSql} ILIKE ${likePattern('hoodie')}`.execute(trx);
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('payments_search_idx');
  });
});
