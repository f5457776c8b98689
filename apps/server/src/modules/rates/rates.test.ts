import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rational } from '@coinlane/core/money';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { createCoinGeckoSource } from './coingecko-source.ts';
import { loadRateBook } from './load-rate-book.ts';
import { priceFiatAmount } from './price-amount.ts';
import { RateBook, type RateEntry } from './rate-book.ts';
import { createRatesRefresher, refreshRates } from './refresh-rates.ts';

/**
 * A local HTTP server that speaks CoinGecko's /simple/price format. It stands in for the public CoinGecko
 * API, which lies outside this machine's reach: these tests never call the internet.
 */
type Prices = Record<string, Record<string, number>>;
let prices: Prices;
let lastUpdated: number | null;
let failWith: number | null;
const requests: URL[] = [];
let server: http.Server;
let baseUrl: string;

function startPriceServer(): Promise<void> {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    if (failWith) {
      res.writeHead(failWith, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    if (url.pathname !== '/api/v3/simple/price') {
      res.writeHead(404).end();
      return;
    }
    const ids = (url.searchParams.get('ids') ?? '').split(',');
    const vs = (url.searchParams.get('vs_currencies') ?? '').split(',');
    const body: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      const p = prices[id];
      if (!p) continue;
      body[id] = Object.fromEntries(vs.filter((v) => p[v] !== undefined).map((v) => [v, p[v]!]));
      if (lastUpdated !== null && url.searchParams.get('include_last_updated_at') === 'true') {
        body[id]!.last_updated_at = lastUpdated;
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
      resolve();
    }),
  );
}

let ctx: TestContext;
let merchant: Merchant;
let admin: Merchant;

beforeAll(async () => {
  await startPriceServer();
  ctx = await createTestContext();
  merchant = await createMerchant(ctx);
  admin = await createMerchant(ctx, { isAdmin: true });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => server.close(r));
});
beforeEach(async () => {
  prices = {
    bitcoin: { usd: 95000.12, eur: 81000.5 },
    ethereum: { usd: 3500.5, eur: 3000 },
    tether: { usd: 0.9998, eur: 0.86 },
    dogecoin: { usd: 1.5e-7 },
  };
  lastUpdated = null;
  failWith = null;
  requests.length = 0;
  await ctx.db.deleteFrom('exchange_rates').execute();
});

const source = () => createCoinGeckoSource({ baseUrl });

describe('CoinGecko-format source and refresh', () => {
  it('asks /simple/price for the listed coins against USD and the link fiats, and stores each quote exactly', async () => {
    const results = await refreshRates({ db: ctx.db, sources: [source()] });
    expect(results).toEqual([{ source: 'coingecko', stored: expect.any(Number) }]);
    const url = requests[0]!;
    expect(url.pathname).toBe('/api/v3/simple/price');
    expect(url.searchParams.get('ids')?.split(',')).toEqual(
      expect.arrayContaining(['bitcoin', 'tether', 'usd-coin']),
    );
    expect(url.searchParams.get('vs_currencies')?.split(',')).toEqual(
      expect.arrayContaining(['usd', 'eur', 'gbp', 'jpy']),
    );
    const rows = await ctx.db
      .selectFrom('exchange_rates')
      .selectAll()
      .where('source', '=', 'coingecko')
      .execute();
    const btc = rows.find((r) => r.symbol === 'BTC' && r.base === 'USD')!;
    expect(btc).toMatchObject({ rate: '95000.12', quote: 'base_per_symbol' });
    expect(rows.find((r) => r.symbol === 'BTC' && r.base === 'EUR')?.rate).toBe('81000.5');
    // An exponent-form JSON number is stored as its plain decimal.
    expect(rows.find((r) => r.symbol === 'DOGE')?.rate).toBe('0.00000015');
  });

  it('uses the provider timestamp as the age, and a newer quote replaces an older one only', async () => {
    lastUpdated = Math.floor(Date.now() / 1000) - 120;
    await refreshRates({ db: ctx.db, sources: [source()] });
    const row = await ctx.db
      .selectFrom('exchange_rates')
      .selectAll()
      .where('symbol', '=', 'BTC')
      .where('base', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(row.fetched_at.getTime()).toBe(lastUpdated * 1000);
    // An answer with an older timestamp does not overwrite the stored one.
    prices.bitcoin!.usd = 1;
    lastUpdated -= 600;
    await refreshRates({ db: ctx.db, sources: [source()] });
    const again = await ctx.db
      .selectFrom('exchange_rates')
      .select('rate')
      .where('symbol', '=', 'BTC')
      .where('base', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(again.rate).toBe('95000.12');
  });

  it('logs and skips a failing source without throwing or storing anything', async () => {
    failWith = 503;
    const results = await refreshRates({ db: ctx.db, sources: [source()] });
    expect(results[0]).toMatchObject({ source: 'coingecko', stored: 0, error: 'coingecko: HTTP 503' });
    expect(await ctx.db.selectFrom('exchange_rates').selectAll().execute()).toEqual([]);
  });

  it('refuses a reply that is not an object of prices', async () => {
    const bad = createCoinGeckoSource({
      baseUrl,
      fetchImpl: async () => new Response('[1,2]', { status: 200 }),
    });
    await expect(bad.fetchQuotes({ symbols: ['BTC'], fiats: [] })).rejects.toThrow(/not an object/);
  });
});

describe('GET /api/v1/exchange-rates', () => {
  it('maps each symbol to units per 1 USD, with source and age beside it', async () => {
    await refreshRates({ db: ctx.db, sources: [source()] });
    const res = await merchant.call({
      method: 'GET',
      url: '/api/v1/exchange-rates?base=USD&currencies=BTC,ETH,EUR,JPY',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.base).toBe('USD');
    expect(body.data.BTC).toBe('0.0000105263024930915877');
    expect(body.data.ETH).toBe('0.000285673475217826025');
    // EUR per USD from the market (BTC priced in both): 81000.5 / 95000.12.
    expect(body.data.EUR).toBe('0.852635765091665147');
    expect(body.rates.BTC).toMatchObject({ source: 'coingecko', live: true, ageSeconds: expect.any(Number) });
    expect(body.rates.BTC.ageSeconds).toBeLessThan(60);
    // JPY: the market source gave no JPY price here, so the spec's fallback table answers (not live).
    expect(body.data.JPY).toBe('110');
    expect(body.rates.JPY).toEqual({ source: 'fallback', fetchedAt: null, ageSeconds: null, live: false });
  });

  it('defaults to the spec list; test mode fills gaps with the marked test prices', async () => {
    const res = await merchant.call({ method: 'GET', url: '/api/v1/exchange-rates' });
    const body = res.json();
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'ADA',
        'AVAX',
        'BNB',
        'BTC',
        'DAI',
        'DOGE',
        'ETH',
        'LINK',
        'LTC',
        'MATIC',
        'SOL',
        'USDC',
        'USDT',
      ].sort(),
    );
    expect(body.rates.BTC).toMatchObject({ source: 'test-prices', live: false });
    expect(body.missing).toEqual([]);
  });

  it('in live mode shows only real sources: no test prices', async () => {
    const live = await merchant.inMode('live');
    const res = await live.call({ method: 'GET', url: '/api/v1/exchange-rates?currencies=BTC,EUR' });
    const body = res.json();
    expect(body.data).toEqual({ EUR: '0.85' });
    expect(body.missing).toEqual(['BTC']);
  });

  it('converts to another base', async () => {
    await refreshRates({ db: ctx.db, sources: [source()] });
    const body = (
      await merchant.call({ method: 'GET', url: '/api/v1/exchange-rates?base=EUR&currencies=BTC,USD' })
    ).json();
    // 1 EUR buys 1/81000.5 BTC.
    expect(body.data.BTC).toBe('0.0000123456028049209573');
    expect(body.data.USD).toBe('1.17283374793982753');
  });

  it('refuses malformed codes and anonymous callers', async () => {
    const bad = await merchant.call({
      method: 'GET',
      url: '/api/v1/exchange-rates?currencies=BTC,%3Cscript%3E',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unsupported currency: <SCRIPT>');
    const base = await merchant.call({ method: 'GET', url: '/api/v1/exchange-rates?base=XYZ' });
    expect(base.statusCode).toBe(400);
    expect(base.json().error.message).toBe('Unsupported currency: XYZ');
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/v1/exchange-rates' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('manual rates (admin)', () => {
  it('PUT /admin/rates/:symbol needs settings.write; the rate then prices test mode and display', async () => {
    const denied = await merchant.call({
      method: 'PUT',
      url: '/api/v1/admin/rates/BTC',
      payload: { usdPrice: '50000' },
    });
    expect(denied.statusCode).toBe(403);

    const set = await admin.call({
      method: 'PUT',
      url: '/api/v1/admin/rates/BTC',
      payload: { usdPrice: '50000' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      source: 'manual',
      symbol: 'BTC',
      rate: '50000',
      unitsPerBase: '0.00002',
    });

    const rates = (
      await merchant.call({ method: 'GET', url: '/api/v1/exchange-rates?currencies=BTC' })
    ).json();
    expect(rates.data.BTC).toBe('0.00002');
    expect(rates.rates.BTC).toMatchObject({ source: 'manual', live: false });

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'rate.set_manual')
      .execute();
    expect(audit).toHaveLength(1);

    const list = await admin.call({ method: 'GET', url: '/api/v1/admin/rates' });
    expect(list.json().data).toEqual([expect.objectContaining({ source: 'manual', symbol: 'BTC' })]);

    const del = await admin.call({ method: 'DELETE', url: '/api/v1/admin/rates/BTC' });
    expect(del.statusCode).toBe(200);
    const again = await admin.call({ method: 'DELETE', url: '/api/v1/admin/rates/BTC' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('No manual rate is set for BTC');
  });

  it.each([
    [{ rate: 0.5 }, 'Rate must be a positive decimal number sent as a string, such as "0.0000105"'],
    [{ rate: '0' }, 'Rate must be a positive decimal number sent as a string, such as "0.0000105"'],
    [{ rate: '1e5' }, 'Rate must be a positive decimal number sent as a string, such as "0.0000105"'],
    [{}, 'Please give either rate (units per 1 USD) or usdPrice (USD per unit), not both'],
    [
      { rate: '1', usdPrice: '1' },
      'Please give either rate (units per 1 USD) or usdPrice (USD per unit), not both',
    ],
  ])('refuses %j', async (payload, message) => {
    const res = await admin.call({ method: 'PUT', url: '/api/v1/admin/rates/ETH', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses an unknown symbol and USD itself', async () => {
    const unknown = await admin.call({
      method: 'PUT',
      url: '/api/v1/admin/rates/XYZ',
      payload: { rate: '1' },
    });
    expect(unknown.statusCode).toBe(404);
    const usd = await admin.call({ method: 'PUT', url: '/api/v1/admin/rates/USD', payload: { rate: '1' } });
    expect(usd.statusCode).toBe(400);
  });
});

describe('the pricing rule: a live amount only from a fresh market rate', () => {
  const maxAgeSeconds = 300;
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
  const entry = (
    e: Partial<RateEntry> & Pick<RateEntry, 'source' | 'kind' | 'symbol' | 'rate'>,
  ): RateEntry => ({
    base: 'USD',
    quote: 'base_per_symbol',
    fetchedAt: null,
    ...e,
  });
  const book = (entries: RateEntry[]) => new RateBook(entries, { now: new Date(), maxAgeSeconds });
  const price = (b: RateBook, mode: 'test' | 'live', fiatCurrency: 'USD' | 'EUR' = 'USD') =>
    priceFiatAmount({
      book: b,
      mode,
      fiatAmount: '100.00',
      fiatCurrency,
      symbol: 'BTC',
      decimals: 8,
      maxAgeSeconds,
    });

  it('prices live from a fresh market rate, rounding up once', () => {
    const b = book([
      entry({ source: 'coingecko', kind: 'market', symbol: 'BTC', rate: '95000.12', fetchedAt: at(10) }),
    ]);
    const p = price(b, 'live');
    expect(p.units).toBe(105_264n);
    expect(p.source).toBe('coingecko');
    expect(p.usdAmount).toBe('100.00');
  });

  it.each<[string, RateEntry[]]>([
    [
      'a stale market rate',
      [entry({ source: 'coingecko', kind: 'market', symbol: 'BTC', rate: '95000', fetchedAt: at(301) })],
    ],
    [
      'a manual rate',
      [entry({ source: 'manual', kind: 'manual', symbol: 'BTC', rate: '95000', fetchedAt: at(1) })],
    ],
    ['only the test prices', [entry({ source: 'test-prices', kind: 'test', symbol: 'BTC', rate: '95000' })]],
  ])('refuses live with %s, with a clear message; test mode accepts it', (_name, entries) => {
    const b = book(entries);
    expect(() => price(b, 'live')).toThrow(
      'Live amounts are priced only from a fresh market rate, and no market rate for BTC from the last 5 minutes is available. Please try again shortly.',
    );
    expect(price(b, 'test').units).toBeGreaterThan(0n);
  });

  it('prices a live EUR amount from the same coin quoted in EUR; the fallback EUR table is never used live', () => {
    const fresh = [
      entry({ source: 'coingecko', kind: 'market', symbol: 'BTC', rate: '95000.12', fetchedAt: at(5) }),
      entry({ source: 'fallback', kind: 'reference', symbol: 'EUR', rate: '0.85', quote: 'symbol_per_base' }),
    ];
    expect(() => price(book(fresh), 'live', 'EUR')).toThrow(/no market rate for EUR/);
    expect(price(book(fresh), 'test', 'EUR').fiatRateText).toBe('0.85');
    const withEur = [
      ...fresh,
      entry({
        source: 'coingecko',
        kind: 'market',
        base: 'EUR',
        symbol: 'BTC',
        rate: '81000.5',
        fetchedAt: at(5),
      }),
    ];
    // 100 EUR / 81000.5 EUR per BTC = 0.0012345602.. -> 0.00123457 (up).
    expect(price(book(withEur), 'live', 'EUR').units).toBe(123_457n);
  });

  it('prefers a fresh market rate, then manual, then a stale market rate, then tables', () => {
    const entries = [
      entry({ source: 'test-prices', kind: 'test', symbol: 'BTC', rate: '1' }),
      entry({ source: 'coingecko', kind: 'market', symbol: 'BTC', rate: '2', fetchedAt: at(1000) }),
      entry({ source: 'manual', kind: 'manual', symbol: 'BTC', rate: '3', fetchedAt: at(2000) }),
    ];
    expect(book(entries).coinRate('BTC', 'test')?.source).toBe('manual');
    expect(book(entries.slice(0, 2)).coinRate('BTC', 'test')?.source).toBe('coingecko');
    expect(book(entries.slice(0, 1)).coinRate('BTC', 'test')?.source).toBe('test-prices');
    expect(book(entries.slice(0, 1)).coinRate('BTC', 'display')).toBeNull();
    const withFresh = [
      ...entries,
      entry({ source: 'coingecko', kind: 'market', symbol: 'BTC', rate: '4', fetchedAt: at(1) }),
    ];
    expect(book(withFresh).coinRate('BTC', 'test')?.rate).toEqual(rational(1n, 4n));
  });

  it('loads stored rows and the built-in tables into one book', async () => {
    await refreshRates({ db: ctx.db, sources: [source()] });
    const b = await loadRateBook({ db: ctx.db, maxAgeSeconds });
    expect(b.coinRate('BTC', 'live')?.rate).toEqual(rational(100n, 9_500_012n));
    expect(b.fiatRate('CHF', 'display')?.source).toBe('fallback');
  });
});

describe('a rate source that stops answering', () => {
  /** A logger that keeps what is said at each level. */
  function recordingLog() {
    const said: Record<'warn' | 'info' | 'debug' | 'error', string[]> = {
      warn: [],
      info: [],
      debug: [],
      error: [],
    };
    const at =
      (level: keyof typeof said) =>
      (...args: unknown[]) => {
        said[level].push(String(args.find((a) => typeof a === 'string') ?? ''));
      };
    const log = {
      warn: at('warn'),
      info: at('info'),
      debug: at('debug'),
      error: at('error'),
      trace: () => {},
    };
    return { said, log: log as unknown as Parameters<typeof createRatesRefresher>[0]['log'] };
  }

  it('is reported once, asked less and less often, and its recovery is reported once', async () => {
    const { said, log } = recordingLog();
    const periodMs = 60_000;
    const refresher = createRatesRefresher({ db: ctx.db, sources: [source()], log, periodMs });
    const t0 = Date.now();
    failWith = 503;
    requests.length = 0;
    // Ten refresh periods without the source: asked at 0, 1, 3 and 7 periods (backoff 1, 2, 4, then 8).
    for (let i = 0; i < 10; i++) await refresher.run(new Date(t0 + i * periodMs));
    expect(requests).toHaveLength(4);
    expect(said.warn).toHaveLength(1);
    expect(said.warn[0]).toMatch(/rate refresh failed/);
    // It answers again: the next due try stores rates and says so once.
    failWith = null;
    for (let i = 10; i < 20; i++) await refresher.run(new Date(t0 + i * periodMs));
    expect(said.info.filter((m) => m === 'rate refresh recovered')).toHaveLength(1);
    expect(said.warn).toHaveLength(1);
    expect(requests.length).toBeGreaterThan(5);
  });

  it('works with the server’s own logger (pino): a refresh that succeeds stores the rates and throws nothing', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    const refresher = createRatesRefresher({
      db: ctx.db,
      sources: [source()],
      log: log as unknown as Parameters<typeof createRatesRefresher>[0]['log'],
      periodMs: 60_000,
    });
    failWith = null;
    const results = await refresher.run(new Date(Date.now() + 3_600_000));
    expect(results.map((r) => r.error)).toEqual([undefined]);
    expect(lines.some((l) => l.includes('rates refreshed'))).toBe(true);
  });

  it('shows in GET /exchange-rates/status whether live amounts can be priced', async () => {
    const status = async () =>
      (await merchant.call({ method: 'GET', url: '/api/v1/exchange-rates/status' })).json().data;
    expect(await status()).toEqual({ marketUpdatedAt: null, stale: true, maxAgeSeconds: 300 });
    await refreshRates({ db: ctx.db, sources: [source()] });
    const fresh = await status();
    expect(fresh.stale).toBe(false);
    expect(Date.parse(fresh.marketUpdatedAt)).toBeGreaterThan(Date.now() - 60_000);
    await ctx.db
      .updateTable('exchange_rates')
      .set({ fetched_at: new Date(Date.now() - 600_000) })
      .execute();
    expect((await status()).stale).toBe(true);
  });
});
