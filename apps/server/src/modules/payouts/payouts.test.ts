import { CONVERSION_CURRENCIES, PAYOUT_RULE_CURRENCIES } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TSwapRoute } from '#app/db/schema.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { insertPayoutWallet, randomEvmAddress } from '#app/test/payout-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { completePayout, failPayout, openPayout } from './record-payout.ts';
import { rethrowRuleRace } from './rule-conflict.ts';
import type { SwapRouteFinder, SwapRouteQuery } from './swap-route-finder.ts';

// Token contracts of the configured (regtest, never contacted) Ethereum chain.
const USDT = '0x1111111111111111111111111111111111111111';
const USDC = '0x2222222222222222222222222222222222222222';
const DAI = '0x3333333333333333333333333333333333333333';
const WETH = '0x4444444444444444444444444444444444444444';

/**
 * A test double of the on-chain route finder (which reads a Uniswap V3 factory's pools): the networks with a
 * factory and the routes are what the test says; it records what it was asked; `failing` makes it throw as an
 * unreachable node would.
 */
class TestDoubleSwapRoutes implements SwapRouteFinder {
  factories = new Set<string>(['ethereum']);
  routes = new Map<string, TSwapRoute>([
    [`ethereum:native:${USDT}`, { tokens: [WETH, USDT], fees: [500] }],
    [`ethereum:${USDC}:${USDT}`, { tokens: [USDC, USDT], fees: [100] }],
  ]);
  asked: SwapRouteQuery[] = [];
  failing = false;
  hasSwapFactory(network: string) {
    return this.factories.has(network);
  }
  async findRoute(q: SwapRouteQuery) {
    this.asked.push(q);
    if (this.failing) throw new Error('connect ECONNREFUSED');
    return this.routes.get(`${q.network}:${q.tokenIn ?? 'native'}:${q.tokenOut}`) ?? null;
  }
}

const chain = (network: string, tokens: Record<string, string>): ChainConfig =>
  ({
    family: 'evm',
    network,
    rpcUrl: 'http://127.0.0.1:9',
    mode: 'regtest',
    chainId: null,
    tokens,
    factory: null,
    gasKey: null,
  }) as ChainConfig;

let ctx: TestContext;
const finder = new TestDoubleSwapRoutes();
let alice: Merchant;
let bob: Merchant;

beforeAll(async () => {
  ctx = await createTestContext(
    {
      configuredChains: [
        chain('ethereum', { USDT, USDC, DAI }),
        chain('polygon', { USDT: '0x5555555555555555555555555555555555555555' }),
        {
          family: 'utxo',
          network: 'litecoin',
          rpcUrl: 'http://u:p@127.0.0.1:9',
          mode: 'regtest',
        } as ChainConfig,
      ],
    },
    { swapRouteFinder: finder },
  );
  alice = await createMerchant(ctx);
  bob = await createMerchant(ctx);
});
afterAll(() => ctx.close());
beforeEach(() => {
  finder.failing = false;
  finder.asked = [];
});

const wallet = (
  m: Merchant,
  opts: Omit<Parameters<typeof insertPayoutWallet>[0], 'db' | 'secretKey' | 'userId'> = {},
) => insertPayoutWallet({ db: ctx.db, secretKey: ctx.config.appSecretKey, userId: m.id, ...opts });

const call = (m: Merchant | null, o: InjectOptions) =>
  m ? m.call(o) : ctx.app.inject({ ...o, url: o.url as string });
const addRule = (m: Merchant, payload: Record<string, unknown>) =>
  m.call({ method: 'POST', url: '/api/v1/payouts/rules', payload });
const rulesOf = async (m: Merchant) =>
  (await m.call({ method: 'GET', url: '/api/v1/payouts/rules' })).json().data.rules as Array<{
    id: string;
    enabled: boolean;
    fromCurrency: string;
  }>;
const ruleCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('payout_rules')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const errorOf = (res: {
  json: () => { error: { message: string; code: string; fields?: Record<string, string> } };
}) => res.json().error;

describe('who may call', () => {
  it('needs a session for settings and rules; an API key may read history and summary', async () => {
    const key = await createKeyFor({ app: ctx.app, userId: alice.id, permissions: ['read'] });
    const writeOnly = await createKeyFor({ app: ctx.app, userId: alice.id, permissions: ['write'] });
    const sessionOnly: InjectOptions[] = [
      { method: 'GET', url: '/api/v1/payouts/settings' },
      { method: 'PUT', url: '/api/v1/payouts/settings', payload: { autoConversionEnabled: true } },
      { method: 'GET', url: '/api/v1/payouts/rules' },
      { method: 'POST', url: '/api/v1/payouts/rules', payload: {} },
      { method: 'PUT', url: '/api/v1/payouts/rules/prl_x', payload: { enabled: false } },
      { method: 'DELETE', url: '/api/v1/payouts/rules/prl_x' },
    ];
    for (const o of sessionOnly) {
      expect((await ctx.app.inject(o)).statusCode, `${o.method} ${o.url} anonymous`).toBe(401);
      const res = await ctx.app.inject({ ...o, headers: bearer(key.key) });
      expect(res.statusCode, `${o.method} ${o.url} key`).toBe(403);
      expect(errorOf(res).message).toBe(T.apiKeySessionOnly);
    }
    for (const url of ['/api/v1/payouts/history', '/api/v1/payouts/summary']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(key.key) })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(writeOnly.key) })).statusCode).toBe(
        403,
      );
    }
  });
});

describe('Auto Conversion settings', () => {
  it('start off, in USDT, with a 1 % maximum slippage', async () => {
    const m = await createMerchant(ctx);
    const res = await m.call({ method: 'GET', url: '/api/v1/payouts/settings' });
    expect(res.json()).toEqual({
      success: true,
      data: { autoConversionEnabled: false, conversionCurrency: 'USDT', maxSlippageBps: 100 },
      error: null,
    });
  });

  it('change any of the three, with an audit row, and the settings page sees the same switch', async () => {
    const m = await createMerchant(ctx);
    const res = await m.call({
      method: 'PUT',
      url: '/api/v1/payouts/settings',
      payload: { autoConversionEnabled: true, conversionCurrency: 'EURC' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      autoConversionEnabled: true,
      conversionCurrency: 'EURC',
      maxSlippageBps: 100,
    });
    const res2 = await m.call({
      method: 'PUT',
      url: '/api/v1/payouts/settings',
      payload: { maxSlippageBps: 250 },
    });
    expect(res2.json().data).toEqual({
      autoConversionEnabled: true,
      conversionCurrency: 'EURC',
      maxSlippageBps: 250,
    });
    const settings = (await m.call({ method: 'GET', url: '/api/v1/settings' })).json().data;
    expect(settings).toMatchObject({ autoConversionEnabled: true, conversionCurrency: 'EURC' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'actor_id'])
      .where('entity_id', '=', m.id)
      .where('action', '=', 'payout_settings.updated')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      actor_id: m.id,
      before: { maxSlippageBps: 100 },
      after: { maxSlippageBps: 250 },
    });
  });

  it('refuse a slippage outside 0.1 % to 5 % and a currency that is not one of the ten, changing nothing', async () => {
    const m = await createMerchant(ctx);
    for (const maxSlippageBps of [9, 501, 1.5, '100', -100]) {
      const res = await m.call({
        method: 'PUT',
        url: '/api/v1/payouts/settings',
        payload: { maxSlippageBps },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(T.payoutSlippageInvalid('0.1', '5'));
      expect(errorOf(res).fields).toEqual({ maxSlippageBps: T.payoutSlippageInvalid('0.1', '5') });
    }
    const res = await m.call({
      method: 'PUT',
      url: '/api/v1/payouts/settings',
      payload: { autoConversionEnabled: true, conversionCurrency: 'BTC' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(T.payoutToCurrencyInvalid(CONVERSION_CURRENCIES));
    const extra = await m.call({
      method: 'PUT',
      url: '/api/v1/payouts/settings',
      payload: { theme: 'light' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await m.call({ method: 'GET', url: '/api/v1/payouts/settings' })).json().data).toEqual({
      autoConversionEnabled: false,
      conversionCurrency: 'USDT',
      maxSlippageBps: 100,
    });
  });
});

describe('adding a rule', () => {
  it('BTC -> USDT (the form defaults): enabled, converted by an exchange, a wallet on any network', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'polygon', label: 'Treasury' });
    const res = await addRule(m, {
      fromCurrency: 'BTC',
      toCurrency: 'USDT',
      walletId: w.id,
      minAmount: '0.01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rule = res.json().data;
    expect(rule).toMatchObject({
      fromCurrency: 'BTC',
      fromNetwork: 'bitcoin',
      toCurrency: 'USDT',
      walletId: w.id,
      wallet: { label: 'Treasury', currency: 'USDT', network: 'polygon', address: w.address },
      minAmount: '0.01',
      enabled: true,
      conversion: 'shift',
      swapRoute: null,
    });
    expect(rule.id).toMatch(/^prl_/);
    expect(finder.asked).toEqual([]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('entity_id', '=', rule.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payout_rule.created',
        actor_id: m.id,
        after: expect.objectContaining({ minAmount: '0.01' }),
      }),
    ]);
  });

  it('ETH -> USDT on Ethereum: a swap, with the route the finder gave for the native coin', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const res = await addRule(m, {
      fromCurrency: 'ETH',
      fromNetwork: 'ethereum',
      toCurrency: 'USDT',
      walletId: w.id,
      minAmount: '0.05',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      fromNetwork: 'ethereum',
      conversion: 'swap',
      swapRoute: { tokens: [WETH, USDT], fees: [500] },
    });
    expect(finder.asked).toEqual([{ network: 'ethereum', tokenIn: null, tokenOut: USDT }]);
    const row = await ctx.db
      .selectFrom('payout_rules')
      .select('swap_route')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.swap_route).toEqual({ tokens: [WETH, USDT], fees: [500] });
  });

  it('USDC -> USDT on Ethereum asks for the token contracts; the bsc alias names BNB Smart Chain', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const res = await addRule(m, {
      fromCurrency: 'USDC',
      fromNetwork: 'ethereum',
      toCurrency: 'USDT',
      walletId: w.id,
      minAmount: '10',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(finder.asked).toEqual([{ network: 'ethereum', tokenIn: USDC, tokenOut: USDT }]);
    const bsc = await addRule(m, {
      fromCurrency: 'BNB',
      fromNetwork: 'bsc',
      toCurrency: 'USDT',
      walletId: w.id,
      minAmount: '1',
    });
    // the network is read as binance-smart-chain (no node configured here)
    expect(errorOf(bsc).message).toBe(T.payoutWalletOtherNetwork('USDT', 'BNB Smart Chain'));
  });

  describe('refusals, each with its message and field, nothing stored', () => {
    let m: Merchant;
    const w: Record<string, { id: string }> = {};
    beforeAll(async () => {
      m = await createMerchant(ctx);
      w.usdtEth = await wallet(m, { currency: 'USDT', network: 'ethereum' });
      w.usdtPolygon = await wallet(m, { currency: 'USDT', network: 'polygon' });
      w.usdcEth = await wallet(m, { currency: 'USDC', network: 'ethereum' });
      w.daiEth = await wallet(m, { currency: 'DAI', network: 'ethereum' });
      w.unverified = await wallet(m, { currency: 'USDT', network: 'ethereum', verified: false });
      w.xpub = await wallet(m, { currency: 'USDT', network: 'ethereum', kind: 'xpub' });
      w.deleted = await wallet(m, { currency: 'USDT', network: 'ethereum', deleted: true });
      w.bobs = await wallet(bob, { currency: 'USDT', network: 'ethereum' });
      w.arbitrum = await wallet(m, { currency: 'USDT', network: 'arbitrum' });
    });

    const cases: Array<{
      name: string;
      body: () => Record<string, unknown>;
      status: number;
      message: string;
      field?: string;
      before?: () => void;
    }> = [
      {
        name: 'From and To the same',
        body: () => ({
          fromCurrency: 'USDT',
          fromNetwork: 'ethereum',
          toCurrency: 'USDT',
          walletId: w.usdtEth!.id,
          minAmount: '1',
        }),
        status: 400,
        message: T.payoutSameCurrency,
        field: 'toCurrency',
      },
      {
        name: 'From not one of the 21',
        body: () => ({ fromCurrency: 'XRP', toCurrency: 'USDT', walletId: w.usdtEth!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutFromCurrencyInvalid(PAYOUT_RULE_CURRENCIES),
        field: 'fromCurrency',
      },
      {
        name: 'To not one of the 10 stablecoins',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'ETH', walletId: w.usdtEth!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutToCurrencyInvalid(CONVERSION_CURRENCIES),
        field: 'toCurrency',
      },
      {
        name: 'a stablecoin Coinlane knows no network of (FDUSD)',
        body: () => ({ fromCurrency: 'FDUSD', toCurrency: 'USDT', walletId: w.usdtEth!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutFromNotReceivable('FDUSD'),
        field: 'fromCurrency',
      },
      {
        name: 'a coin of a network with no chain family (SOL)',
        body: () => ({ fromCurrency: 'SOL', toCurrency: 'USDT', walletId: w.usdtEth!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutFromNetworkNotReceivable('SOL', 'Solana'),
        field: 'fromNetwork',
      },
      {
        name: 'ADA (Cardano)',
        body: () => ({ fromCurrency: 'ADA', toCurrency: 'USDT', walletId: w.usdtEth!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutFromNetworkNotReceivable('ADA', 'Cardano'),
        field: 'fromNetwork',
      },
      {
        name: 'USDT on Tron (received, but no converter serves Tron)',
        body: () => ({
          fromCurrency: 'USDT',
          fromNetwork: 'tron',
          toCurrency: 'USDC',
          walletId: w.usdcEth!.id,
          minAmount: '1',
        }),
        status: 400,
        message: T.payoutFromNetworkNotConverted('USDT', 'Tron'),
        field: 'fromNetwork',
      },
      {
        name: 'a currency of several networks without one',
        body: () => ({ fromCurrency: 'USDT', toCurrency: 'USDC', walletId: w.usdcEth!.id, minAmount: '1' }),
        status: 400,
        message: T.selectNetwork('USDT'),
        field: 'fromNetwork',
      },
      {
        name: 'a network the currency is not on',
        body: () => ({
          fromCurrency: 'ETH',
          fromNetwork: 'bitcoin',
          toCurrency: 'USDT',
          walletId: w.usdtEth!.id,
          minAmount: '1',
        }),
        status: 400,
        message: T.networkUnsupported('ETH', 'bitcoin'),
        field: 'fromNetwork',
      },
      {
        name: 'an unknown wallet',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: 'wal_unknown', minAmount: '1' }),
        status: 400,
        message: T.payoutWalletNotFound,
        field: 'walletId',
      },
      {
        name: "another merchant's wallet",
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.bobs!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutWalletNotFound,
        field: 'walletId',
      },
      {
        name: 'a deleted wallet',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.deleted!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutWalletNotFound,
        field: 'walletId',
      },
      {
        name: 'a wallet not whitelisted',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.unverified!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutWalletNotVerified,
        field: 'walletId',
      },
      {
        name: 'a wallet of another currency',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.usdcEth!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutWalletCurrency('USDC', 'USDT'),
        field: 'walletId',
      },
      {
        name: 'an extended key wallet',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.xpub!.id, minAmount: '1' }),
        status: 400,
        message: T.payoutWalletIsKey,
        field: 'walletId',
      },
      {
        name: 'a swap paying a wallet on another network',
        body: () => ({
          fromCurrency: 'ETH',
          fromNetwork: 'ethereum',
          toCurrency: 'USDT',
          walletId: w.usdtPolygon!.id,
          minAmount: '1',
        }),
        status: 400,
        message: T.payoutWalletOtherNetwork('USDT', 'Ethereum'),
        field: 'walletId',
      },
      {
        name: 'an EVM network without a node',
        body: () => ({
          fromCurrency: 'ETH',
          fromNetwork: 'arbitrum',
          toCurrency: 'USDT',
          walletId: w.arbitrum!.id,
          minAmount: '1',
        }),
        status: 422,
        message: T.payoutNoNode('Arbitrum One'),
        field: 'fromNetwork',
      },
      {
        name: 'an EVM network without a swap factory',
        body: () => ({
          fromCurrency: 'MATIC',
          toCurrency: 'USDT',
          walletId: w.usdtPolygon!.id,
          minAmount: '1',
        }),
        status: 422,
        message: T.payoutNoSwapFactory('Polygon'),
        field: 'fromNetwork',
      },
      {
        name: 'a From token without a contract on the chain',
        body: () => ({ fromCurrency: 'LINK', toCurrency: 'USDT', walletId: w.usdtEth!.id, minAmount: '1' }),
        status: 422,
        message: T.payoutTokenMissing('LINK', 'Ethereum'),
        field: 'fromCurrency',
      },
      {
        name: 'no Uniswap V3 route',
        body: () => ({
          fromCurrency: 'ETH',
          fromNetwork: 'ethereum',
          toCurrency: 'DAI',
          walletId: w.daiEth!.id,
          minAmount: '1',
        }),
        status: 400,
        message: T.payoutNoRoute('ETH', 'DAI', 'Ethereum'),
        field: 'toCurrency',
      },
      {
        name: 'the node cannot be asked for the route',
        body: () => ({
          fromCurrency: 'ETH',
          fromNetwork: 'ethereum',
          toCurrency: 'USDT',
          walletId: w.usdtEth!.id,
          minAmount: '1',
        }),
        before: () => {
          finder.failing = true;
        },
        status: 503,
        message: T.payoutRouteCheckFailed('Ethereum'),
      },
      {
        name: 'a minimum with more than 8 decimals',
        body: () => ({
          fromCurrency: 'BTC',
          toCurrency: 'USDT',
          walletId: w.usdtEth!.id,
          minAmount: '0.000000001',
        }),
        status: 400,
        message: T.payoutMinAmountDecimals(8),
        field: 'minAmount',
      },
      {
        name: 'a negative minimum',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.usdtEth!.id, minAmount: '-1' }),
        status: 400,
        message: T.payoutMinAmountInvalid,
        field: 'minAmount',
      },
      {
        name: 'a minimum sent as a JSON number',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.usdtEth!.id, minAmount: 0.01 }),
        status: 400,
        message: T.payoutMinAmountInvalid,
        field: 'minAmount',
      },
      {
        name: 'no minimum',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.usdtEth!.id }),
        status: 400,
        message: T.payoutMinAmountRequired,
        field: 'minAmount',
      },
      {
        name: 'no wallet',
        body: () => ({ fromCurrency: 'BTC', toCurrency: 'USDT', minAmount: '1' }),
        status: 400,
        message: T.payoutWalletRequired,
        field: 'walletId',
      },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        c.before?.();
        const before = await ruleCount();
        const res = await addRule(m, c.body());
        expect(res.statusCode, res.body).toBe(c.status);
        expect(errorOf(res).message).toBe(c.message);
        if (c.field) expect(errorOf(res).fields).toEqual({ [c.field]: c.message });
        expect(await ruleCount()).toBe(before);
      });
    }
  });

  it('at most one enabled rule per currency and network: 409 naming the existing rule', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const first = (
      await addRule(m, { fromCurrency: 'LTC', toCurrency: 'USDT', walletId: w.id, minAmount: '1' })
    ).json().data;
    const before = await ruleCount();
    const res = await addRule(m, { fromCurrency: 'LTC', toCurrency: 'USDT', walletId: w.id, minAmount: '2' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      message: T.payoutRuleExists('LTC', 'Litecoin', 'USDT', first.id),
    });
    expect(await ruleCount()).toBe(before);
    // another merchant's enabled LTC rule is no obstacle
    const other = await createMerchant(ctx);
    const ow = await wallet(other, { currency: 'USDT', network: 'ethereum' });
    expect(
      (await addRule(other, { fromCurrency: 'LTC', toCurrency: 'USDT', walletId: ow.id, minAmount: '1' }))
        .statusCode,
    ).toBe(200);
    // nor is a disabled one of the same merchant
    await m.call({ method: 'PUT', url: `/api/v1/payouts/rules/${first.id}`, payload: { enabled: false } });
    expect(
      (await addRule(m, { fromCurrency: 'LTC', toCurrency: 'USDT', walletId: w.id, minAmount: '2' }))
        .statusCode,
    ).toBe(200);
  });

  it('two requests at once: one rule, the other gets the 409 naming it', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const body = { fromCurrency: 'DOGE', toCurrency: 'USDT', walletId: w.id, minAmount: '100' };
    const replies = await Promise.all([addRule(m, body), addRule(m, body), addRule(m, body)]);
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = replies.find((r) => r.statusCode === 200)!.json().data;
    for (const r of replies.filter((x) => x.statusCode === 409)) {
      expect(errorOf(r).message).toBe(T.payoutRuleExists('DOGE', 'Dogecoin', 'USDT', winner.id));
    }
  });

  it('a lost race on the unique index becomes the same 409', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const rule = (
      await addRule(m, { fromCurrency: 'BCH', toCurrency: 'USDT', walletId: w.id, minAmount: '1' })
    ).json().data;
    const now = new Date();
    const err = await ctx.db
      .insertInto('payout_rules')
      .values({
        id: 'prl_racer',
        user_id: m.id,
        from_currency: 'BCH',
        from_network: 'bitcoin-cash',
        to_currency: 'USDT',
        wallet_id: w.id,
        min_amount: '1',
        created_at: now,
        updated_at: now,
      })
      .execute()
      .catch((e: unknown) => e);
    const key = { userId: m.id, fromCurrency: 'BCH', fromNetwork: 'bitcoin-cash' };
    await expect(rethrowRuleRace(ctx.db, err, key)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: T.payoutRuleExists('BCH', 'Bitcoin Cash', 'USDT', rule.id),
    });
    await expect(rethrowRuleRace(ctx.db, new Error('other'), key)).rejects.toThrow('other');
  });
});

describe('listing, changing and deleting rules', () => {
  it("lists the merchant's rules newest first, never another merchant's", async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const a = (
      await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '0.01' })
    ).json().data;
    const b = (
      await addRule(m, { fromCurrency: 'LTC', toCurrency: 'USDT', walletId: w.id, minAmount: '1' })
    ).json().data;
    const bw = await wallet(bob, { currency: 'USDT', network: 'ethereum' });
    await addRule(bob, { fromCurrency: 'DOGE', toCurrency: 'USDT', walletId: bw.id, minAmount: '5' });
    expect((await rulesOf(m)).map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await rulesOf(bob)).map((r) => r.fromCurrency)).not.toContain('BTC');
  });

  it('toggles Active/Disabled and changes the minimum, with audit rows', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const rule = (
      await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '0.01' })
    ).json().data;
    const put = (payload: unknown) =>
      m.call({
        method: 'PUT',
        url: `/api/v1/payouts/rules/${rule.id}`,
        payload: payload as Record<string, unknown>,
      });
    const off = await put({ enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: rule.id, enabled: false, minAmount: '0.01' });
    const on = await put({ enabled: true, minAmount: '0.5' });
    expect(on.json().data).toMatchObject({ enabled: true, minAmount: '0.5' });
    const empty = await put({});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(T.payoutRuleUpdateEmpty);
    const bad = await put({ minAmount: '1.123456789' });
    expect(errorOf(bad).message).toBe(T.payoutMinAmountDecimals(8));
    const other = await put({ toCurrency: 'USDC' });
    expect(other.statusCode).toBe(400);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', rule.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'payout_rule.created',
      'payout_rule.updated',
      'payout_rule.updated',
    ]);
    expect(audit[2]).toMatchObject({
      before: { enabled: false, minAmount: '0.01' },
      after: { enabled: true, minAmount: '0.5' },
    });
  });

  it('enabling a second rule of the same coin and network is refused, naming the enabled one', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const a = (
      await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '0.01' })
    ).json().data;
    await m.call({ method: 'PUT', url: `/api/v1/payouts/rules/${a.id}`, payload: { enabled: false } });
    const b = (
      await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '1' })
    ).json().data;
    const res = await m.call({
      method: 'PUT',
      url: `/api/v1/payouts/rules/${a.id}`,
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(T.payoutRuleExists('BTC', 'Bitcoin', 'USDT', b.id));
    expect((await rulesOf(m)).find((r) => r.id === a.id)?.enabled).toBe(false);
  });

  it("another merchant's rule, an unknown and a deleted one are 404 and stay as they were", async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const rule = (
      await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '0.01' })
    ).json().data;
    for (const o of [
      { method: 'PUT' as const, payload: { enabled: false } },
      { method: 'DELETE' as const },
    ]) {
      const res = await bob.call({ ...o, url: `/api/v1/payouts/rules/${rule.id}` });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(T.payoutRuleNotFound);
      expect((await m.call({ ...o, url: '/api/v1/payouts/rules/prl_unknown' })).statusCode).toBe(404);
    }
    expect((await rulesOf(m))[0]).toMatchObject({ id: rule.id, enabled: true });
    const del = await m.call({ method: 'DELETE', url: `/api/v1/payouts/rules/${rule.id}` });
    expect(del.json().data).toEqual({ id: rule.id, deleted: true });
    expect(await rulesOf(m)).toEqual([]);
    expect((await m.call({ method: 'DELETE', url: `/api/v1/payouts/rules/${rule.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await m.call({ method: 'PUT', url: `/api/v1/payouts/rules/${rule.id}`, payload: { enabled: true } }))
        .statusCode,
    ).toBe(404);
  });

  it('deleting keeps the row (payments name it), disabled, with an audit row', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const rule = (
      await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '0.01' })
    ).json().data;
    await m.call({ method: 'DELETE', url: `/api/v1/payouts/rules/${rule.id}` });
    const row = await ctx.db
      .selectFrom('payout_rules')
      .selectAll()
      .where('id', '=', rule.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.enabled).toBe(false);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', rule.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['payout_rule.created', 'payout_rule.deleted']);
    // a new BTC rule may be added at once
    expect(
      (await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '1' }))
        .statusCode,
    ).toBe(200);
  });

  it('a wallet an enabled rule pays cannot be deleted; once the rule is disabled it can, and the rule cannot be enabled again', async () => {
    const m = await createMerchant(ctx);
    const w = await wallet(m, { currency: 'USDT', network: 'ethereum' });
    const rule = (
      await addRule(m, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '0.01' })
    ).json().data;
    const refused = await m.call({ method: 'DELETE', url: `/api/v1/wallets/${w.id}` });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'INVALID_STATE', message: T.payoutWalletUsedByRule(1) });
    await m.call({ method: 'PUT', url: `/api/v1/payouts/rules/${rule.id}`, payload: { enabled: false } });
    expect((await m.call({ method: 'DELETE', url: `/api/v1/wallets/${w.id}` })).statusCode).toBe(200);
    const res = await m.call({
      method: 'PUT',
      url: `/api/v1/payouts/rules/${rule.id}`,
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(T.payoutRuleWalletGone);
    // the list still shows the rule with its (deleted) wallet's label
    expect((await rulesOf(m))[0]).toMatchObject({ id: rule.id, enabled: false });
  });
});

describe('history and summary', () => {
  let carol: Merchant;
  const ids: string[] = [];

  beforeAll(async () => {
    carol = await createMerchant(ctx);
    await ctx.db
      .updateTable('user_settings')
      .set({ conversion_currency: 'USDC' })
      .where('user_id', '=', carol.id)
      .execute();
    const open = (kind: 'flush' | 'swap' | 'shift', payoutCurrency: string, userId = carol.id) =>
      openPayout(ctx.db, {
        userId,
        paymentId: null,
        ruleId: null,
        kind,
        network: 'ethereum',
        originalAmount: '0.123456789012345678',
        originalCurrency: 'ETH',
        payoutCurrency,
        walletAddress: randomEvmAddress(),
      });
    const done = (payoutId: string, convertedAmount: string) =>
      completePayout(ctx.db, {
        payoutId,
        convertedAmount,
        exchangeRate: '3000',
        fee: '0.0001',
        feeCurrency: 'ETH',
        feeDetails: {},
        txHash: `0x${payoutId}`,
      });
    // oldest first: a completed swap to USDT, a completed shift to USDT, a swap to USDC, a plain flush (not a
    // conversion), a failed swap, a skipped swap, two pending ones
    ids.push(await open('swap', 'USDT'));
    await done(ids[0]!, '812.123456');
    ids.push(await open('shift', 'USDT'));
    await done(ids[1]!, '0.000001');
    ids.push(await open('swap', 'USDC'));
    await done(ids[2]!, '5.5');
    ids.push(await open('flush', 'ETH'));
    await done(ids[3]!, '0.123456789012345678');
    ids.push(await open('swap', 'USDT'));
    await failPayout(ctx.db, { payoutId: ids[4]!, reason: 'The exchange refunded the deposit' });
    // a swap the contract skipped (price outside the bound): completed in the coin paid, not a conversion
    ids.push(await open('swap', 'ETH'));
    await done(ids[5]!, '0.123456789012345678');
    ids.push(await open('swap', 'USDT'));
    ids.push(await open('shift', 'USDT'));
    // another merchant's entries
    await open('swap', 'USDT', bob.id);
    const w = await wallet(carol, { currency: 'USDT', network: 'ethereum' });
    await addRule(carol, { fromCurrency: 'BTC', toCurrency: 'USDT', walletId: w.id, minAmount: '0.01' });
    const off = (
      await addRule(carol, { fromCurrency: 'LTC', toCurrency: 'USDT', walletId: w.id, minAmount: '1' })
    ).json().data;
    await carol.call({ method: 'PUT', url: `/api/v1/payouts/rules/${off.id}`, payload: { enabled: false } });
  });

  const history = async (m: Merchant, query = '') => {
    const res = await m.call({ method: 'GET', url: `/api/v1/payouts/history${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      items: Array<{ id: string; status: string; convertedAmount: string | null }>;
      nextCursor: string | null;
    };
  };

  it("lists the merchant's entries newest first, exact, and no one else's", async () => {
    const page = await history(carol);
    expect(page.items.map((e) => e.id)).toEqual([...ids].reverse());
    expect(page.nextCursor).toBeNull();
    expect(page.items.find((e) => e.id === ids[0])).toMatchObject({
      kind: 'swap',
      status: 'completed',
      originalAmount: '0.123456789012345678',
      convertedAmount: '812.123456',
      exchangeRate: '3000',
      fee: '0.0001',
      feeCurrency: 'ETH',
      txHash: `0x${ids[0]}`,
    });
    expect(page.items.find((e) => e.id === ids[4])).toMatchObject({
      status: 'failed',
      failureReason: 'The exchange refunded the deposit',
      convertedAmount: null,
    });
    const bobs = await history(bob);
    expect(bobs.items.some((e) => ids.includes(e.id))).toBe(false);
  });

  it('filters by status and pages with the cursor', async () => {
    expect((await history(carol, '?status=pending')).items.map((e) => e.id)).toEqual([ids[7], ids[6]]);
    expect((await history(carol, '?status=failed')).items.map((e) => e.id)).toEqual([ids[4]]);
    expect((await history(carol, '?status=')).items).toHaveLength(8);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await history(carol, `?limit=3${cursor ? `&before=${cursor}` : ''}`);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    // a cursor of another merchant's entry, or none at all, gives an empty page (never their data)
    const bobsFirst = (await history(bob)).items[0]!.id;
    expect((await history(carol, `?before=${bobsFirst}`)).items).toEqual([]);
    expect((await history(carol, '?before=pyo_unknown')).items).toEqual([]);
    expect((await carol.call({ method: 'GET', url: '/api/v1/payouts/history?status=done' })).statusCode).toBe(
      400,
    );
    expect((await carol.call({ method: 'GET', url: '/api/v1/payouts/history?limit=0' })).statusCode).toBe(
      400,
    );
  });

  it('sums completed conversions exactly per payout currency, the conversion currency first', async () => {
    const res = await carol.call({ method: 'GET', url: '/api/v1/payouts/summary' });
    expect(res.json().data).toEqual({
      totalConverted: [
        { currency: 'USDC', amount: '5.5' },
        { currency: 'USDT', amount: '812.123457' },
      ],
      conversionCurrency: 'USDC',
      activeRules: 1,
      pendingPayouts: 2,
    });
  });

  it('shows the conversion currency at 0 before anything was converted', async () => {
    const m = await createMerchant(ctx);
    expect((await m.call({ method: 'GET', url: '/api/v1/payouts/summary' })).json().data).toEqual({
      totalConverted: [{ currency: 'USDT', amount: '0' }],
      conversionCurrency: 'USDT',
      activeRules: 0,
      pendingPayouts: 0,
    });
  });

  it('answers an API key with the read permission with its own merchant’s history', async () => {
    const key = await createKeyFor({ app: ctx.app, userId: carol.id, permissions: ['read'] });
    const res = await call(null, { method: 'GET', url: '/api/v1/payouts/history', headers: bearer(key.key) });
    expect(res.json().data.items.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
  });
});
