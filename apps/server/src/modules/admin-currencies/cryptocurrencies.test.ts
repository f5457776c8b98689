import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * Cryptocurrency management through the HTTP API (admin spec 5, 7, 8; decision 020): every route, every validation
 * message of the spec, the per-network key, the contract rule per chain family, enable/disable and its effects on
 * what merchants are offered, delete refused while payments or links use a row, and the limits payment creation
 * enforces.
 */
let ctx: TestContext;
let adminCookie: string;
let readerCookie: string;
let merchant: Merchant;
const BASE = '/api/v1/admin/cryptocurrencies';

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  adminCookie = await signIn({ app: ctx.app, userId: admin.id });
  // A role with settings.read but not settings.write does not exist in the spec; a super admin stripped of it
  // would be contrived, so the read-only rows are the permission matrix's (support_admin has neither).
  const support = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  readerCookie = await signIn({ app: ctx.app, userId: support.id });
  merchant = await createMerchant(ctx, { name: 'Coin Shop' });
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie = adminCookie,
) =>
  ctx.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const rowOf = (symbol: string, network: string) =>
  ctx.db
    .selectFrom('supported_cryptocurrencies')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('network', '=', network)
    .executeTakeFirst();
const auditOf = (id: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).orderBy('id').execute();
const countRows = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('supported_cryptocurrencies')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('guards', () => {
  it('refuses anonymous callers (401), merchants and admins without the permission (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const asMerchant = await call('GET', '', undefined, merchant.cookie);
    expect(asMerchant.statusCode).toBe(403);
    const asSupport = await call('POST', '', { symbol: 'ZZZ', name: 'Z', network: 'ethereum' }, readerCookie);
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json().error.message).toContain('settings.write');
    expect(await rowOf('ZZZ', 'ethereum')).toBeUndefined();
  });
});

describe('reads', () => {
  it('lists every row by symbol then network, with filters on enabled, network and a search', async () => {
    const all = (await call('GET', '')).json().data as {
      symbol: string;
      network: string;
      enabled: boolean;
    }[];
    expect(all.length).toBe(await countRows());
    const keys = all.map((c) => `${c.symbol}@${c.network}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(keys.slice(0, 2)).toEqual(['ADA@cardano', 'AVAX@avalanche']);

    const usdt = (await call('GET', '?search=tether')).json().data as { symbol: string; network: string }[];
    expect(new Set(usdt.map((c) => c.symbol))).toEqual(new Set(['USDT']));
    const onPolygon = (await call('GET', '?network=polygon')).json().data as { symbol: string }[];
    expect(onPolygon.map((c) => c.symbol)).toEqual(['DAI', 'MATIC', 'USDC', 'USDT']);
    const bsc = (await call('GET', '?network=BSC&search=us')).json().data as { symbol: string }[];
    expect(bsc.map((c) => c.symbol)).toEqual(['USDC', 'USDT']);
    // LIKE wildcards are searched as text
    expect((await call('GET', '?search=%25')).json().data).toEqual([]);
    expect((await call('GET', '?enabled=false')).json().data).toEqual([]);
    const bad = await call('GET', '?enabled=maybe');
    expect(bad.statusCode).toBe(400);
  });

  it('gets one row by id with its fields, and says when there is none', async () => {
    const btc = (await rowOf('BTC', 'bitcoin'))!;
    const res = await call('GET', `/${btc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: btc.id,
      symbol: 'BTC',
      name: 'Bitcoin',
      network: 'bitcoin',
      networkName: 'Bitcoin',
      family: 'utxo',
      decimals: 8,
      contractAddress: null,
      minAmount: '0.00000001',
      maxAmount: '1000000',
      feePercentage: null,
      requiredConfirmations: 1,
      enabled: true,
      live: false,
    });
    const missing = await call('GET', '/cur_missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: T.cryptoNotFound });
  });

  it('answers the stats and the networks', async () => {
    const total = await countRows();
    expect((await call('GET', '/stats')).json().data).toEqual({
      total,
      enabled: total,
      disabled: 0,
      networks: 13,
    });
    const networks = (await call('GET', '/networks')).json().data;
    expect(networks.used).toContain('dogecoin');
    expect(networks.used).not.toContain('polkadot');
    expect(networks.allowed).toContain('polkadot');
    expect(networks.allowed).toContain('other');
  });
});

describe('POST /admin/cryptocurrencies', () => {
  const valid = { symbol: 'wbtc', name: '  Wrapped Bitcoin ', network: 'Ethereum' };

  it.each([
    ['no symbol', { name: 'X', network: 'ethereum' }, 'symbol', T.cryptoSymbolRequired],
    ['a blank symbol', { ...valid, symbol: '   ' }, 'symbol', T.cryptoSymbolRequired],
    ['no name', { symbol: 'XYZ', network: 'ethereum' }, 'name', T.cryptoNameRequired],
    ['a blank name', { ...valid, name: ' ' }, 'name', T.cryptoNameRequired],
    ['no network', { symbol: 'XYZ', name: 'X' }, 'network', T.cryptoNetworkRequired],
    ['a blank network', { ...valid, network: '  ' }, 'network', T.cryptoNetworkRequired],
    ['a one-letter symbol', { ...valid, symbol: 'x' }, 'symbol', T.cryptoSymbolInvalid],
    ['an 11-character symbol', { ...valid, symbol: 'ABCDEFGHIJK' }, 'symbol', T.cryptoSymbolInvalid],
    ['a symbol with a dash', { ...valid, symbol: 'W-BTC' }, 'symbol', T.cryptoSymbolInvalid],
    ['a zero minimum', { ...valid, minAmount: '0' }, 'minAmount', T.cryptoMinAmountInvalid],
    ['a negative minimum', { ...valid, minAmount: '-1' }, 'minAmount', T.cryptoMinAmountInvalid],
    ['a minimum as a JSON number', { ...valid, minAmount: 0.1 }, 'minAmount', T.cryptoMinAmountInvalid],
    [
      'a maximum equal to the minimum',
      { ...valid, minAmount: '5', maxAmount: '5.000' },
      'maxAmount',
      T.cryptoMaxAmountInvalid,
    ],
    [
      'a maximum below the minimum',
      { ...valid, minAmount: '5', maxAmount: '1' },
      'maxAmount',
      T.cryptoMaxAmountInvalid,
    ],
    ['a fee above 100', { ...valid, feePercentage: '100.5' }, 'feePercentage', T.feePercentageRange],
    ['a negative fee', { ...valid, feePercentage: '-1' }, 'feePercentage', T.feePercentageRange],
    ['19 decimals', { ...valid, decimals: 19 }, 'decimals', T.cryptoDecimalsRange],
    ['negative decimals', { ...valid, decimals: -1 }, 'decimals', T.cryptoDecimalsRange],
    ['fractional decimals', { ...valid, decimals: 2.5 }, 'decimals', T.cryptoDecimalsRange],
    ['a short contract', { ...valid, contractAddress: '0x1234' }, 'contractAddress', T.cryptoContractInvalid],
    [
      'a contract with a bad EIP-55 checksum',
      { ...valid, contractAddress: '0x2260fAC5E5542a773Aa44fBCfeDf7C193bc2C599' },
      'contractAddress',
      T.cryptoContractInvalid,
    ],
    ['an icon that is no URL', { ...valid, iconUrl: 'not a url' }, 'iconUrl', T.cryptoIconUrlInvalid],
    ['a javascript: icon', { ...valid, iconUrl: 'javascript:alert(1)' }, 'iconUrl', T.cryptoIconUrlInvalid],
    [
      'a network outside the list',
      { ...valid, network: 'moonbeam' },
      'network',
      T.cryptoNetworkInvalid([
        'bitcoin',
        'ethereum',
        'binance-smart-chain',
        'polygon',
        'avalanche',
        'cardano',
        'solana',
        'polkadot',
        'litecoin',
        'bitcoin-cash',
        'tron',
        'arbitrum',
        'optimism',
        'dogecoin',
        'other',
      ]),
    ],
    [
      'a contract on a UTXO network',
      {
        symbol: 'XYZ',
        name: 'X',
        network: 'litecoin',
        contractAddress: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
      },
      'contractAddress',
      T.cryptoContractNotOnNetwork('Litecoin'),
    ],
    [
      'a 0x contract on Tron (Tron contracts are base58check T… addresses)',
      {
        symbol: 'XYZ',
        name: 'X',
        network: 'tron',
        contractAddress: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
      },
      'contractAddress',
      T.cryptoTronContractInvalid,
    ],
    [
      'a Tron contract with a mistyped character (its checksum fails)',
      { symbol: 'XYZ', name: 'X', network: 'tron', contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
      'contractAddress',
      T.cryptoTronContractInvalid,
    ],
    [
      'a Tron contract on an EVM network',
      { symbol: 'XYZ', name: 'X', network: 'polygon', contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      'contractAddress',
      T.cryptoContractInvalid,
    ],
    [
      'an existing (symbol, network)',
      { symbol: 'usdt', name: 'Tether', network: 'bsc' },
      'symbol',
      T.cryptoSymbolTaken,
    ],
  ])('refuses %s with its message and adds nothing', async (_label, payload, field, message) => {
    const before = await countRows();
    const res = await call('POST', '', payload);
    expect([400, 409]).toContain(res.statusCode);
    expect(res.json().error.fields?.[field], res.body).toBe(message);
    expect(await countRows()).toBe(before);
  });

  it('adds a row with the spec’s defaults, the symbol upper-cased, empty texts as null, and audits it', async () => {
    const res = await call('POST', '', { ...valid, contractAddress: '', iconUrl: '' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      symbol: 'WBTC',
      name: 'Wrapped Bitcoin',
      network: 'ethereum',
      family: 'evm',
      decimals: 8,
      contractAddress: null,
      iconUrl: null,
      minAmount: '0.00000001',
      maxAmount: '1000000',
      feePercentage: null,
      requiredConfirmations: 12,
      enabled: true,
    });
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['cryptocurrency.created']);
    expect(audit[0]!.after).toMatchObject({ symbol: 'WBTC', network: 'ethereum' });
  });

  it('adds the same symbol on another network (one row per symbol and network), storing a checksummed contract', async () => {
    const res = await call('POST', '', {
      symbol: 'WBTC',
      name: 'Wrapped Bitcoin',
      network: 'polygon',
      decimals: 8,
      contractAddress: '0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6',
      iconUrl: 'https://example.com/wbtc.png',
      minAmount: '0.0001',
      maxAmount: '50',
      feePercentage: '2.5',
      enabled: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      symbol: 'WBTC',
      network: 'polygon',
      contractAddress: '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6',
      iconUrl: 'https://example.com/wbtc.png',
      minAmount: '0.0001',
      maxAmount: '50',
      feePercentage: '2.5',
      enabled: false,
    });
    // the spec's catch-all network takes the spec's generic form, stored as given
    const other = await call('POST', '', {
      symbol: 'FOO',
      name: 'Foo',
      network: 'other',
      contractAddress: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.contractAddress).toBe('0xabcdefabcdefabcdefabcdefabcdefabcdefabcd');
  });
});

describe('PUT /admin/cryptocurrencies/{id}', () => {
  it('checks only the fields sent, against the stored ones where two fields meet', async () => {
    const ltc = (await rowOf('LTC', 'litecoin'))!;
    const put = (payload: unknown) => call('PUT', `/${ltc.id}`, payload);
    // the stored max is 1000000: a min above it is refused on the min field
    const tooHigh = await put({ minAmount: '2000000' });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().error.fields).toEqual({ minAmount: T.cryptoMaxAmountInvalid });
    const maxLow = await put({ maxAmount: '0.000000001' });
    expect(maxLow.json().error.fields).toEqual({ maxAmount: T.cryptoMaxAmountInvalid });
    expect((await put({ name: '' })).json().error.fields).toEqual({ name: T.cryptoNameRequired });
    expect((await put({ unknown: 1 })).statusCode).toBe(400);
    // a duplicate key against another row
    const dup = await put({ symbol: 'BTC', network: 'bitcoin' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ symbol: T.cryptoSymbolTaken });

    const ok = await put({ minAmount: '0.01', maxAmount: '250', feePercentage: '0.5' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ minAmount: '0.01', maxAmount: '250', feePercentage: '0.5' });
    const audit = (await auditOf(ltc.id)).at(-1)!;
    expect(audit.action).toBe('cryptocurrency.updated');
    expect(audit.before).toEqual({
      min_amount: '0.00000001',
      max_amount: '1000000',
      fee_percentage: null,
    });
    expect(audit.after).toEqual({
      min_amount: '0.01',
      max_amount: '250',
      fee_percentage: '0.5',
    });
    // the same values again change nothing and write no audit row
    const count = (await auditOf(ltc.id)).length;
    expect((await put({ minAmount: '0.010', feePercentage: '0.50' })).statusCode).toBe(200);
    expect((await auditOf(ltc.id)).length).toBe(count);
    // null fee: the platform fee applies again
    expect((await put({ feePercentage: null })).json().data.feePercentage).toBeNull();
    expect((await call('PUT', '/cur_missing', { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses a new contract on a network without token contracts, and checks a contract when the network changes', async () => {
    const foo = (await rowOf('FOO', 'other'))!;
    const res = await call('PUT', `/${foo.id}`, { network: 'litecoin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ contractAddress: T.cryptoContractNotOnNetwork('Litecoin') });
    expect((await rowOf('FOO', 'other'))!.network).toBe('other');
  });
});

describe('payments and links in a cryptocurrency', () => {
  it('refuses decimals and contract changes while a payment in it is open, and key changes while any uses it', async () => {
    const row = (await rowOf('DOGE', 'dogecoin'))!;
    const payment = await insertFixedAddressPayment({
      db: ctx.db,
      userId: merchant.id,
      currency: 'DOGE',
      network: 'dogecoin',
      amount: '10',
      allocation: { address: 'DOpenPaymentAddress1' },
    });
    const decimals = await call('PUT', `/${row.id}`, { decimals: 6 });
    expect(decimals.statusCode).toBe(409);
    expect(decimals.json().error).toMatchObject({ code: 'INVALID_STATE', message: T.cryptoOpenPayments(1) });
    const symbol = await call('PUT', `/${row.id}`, { symbol: 'DOGEX' });
    expect(symbol.statusCode).toBe(409);
    expect(symbol.json().error.message).toBe(T.cryptoKeyInUse);
    // the limits and the name may change meanwhile
    expect((await call('PUT', `/${row.id}`, { name: 'Dogecoin (DOGE)' })).statusCode).toBe(200);
    expect((await rowOf('DOGE', 'dogecoin'))!.decimals).toBe(8);

    // once the payment is no longer open, decimals may change (it keeps its own)
    await ctx.db.updateTable('payments').set({ status: 'expired' }).where('id', '=', payment.id).execute();
    const later = await call('PUT', `/${row.id}`, { decimals: 6 });
    expect(later.statusCode, later.body).toBe(200);
    const kept = await ctx.db
      .selectFrom('payments')
      .select('decimals')
      .where('id', '=', payment.id)
      .executeTakeFirst();
    expect(kept!.decimals).toBe(8);
    await call('PUT', `/${row.id}`, { decimals: 8 });
  });

  it('deletes an unused row (audited), and refuses one that payments or links use', async () => {
    const foo = (await rowOf('FOO', 'other'))!;
    const del = await call('DELETE', `/${foo.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ id: foo.id, deleted: true });
    expect(await rowOf('FOO', 'other')).toBeUndefined();
    expect((await auditOf(foo.id)).map((a) => a.action)).toContain('cryptocurrency.deleted');
    expect((await call('DELETE', `/${foo.id}`)).statusCode).toBe(404);

    const doge = (await rowOf('DOGE', 'dogecoin'))!;
    const inUse = await call('DELETE', `/${doge.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toMatchObject({ code: 'INVALID_STATE', message: T.cryptoInUse(1, 0) });

    const link = await merchant.call({
      method: 'POST',
      url: '/api/v1/payment-links',
      payload: { amount: '1', currency: 'BCH' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const bch = (await rowOf('BCH', 'bitcoin-cash'))!;
    const linked = await call('DELETE', `/${bch.id}`);
    expect(linked.statusCode).toBe(409);
    expect(linked.json().error.message).toBe(T.cryptoInUse(0, 1));
    expect(await rowOf('BCH', 'bitcoin-cash')).toBeDefined();
  });
});

describe('enable and disable', () => {
  const linkIn = (currency: string, network?: string) =>
    merchant.call({
      method: 'POST',
      url: '/api/v1/payment-links',
      payload: { amount: '1', currency, ...(network ? { network } : {}) },
    });

  it('toggles a row, and a disabled one is no longer offered, while a payment under way is credited', async () => {
    // a test payment under way in LTC before it is disabled
    const pay = await merchant.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.5', currency: 'LTC' },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const paymentId = pay.json().data.id as string;
    // a payment link in LTC made before it is disabled
    const earlier = await linkIn('LTC', 'litecoin');
    expect(earlier.statusCode).toBe(201);
    const earlierLink = earlier.json().data.id as string;

    const ltc = (await rowOf('LTC', 'litecoin'))!;
    const off = await call('POST', `/${ltc.id}/toggle`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    expect((await auditOf(ltc.id)).at(-1)!.action).toBe('cryptocurrency.disabled');

    const refused = await linkIn('LTC', 'litecoin');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(T.cryptoDisabled('LTC', 'Litecoin'));
    const apiRefused = await merchant.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.5', currency: 'LTC' },
    });
    expect(apiRefused.statusCode).toBe(400);
    // the earlier link's hosted page says beforehand that it takes no payment in LTC now, and starts none
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${earlierLink}` })).json()
      .data;
    expect(page.merchant).toMatchObject({
      acceptingPayments: false,
      unavailableReason: 'currency_unavailable',
    });
    expect(page.canStartPayment).toBe(false);
    const offered = (await ctx.app.inject({ method: 'GET', url: '/api/v1/currencies' })).json().data as {
      symbol: string;
    }[];
    expect(offered.map((c) => c.symbol)).not.toContain('LTC');
    const overview = (await ctx.app.inject({ method: 'GET', url: '/api/v1/public/overview' })).json().data;
    expect(overview.coins.map((c: { symbol: string }) => c.symbol)).not.toContain('LTC');
    expect(
      (await call('GET', '?enabled=false')).json().data.map((c: { symbol: string }) => c.symbol),
    ).toContain('LTC');

    // the payment under way is still credited
    const sim = await merchant.call({
      method: 'POST',
      url: `/api/v1/payments/${paymentId}/simulate`,
      payload: {},
    });
    expect(sim.statusCode, sim.body).toBe(200);
    const transfers = await ctx.db
      .selectFrom('transfers')
      .select('amount')
      .where('payment_id', '=', paymentId)
      .execute();
    expect(transfers.map((t) => t.amount)).toEqual(['50000000']);

    const on = await call('POST', `/${ltc.id}/toggle`);
    expect(on.json().data.enabled).toBe(true);
    expect((await linkIn('LTC', 'litecoin')).statusCode).toBe(201);
    const again = (await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${earlierLink}` })).json()
      .data;
    expect(again.merchant).toMatchObject({ acceptingPayments: true, unavailableReason: null });
  });

  it('enables or disables many rows at once, one audit row per row changed', async () => {
    const usdt = (await call('GET', '?search=USDT')).json().data as { id: string; network: string }[];
    const ids = usdt.map((c) => c.id);
    const res = await call('POST', '/bulk-enable', { ids: [...ids, 'cur_missing'], enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: ids.length });
    expect((await call('POST', '/bulk-enable', { ids, enabled: false })).json().data).toEqual({ updated: 0 });
    const refused = await linkIn('USDT', 'polygon');
    expect(refused.json().error.message).toBe(T.cryptoDisabled('USDT', 'Polygon'));
    expect((await call('GET', '/stats')).json().data).toMatchObject({ disabled: ids.length + 1 });
    expect((await call('POST', '/bulk-enable', { ids: [], enabled: true })).statusCode).toBe(400);
    expect((await call('POST', '/bulk-enable', { ids, enabled: true })).json().data).toEqual({
      updated: ids.length,
    });
  });
});

describe('limits and fee of a cryptocurrency', () => {
  it('payment creation enforces min and max in the coin, with the catalogue’s messages', async () => {
    const bch = (await rowOf('BCH', 'bitcoin-cash'))!;
    await call('PUT', `/${bch.id}`, { minAmount: '0.5', maxAmount: '2' });
    const pay = (amount: string) =>
      merchant.call({ method: 'POST', url: '/api/v1/payments', payload: { amount, currency: 'BCH' } });
    const low = await pay('0.4');
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toBe(T.amountBelowMinimum('0.5', 'BCH'));
    const high = await pay('2.00000001');
    expect(high.json().error.message).toBe(T.amountAboveMaximum('2', 'BCH'));
    expect((await pay('2')).statusCode).toBe(201);
    expect((await pay('0.5')).statusCode).toBe(201);
  });

  it('a coin’s fee percentage replaces the platform fee on its confirmed payments', async () => {
    const bch = (await rowOf('BCH', 'bitcoin-cash'))!;
    await call('PUT', `/${bch.id}`, { feePercentage: '2.5' });
    const pay = await merchant.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '1', currency: 'BCH' },
    });
    const id = pay.json().data.id as string;
    await merchant.call({ method: 'POST', url: `/api/v1/payments/${id}/simulate`, payload: {} });
    await advanceTestNetwork({
      deps: ctx.server.payments,
      db: ctx.db,
      now: new Date(Date.now() + 3600_000),
      blockSeconds: 1,
    });
    const fee = await ctx.db
      .selectFrom('platform_fees')
      .selectAll()
      .where('payment_id', '=', id)
      .executeTakeFirst();
    expect(fee).toMatchObject({ percentage: '2.5', fee_amount: '2500000' });
  });
});
