import { CRYPTO_CURRENCIES, NETWORKS } from '@coinlane/core/currencies';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { getPublicOverview } from './get-public-overview.ts';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  adminCookie = await signIn({ app: ctx.app, userId: admin.id });
});
afterAll(() => ctx.close());

const overview = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/overview' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const putFee = (type: string, payload: Record<string, unknown>, cookie: string | null = adminCookie) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/fees/${type}`,
    headers: cookie ? { cookie } : {},
    payload,
  });

describe('GET /public/overview', () => {
  it('answers anonymous callers with the platform name, fee, KYC rule and coin catalogue', async () => {
    const data = await overview();
    expect(data.platformName).toBe('Coinlane');
    expect(data.feePercent).toBe('1');
    expect(data.feeMinimumUsd).toBeNull();
    expect(data.feeMaximumUsd).toBeNull();
    expect(data.feeExceptions).toEqual([]);
    expect(data.kycRequired).toBe(true);
    // Only coins on networks the server watches (UTXO, EVM, Tron) are claimed: Solana and Cardano have no watcher.
    const live = CRYPTO_CURRENCIES.filter((c) => NETWORKS[c.network].family !== 'other');
    expect(live.length).toBeLessThan(CRYPTO_CURRENCIES.length);
    expect(data.coinCount).toBe(new Set(live.map((c) => c.symbol)).size);
    expect(data.coinCount).toBe(data.coins.length);
    expect(data.networkCount).toBe(new Set(live.map((c) => c.network)).size);
    const claimed = data.coins.flatMap((c: { networks: Array<{ id: string }> }) =>
      c.networks.map((n) => n.id),
    );
    expect(claimed).toContain('tron');
    expect(claimed).not.toContain('solana');
    expect(data.coins.find((c: { symbol: string }) => c.symbol === 'TRX')).toEqual({
      symbol: 'TRX',
      name: 'TRON',
      featured: false,
      networks: [{ id: 'tron', name: 'Tron' }],
    });
    const usdt = data.coins.find((c: { symbol: string }) => c.symbol === 'USDT');
    expect(usdt).toEqual({
      symbol: 'USDT',
      name: 'Tether USD',
      featured: true,
      networks: [
        { id: 'ethereum', name: 'Ethereum' },
        { id: 'tron', name: 'Tron' },
        { id: 'polygon', name: 'Polygon' },
        { id: 'binance-smart-chain', name: 'BNB Smart Chain' },
        { id: 'avalanche', name: 'Avalanche C-Chain' },
        { id: 'arbitrum', name: 'Arbitrum One' },
        { id: 'optimism', name: 'OP Mainnet' },
      ],
    });
    const featured = data.coins
      .filter((c: { featured: boolean }) => c.featured)
      .map((c: { symbol: string }) => c.symbol);
    expect(featured.sort()).toEqual(['BNB', 'BTC', 'ETH', 'MATIC', 'USDC', 'USDT']);
    // No live payment yet: nothing measured, and each network's confirmation rule instead.
    expect(data.settlement).toMatchObject({ windowDays: 30, medianSeconds: null, payments: 0 });
    expect(data.settlement.networks.find((n: { id: string }) => n.id === 'bitcoin')).toEqual({
      id: 'bitcoin',
      name: 'Bitcoin',
      confirmationsMin: 1,
      confirmationsMax: 1,
      medianSeconds: null,
      payments: 0,
    });
  });

  it('follows the platform name and the KYC rule set by the admins', async () => {
    await setSystemSetting({ db: ctx.db, key: 'platform_name', value: 'Acme Pay', updatedBy: null });
    await setSystemSetting({ db: ctx.db, key: 'kyc_required', value: false, updatedBy: null });
    const data = await overview();
    expect(data.platformName).toBe('Acme Pay');
    expect(data.kycRequired).toBe(false);
  });

  it('states the platform fee of the fee structures, with its bounds and the coins that have their own', async () => {
    const res = await putFee('platform', { percentage: '0.75', minimumFee: '0.50', maximumFee: '25' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'platform',
      percentage: '0.75',
      minimumFee: '0.5',
      maximumFee: '25',
    });
    let data = await overview();
    expect(data.feePercent).toBe('0.75');
    expect(data.feeMinimumUsd).toBe('0.5');
    expect(data.feeMaximumUsd).toBe('25');

    await ctx.db
      .updateTable('supported_cryptocurrencies')
      .set({ fee_percentage: '0.5' })
      .where('symbol', '=', 'BTC')
      .where('network', '=', 'bitcoin')
      .execute();
    data = await overview();
    expect(data.feeExceptions).toEqual([
      { symbol: 'BTC', network: 'bitcoin', networkName: 'Bitcoin', percent: '0.5' },
    ]);

    // Back to the default; a minimum of 0 is no minimum.
    expect(
      (await putFee('platform', { percentage: '1', minimumFee: '0', maximumFee: null })).statusCode,
    ).toBe(200);
    data = await overview();
    expect([data.feePercent, data.feeMinimumUsd, data.feeMaximumUsd]).toEqual(['1', null, null]);
  });

  it('measures settlement over the live payments of the last 30 days, never test payments', async () => {
    const merchant = await createUser({ db: ctx.db });
    const now = new Date();
    const settle = async (network: string, currency: string, seconds: number, mode: 'live' | 'test') => {
      const p = await insertFixedAddressPayment({
        db: ctx.db,
        userId: merchant.id,
        currency,
        network,
        amount: '0.01',
        mode,
        requiredConfirmations: 1,
        allocation: { address: `addr-${Math.random().toString(36).slice(2)}` },
      });
      const seenAt = new Date(now.getTime() - 3600_000);
      await recordPaymentTransfer({
        deps: ctx.server.payments,
        db: ctx.db,
        paymentId: p.id,
        transfer: {
          txid: Math.random().toString(16).slice(2),
          outputIndex: 0,
          amount: 1_000_000n,
          confirmations: 1,
          seenAt,
        },
        now: new Date(seenAt.getTime() + seconds * 1000),
      });
    };
    await settle('litecoin', 'LTC', 300, 'live');
    await settle('litecoin', 'LTC', 900, 'live');
    await settle('litecoin', 'LTC', 600, 'live');
    await settle('bitcoin', 'BTC', 1800, 'live');
    await settle('bitcoin', 'BTC', 2, 'test'); // the simulated network never counts
    const data = await getPublicOverview({ db: ctx.db, settlementMaxAgeMs: 0 });
    expect(data.settlement.payments).toBe(4);
    expect(data.settlement.medianSeconds).toBe(750); // median of 300, 600, 900, 1800
    const ltc = data.settlement.networks.find((n) => n.id === 'litecoin');
    expect(ltc).toMatchObject({ medianSeconds: 600, payments: 3, confirmationsMin: 6, confirmationsMax: 6 });
    expect(data.settlement.networks.find((n) => n.id === 'bitcoin')).toMatchObject({
      medianSeconds: 1800,
      payments: 1,
    });
    // A window that ends before they were confirmed measures nothing.
    const earlier = await getPublicOverview({
      db: ctx.db,
      now: new Date(now.getTime() - 2 * 3600_000),
      settlementMaxAgeMs: 0,
    });
    expect(earlier.settlement.medianSeconds).toBeNull();
  });
});

describe('admin fee structures', () => {
  it('lists them to admins and refuses others', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/fees',
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((f: { type: string }) => f.type)).toEqual([
      'platform',
      'withdrawal',
      'processing',
    ]);
    expect((await putFee('platform', { percentage: '2' }, null)).statusCode).toBe(401);
    const merchant = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: merchant.id });
    expect((await putFee('platform', { percentage: '2' }, cookie)).statusCode).toBe(403);
    expect((await overview()).feePercent).toBe('1');
  });

  it('refuses bad values with the catalogue messages, never a 500', async () => {
    for (const [payload, message] of [
      [{ percentage: '101' }, T.feePercentageRange],
      [{ percentage: '-1' }, T.feePercentageRange],
      [{ percentage: 'abc' }, T.feePercentageRange],
      [{ percentage: 5 }, T.feePercentageRange],
      [{ minimumFee: '1e5' }, T.feeAmountInvalid],
      [{ minimumFee: '10', maximumFee: '5' }, T.feeMaximumBelowMinimum],
    ] as const) {
      const res = await putFee('platform', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await putFee('nonsense', { percentage: '1' })).statusCode).toBe(400);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'fee_structure.updated')
      .execute();
    expect(audit.length).toBe(2);
  });
});
