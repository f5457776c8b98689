import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertQuotes } from '#app/modules/rates/store-rate-quotes.ts';
import { createUser } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { expireDuePayments } from './expire-due-payments.ts';
import { findOutputPayment } from './find-output-payment.ts';
import { recordPaymentTransfer } from './record-payment-transfer.ts';
import { settleLapsedPayment } from './settle-lapsed-payment.ts';
import { amountsTakenOnAddress } from './unique-amounts.ts';

// Re-pricing a payment link's attempt when its price lock lapses (docs/decisions/005-hosted-payment-page.md,
// "The price lock"): atomic with transfers, and safe for single-address wallets, whose payments are told apart by
// amount. Live LTC payments priced from a market rate stored here (what the price API would have given).

let ctx: TestContext;
let userId: string;
let walletId: string;
const SINGLE = 'rltc1qsingleaddressofthetillxxxxxxxxxxxxxxxx';
const LITOSHI = 100_000_000n;

beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
  userId = (await createUser({ db: ctx.db })).id;
  walletId = randomUUID();
  await ctx.db
    .insertInto('wallets')
    .values({
      id: walletId,
      user_id: userId,
      currency: 'LTC',
      network: 'litecoin',
      chain_mode: 'regtest',
      kind: 'address',
      address_sealed: SINGLE,
      address_hash: `address:${SINGLE}`,
      address_display: SINGLE,
      script_type: 'p2wpkh',
      label: 'Till',
      verified: true,
    })
    .execute();
});
afterAll(() => ctx.close());

/** The market price of LTC in USD, as fetched from the price API at `at`. */
const ltcAt = (usd: string, at = new Date()) =>
  upsertQuotes(ctx.db, 'coingecko', [
    { base: 'USD', symbol: 'LTC', rate: usd, quote: 'base_per_symbol', fetchedAt: at },
  ]);

/** A live link priced in fiat (or crypto), and its attempt on `address` (the wallet's single address, or a key's). */
async function attempt({
  fiat = '8.00',
  amount = '0.1',
  single = true,
  address = single ? SINGLE : `rltc1qkey${randomUUID().replaceAll('-', '')}`,
}: {
  fiat?: string | null;
  amount?: string;
  single?: boolean;
  address?: string;
} = {}) {
  const linkId = `lnk_${randomUUID().replaceAll('-', '')}`;
  await ctx.db
    .insertInto('payment_links')
    .values({
      id: linkId,
      user_id: userId,
      mode: 'live',
      currency: 'LTC',
      network: 'litecoin',
      decimals: 8,
      amount: String(BigInt(Math.round(Number(amount) * 1e8))),
      fiat_amount: fiat,
      fiat_currency: fiat ? 'USD' : null,
      expires_at: null,
      metadata: JSON.stringify({}),
    })
    .execute();
  const p = await insertFixedAddressPayment({
    db: ctx.db,
    userId,
    currency: 'LTC',
    network: 'litecoin',
    amount,
    allocation: single
      ? { address, walletId, sharedAddress: true }
      : { address, walletId, derivationIndex: 7 },
    paymentLinkId: linkId,
  });
  if (fiat) {
    await ctx.db
      .updateTable('payments')
      .set({ fiat_amount: fiat, fiat_currency: 'USD' })
      .where('id', '=', p.id)
      .execute();
  }
  return p;
}
const lapse = (id: string, at: Date) =>
  ctx.db
    .updateTable('payments')
    .set({ expires_at: new Date(at.getTime() - 1) })
    .where('id', '=', id)
    .execute();
const row = (id: string) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('re-pricing a lapsed link attempt', () => {
  it('keeps a single-address amount unique, reserves the amount first shown, and matches it to the payment', async () => {
    await ltcAt('80');
    const a = await attempt(); // 8 USD at 80: 0.1 LTC
    const b = await attempt({ fiat: null, amount: '0.05' });
    expect([a.amount, b.amount]).toEqual(['10000000', '5000000']);

    // LTC doubles; A's lock lapses: 8 USD is now 0.05 LTC, which B holds on this address.
    const now = new Date();
    await ltcAt('160', now);
    await lapse(a.id, now);
    const r = await settleLapsedPayment({ deps: ctx.server.payments, db: ctx.db, paymentId: a.id, now });
    expect(r.changed).toBe(true);
    expect(r.emitted).toEqual(['payment.updated']);
    expect(await row(a.id)).toMatchObject({
      status: 'pending',
      address: SINGLE,
      amount: '5000001',
      rate_source: 'coingecko',
    });

    // 0.1 LTC, what the page first showed, stays reserved for A on the address, and a payer who sends it is A's.
    const { taken } = await amountsTakenOnAddress({
      db: ctx.db,
      network: 'litecoin',
      address: SINGLE,
      currency: 'LTC',
      now,
    });
    expect([...taken].sort((x, y) => (x < y ? -1 : 1))).toEqual([5000000n, 5000001n, 10000000n]);
    const match = await findOutputPayment({
      db: ctx.db,
      network: 'litecoin',
      address: SINGLE,
      amount: LITOSHI / 10n,
      now,
    });
    expect(match).toEqual({ paymentId: a.id, rule: 'exact_amount' });
    await ltcAt('80');
  });

  it('a transfer seen after the lapse, before any sweep, re-prices first and counts in time at the new price', async () => {
    await ltcAt('80');
    const p = await attempt({ single: false });
    const now = new Date();
    await ltcAt('100', now); // 8 USD = 0.08 LTC
    await lapse(p.id, now);
    // The payer sends the 0.1 LTC the page showed a moment before the lock lapsed.
    const seen = await recordPaymentTransfer({
      deps: ctx.server.payments,
      db: ctx.db,
      paymentId: p.id,
      transfer: {
        txid: 'aa'.repeat(32),
        outputIndex: 0,
        amount: LITOSHI / 10n,
        confirmations: 0,
        seenAt: now,
      },
      now,
    });
    expect(seen.transfer.is_late).toBe(false);
    expect(await row(p.id)).toMatchObject({
      status: 'pending',
      exception: 'paid_over',
      amount: '8000000',
      amount_received: '10000000',
      amount_late: '0',
    });
    // Once money was seen, the price stays: its next lapse is a deadline it has met (awaiting confirmations).
    const later = new Date(now.getTime() + 3600_000);
    expect(
      (await settleLapsedPayment({ deps: ctx.server.payments, db: ctx.db, paymentId: p.id, now: later }))
        .changed,
    ).toBe(false);
    const changes = await ctx.db
      .selectFrom('payment_price_changes')
      .select(['amount_before', 'amount_after'])
      .where('payment_id', '=', p.id)
      .execute();
    expect(changes).toEqual([{ amount_before: '10000000', amount_after: '8000000' }]);
    await ltcAt('80');
  });

  it('a re-price and a transfer at the same moment: one price change, the transfer counted once, in time', async () => {
    await ltcAt('80');
    const p = await attempt({ single: false });
    const now = new Date();
    await ltcAt('40', now); // 8 USD = 0.2 LTC
    await lapse(p.id, now);
    await Promise.all([
      expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now }),
      settleLapsedPayment({ deps: ctx.server.payments, db: ctx.db, paymentId: p.id, now }),
      recordPaymentTransfer({
        deps: ctx.server.payments,
        db: ctx.db,
        paymentId: p.id,
        transfer: {
          txid: 'bb'.repeat(32),
          outputIndex: 0,
          amount: LITOSHI / 10n,
          confirmations: 0,
          seenAt: now,
        },
        now,
      }),
    ]);
    expect(await row(p.id)).toMatchObject({
      status: 'partial',
      exception: 'paid_partial',
      amount: '20000000',
      amount_received: '10000000',
      amount_late: '0',
    });
    const changes = await ctx.db
      .selectFrom('payment_price_changes')
      .select('id')
      .where('payment_id', '=', p.id)
      .execute();
    expect(changes).toHaveLength(1);
    await ltcAt('80');
  });

  it('without a fresh market rate a live attempt cannot be re-priced: it expires, and says so once', async () => {
    await ltcAt('80');
    const p = await attempt({ single: false });
    // The price API has said nothing for ten minutes.
    const now = new Date(Date.now() + 10 * 60_000);
    await lapse(p.id, now);
    const r = await settleLapsedPayment({ deps: ctx.server.payments, db: ctx.db, paymentId: p.id, now });
    expect(r.emitted).toEqual(['payment.expired']);
    expect(await row(p.id)).toMatchObject({ status: 'expired', exception: 'none', amount: '10000000' });
  });

  it('an attempt priced in crypto keeps its amount and gets a new lock', async () => {
    const p = await attempt({ fiat: null, amount: '0.3', single: false });
    const now = new Date();
    await lapse(p.id, now);
    const r = await settleLapsedPayment({ deps: ctx.server.payments, db: ctx.db, paymentId: p.id, now });
    expect(r.changed).toBe(true);
    const after = await row(p.id);
    expect(after).toMatchObject({ status: 'pending', amount: '30000000', rate_source: null });
    expect(after.expires_at.getTime()).toBe(now.getTime() + ctx.config.rateLockSeconds * 1000);
  });
});
