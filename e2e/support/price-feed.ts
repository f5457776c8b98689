import http from 'node:http';
import type net from 'node:net';

/**
 * A market price API speaking CoinGecko's `/simple/price` format, on 127.0.0.1, for journeys with live payments
 * priced in fiat: no price API is reachable from these machines, and a live amount is priced only from a fresh
 * market rate. The server fetches it over HTTP with its real CoinGecko source (RATES_API_URL). Prices in USD per
 * coin id; other fiat currencies follow from `fx` (units per USD), 1 when not listed.
 */
export async function startPriceFeed(
  usdPrices: Record<string, number>,
  fx: Record<string, number> = { eur: 0.92, gbp: 0.79, jpy: 155 },
): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const srv = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname !== '/simple/price') {
      res.writeHead(404).end();
      return;
    }
    count++;
    const ids = (u.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    const vs = (u.searchParams.get('vs_currencies') ?? 'usd').split(',').filter(Boolean);
    const now = Math.floor(Date.now() / 1000);
    const body: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      const usd = usdPrices[id];
      if (usd === undefined) continue;
      body[id] = { last_updated_at: now };
      for (const c of vs) body[id][c] = Number((usd * (fx[c] ?? 1)).toPrecision(12));
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () => new Promise((resolve) => srv.close(() => resolve())),
  };
}
