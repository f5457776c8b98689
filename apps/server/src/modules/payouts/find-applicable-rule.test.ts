import { randomId } from '@coinlane/core/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '#app/db/connection.ts';
import { createUser } from '#app/test/fixtures.ts';
import { insertPayoutWallet } from '#app/test/payout-fixtures.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { findApplicableRule } from './find-applicable-rule.ts';

const KEY = Buffer.alloc(32, 7);
let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db;
});
afterAll(() => handle.close());

/** A merchant with the switch as given, a whitelisted USDT wallet and one rule (fields overridable). */
async function merchantWithRule({
  switchOn = true,
  rule = {},
  wallet = {},
}: {
  switchOn?: boolean;
  rule?: Partial<{
    from_currency: string;
    from_network: string;
    min_amount: string;
    enabled: boolean;
    deleted: boolean;
  }>;
  wallet?: Partial<{ verified: boolean; deleted: boolean }>;
} = {}) {
  const user = await createUser({ db });
  await db
    .updateTable('user_settings')
    .set({ auto_conversion_enabled: switchOn, max_slippage_bps: 75 })
    .where('user_id', '=', user.id)
    .execute();
  const w = await insertPayoutWallet({ db, secretKey: KEY, userId: user.id, ...wallet });
  const id = randomId('prl');
  await db
    .insertInto('payout_rules')
    .values({
      id,
      user_id: user.id,
      from_currency: rule.from_currency ?? 'ETH',
      from_network: rule.from_network ?? 'ethereum',
      to_currency: 'USDT',
      wallet_id: w.id,
      min_amount: rule.min_amount ?? '0.01',
      enabled: rule.enabled ?? true,
      deleted_at: rule.deleted ? new Date() : null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  return { userId: user.id, ruleId: id, walletId: w.id };
}

describe('findApplicableRule', () => {
  const cases: Array<{
    name: string;
    setup: Parameters<typeof merchantWithRule>[0];
    query: { currency?: string; network?: string; amount: string };
    applies: boolean;
  }> = [
    {
      name: 'switch on, enabled rule, amount above the minimum',
      setup: {},
      query: { amount: '0.5' },
      applies: true,
    },
    { name: 'amount exactly the minimum', setup: {}, query: { amount: '0.01' }, applies: true },
    { name: 'amount just below the minimum', setup: {}, query: { amount: '0.00999999' }, applies: false },
    {
      name: 'a zero minimum takes any amount',
      setup: { rule: { min_amount: '0' } },
      query: { amount: '0' },
      applies: true,
    },
    {
      name: 'the Auto Conversion switch off',
      setup: { switchOn: false },
      query: { amount: '1' },
      applies: false,
    },
    { name: 'a disabled rule', setup: { rule: { enabled: false } }, query: { amount: '1' }, applies: false },
    {
      name: 'a deleted rule',
      setup: { rule: { deleted: true, enabled: false } },
      query: { amount: '1' },
      applies: false,
    },
    {
      name: 'a deleted rule still marked enabled',
      setup: { rule: { deleted: true } },
      query: { amount: '1' },
      applies: false,
    },
    { name: 'another network', setup: {}, query: { network: 'arbitrum', amount: '1' }, applies: false },
    { name: 'another currency', setup: {}, query: { currency: 'USDC', amount: '1' }, applies: false },
    {
      name: 'the network alias bsc',
      setup: { rule: { from_currency: 'BNB', from_network: 'binance-smart-chain' } },
      query: { currency: 'BNB', network: 'bsc', amount: '1' },
      applies: true,
    },
    {
      name: 'a Bitcoin-family rule',
      setup: { rule: { from_currency: 'LTC', from_network: 'litecoin', min_amount: '0.5' } },
      query: { currency: 'LTC', network: 'litecoin', amount: '0.50000000' },
      applies: true,
    },
    {
      name: 'exact comparison beyond a double (one unit below a 28-digit minimum)',
      setup: { rule: { min_amount: '12345678901234567890.12345678' } },
      query: { amount: '12345678901234567890.12345677' },
      applies: false,
    },
    {
      name: 'exact comparison beyond a double (equal)',
      setup: { rule: { min_amount: '12345678901234567890.12345678' } },
      query: { amount: '12345678901234567890.12345678' },
      applies: true,
    },
    {
      name: 'more decimals than the minimum has (18, as ETH)',
      setup: { rule: { min_amount: '0.01' } },
      query: { amount: '0.009999999999999999' },
      applies: false,
    },
    {
      name: 'the wallet no longer whitelisted',
      setup: { wallet: { verified: false } },
      query: { amount: '1' },
      applies: false,
    },
    {
      name: 'the wallet deleted',
      setup: { wallet: { deleted: true } },
      query: { amount: '1' },
      applies: false,
    },
  ];

  for (const c of cases) {
    it(`${c.applies ? 'applies' : 'does not apply'}: ${c.name}`, async () => {
      const m = await merchantWithRule(c.setup);
      const found = await findApplicableRule(db, {
        userId: m.userId,
        currency: c.query.currency ?? c.setup?.rule?.from_currency ?? 'ETH',
        network: c.query.network ?? c.setup?.rule?.from_network ?? 'ethereum',
        amount: c.query.amount,
      });
      if (!c.applies) {
        expect(found).toBeNull();
        return;
      }
      expect(found).not.toBeNull();
      expect(found!.rule).toMatchObject({
        id: m.ruleId,
        user_id: m.userId,
        to_currency: 'USDT',
        enabled: true,
      });
      expect(found!.wallet).toMatchObject({
        id: m.walletId,
        currency: 'USDT',
        kind: 'address',
        verified: true,
      });
      expect(found!.wallet.created_at).toBeInstanceOf(Date);
      expect(found!.maxSlippageBps).toBe(75);
    });
  }

  it("never returns another merchant's rule", async () => {
    const a = await merchantWithRule();
    const b = await createUser({ db });
    await db
      .updateTable('user_settings')
      .set({ auto_conversion_enabled: true })
      .where('user_id', '=', b.id)
      .execute();
    expect(
      await findApplicableRule(db, { userId: b.id, currency: 'ETH', network: 'ethereum', amount: '5' }),
    ).toBeNull();
    expect(
      (await findApplicableRule(db, { userId: a.userId, currency: 'ETH', network: 'ethereum', amount: '5' }))
        ?.rule.id,
    ).toBe(a.ruleId);
  });

  it('refuses an amount that is not a plain decimal instead of comparing it', async () => {
    const m = await merchantWithRule();
    for (const amount of ['1e3', '-1', '', 'abc', '0x10', ' 1']) {
      await expect(
        findApplicableRule(db, { userId: m.userId, currency: 'ETH', network: 'ethereum', amount }),
      ).rejects.toThrow(/not a decimal amount/);
    }
  });

  it('is one query', async () => {
    const m = await merchantWithRule();
    let queries = 0;
    const counting = db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await findApplicableRule(counting, {
      userId: m.userId,
      currency: 'ETH',
      network: 'ethereum',
      amount: '1',
    });
    expect(queries).toBe(1);
  });
});
