import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A FAKE SideShift: a local HTTP server speaking SideShift's public v2 API format (docs.sideshift.ai, "Endpoints
 * v2") for the conversion tests, never the real exchange (no test reaches the internet). It answers
 *   POST /quotes        { affiliateId, depositCoin, depositNetwork, settleCoin, settleNetwork, depositAmount }
 *   POST /shifts/fixed  { affiliateId, quoteId, settleAddress, refundAddress, externalId }
 *   GET  /shifts/{id}
 * as the API documents (amounts as decimal strings, `{ error: { message } }` with 400/401 on a refusal), checks
 * `x-sideshift-secret` and `x-user-ip` where the real API asks for them, and records every request. A shift's
 * deposit address comes from `depositAddress()` (a real address of the regtest node's wallet in the chain tests), so
 * the customer's payment is a real transaction; a GET notices the deposit through `depositSeen` (the node) and moves
 * the shift from waiting to pending. The test then settles it (`settle`, a settle hash of the stablecoin's chain),
 * refunds it (`refund`), or makes the next reply bad (`nextReply`: an HTTP error, garbage, a delay past the timeout).
 */

export type FakeShift = {
  id: string;
  createdAt: string;
  depositCoin: string;
  depositNetwork: string;
  settleCoin: string;
  settleNetwork: string;
  depositAddress: string;
  settleAddress: string;
  refundAddress: string;
  depositMin: string;
  depositMax: string;
  type: 'fixed';
  quoteId: string;
  depositAmount: string;
  settleAmount: string;
  expiresAt: string;
  status: string;
  averageShiftSeconds: string;
  rate: string;
  externalId?: string;
  depositHash?: string;
  settleHash?: string;
  depositReceivedAt?: string;
  issue?: string;
  updatedAt: string;
};

export type FakeRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown };
/** A reply of the test's choice for the next request: status and raw body, and a delay before it. */
export type ForcedReply = { status?: number; body?: string; delayMs?: number };

export async function startFakeSideShift({
  secret,
  affiliateId,
  rate = '85.5',
  quoteSeconds = 900,
  depositAddress,
  depositSeen = async () => null,
}: {
  secret: string;
  affiliateId: string;
  /** Settle coins per deposit coin (every fee included, as SideShift's fixed rate). */
  rate?: string;
  /** How long a quote (and its shift) lives: 15 minutes at SideShift. */
  quoteSeconds?: number;
  depositAddress: () => Promise<string>;
  /** The deposit's transaction when the chain shows one to `address`, else null. */
  depositSeen?: (address: string, amount: string) => Promise<string | null>;
}) {
  const requests: FakeRequest[] = [];
  const quotes = new Map<string, Record<string, string>>();
  const shifts = new Map<string, FakeShift>();
  const forced: ForcedReply[] = [];
  const now = () => new Date().toISOString();
  const times = (a: string, b: string) => {
    // exact decimal product, 6 decimals (the stablecoins' precision), rounded down
    const scale = (v: string, p: number) => {
      const [i, f = ''] = v.split('.');
      return BigInt(i! + f.padEnd(p, '0').slice(0, p));
    };
    const product = (scale(a, 8) * scale(b, 12)) / 10n ** 14n; // 6 decimals
    const s = product.toString().padStart(7, '0');
    return `${s.slice(0, -6)}.${s.slice(-6)}`;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const path = (req.url ?? '/').replace(/^\/api\/v2/, '');
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      const error = (status: number, message: string) => send(status, { error: { message } });
      const force = forced.shift();
      if (force) {
        const reply = () => send(force.status ?? 200, force.body ?? '');
        if (force.delayMs) setTimeout(reply, force.delayMs);
        else reply();
        return;
      }
      void handle(req.method ?? 'GET', path, req.headers, body as Record<string, string> | null)
        .then(([status, payload]) => send(status, payload))
        .catch((err: unknown) => error(500, String(err)));
    });
  });

  async function handle(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: Record<string, string> | null,
  ): Promise<[number, unknown]> {
    const refuse = (status: number, message: string): [number, unknown] => [status, { error: { message } }];
    if (method === 'POST') {
      if (headers['x-sideshift-secret'] !== secret)
        return refuse(401, 'Invalid or missing x-sideshift-secret');
      if (!headers['x-user-ip']) {
        return refuse(400, 'The x-user-ip header must be set to the end-user IP address');
      }
      if (body?.affiliateId !== affiliateId) return refuse(400, 'Invalid "affiliateId"');
    }
    if (method === 'POST' && path === '/quotes') {
      if (!body?.depositAmount || Number(body.depositAmount) <= 0) {
        return refuse(400, 'depositAmount must be greater than zero');
      }
      const id = randomUUID();
      const quote = {
        id,
        createdAt: now(),
        depositCoin: String(body.depositCoin).toUpperCase(),
        depositNetwork: body.depositNetwork!,
        settleCoin: String(body.settleCoin).toUpperCase(),
        settleNetwork: body.settleNetwork!,
        expiresAt: new Date(Date.now() + quoteSeconds * 1000).toISOString(),
        depositAmount: body.depositAmount,
        settleAmount: times(body.depositAmount, rate),
        rate,
        affiliateId,
      };
      quotes.set(id, quote);
      return [201, quote];
    }
    if (method === 'POST' && path === '/shifts/fixed') {
      const quote = quotes.get(body?.quoteId ?? '');
      if (!quote) return refuse(400, 'Quote not found');
      if (Date.parse(quote.expiresAt!) <= Date.now())
        return refuse(400, 'Quote has already expired. Request a new quote.');
      if (!body?.settleAddress) return refuse(400, 'Invalid receiving address');
      const id = randomBytes(10).toString('hex');
      const shift: FakeShift = {
        id,
        createdAt: now(),
        depositCoin: quote.depositCoin!,
        depositNetwork: quote.depositNetwork!,
        settleCoin: quote.settleCoin!,
        settleNetwork: quote.settleNetwork!,
        depositAddress: await depositAddress(),
        settleAddress: body.settleAddress,
        refundAddress: body.refundAddress ?? '',
        depositMin: quote.depositAmount!,
        depositMax: quote.depositAmount!,
        type: 'fixed',
        quoteId: quote.id!,
        depositAmount: quote.depositAmount!,
        settleAmount: quote.settleAmount!,
        expiresAt: quote.expiresAt!,
        status: 'waiting',
        averageShiftSeconds: '44.5',
        rate: quote.rate!,
        ...(body.externalId ? { externalId: body.externalId } : {}),
        updatedAt: now(),
      };
      shifts.set(id, shift);
      return [201, shift];
    }
    const m = /^\/shifts\/([^/?]+)$/.exec(path);
    if (method === 'GET' && m) {
      const shift = shifts.get(decodeURIComponent(m[1]!));
      if (!shift) return refuse(404, 'Shift not found');
      if (shift.status === 'waiting') {
        const txid = await depositSeen(shift.depositAddress, shift.depositAmount);
        if (txid) Object.assign(shift, { status: 'pending', depositHash: txid, depositReceivedAt: now() });
        else if (Date.parse(shift.expiresAt) <= Date.now()) Object.assign(shift, { status: 'expired' });
      }
      return [200, shift];
    }
    return refuse(404, 'Not found');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const shiftOf = (id: string) => {
    const shift = shifts.get(id);
    if (!shift) throw new Error(`fake SideShift: no shift ${id}`);
    return shift;
  };
  return {
    /** What SIDESHIFT_API_URL takes. */
    url: `http://127.0.0.1:${port}/api/v2`,
    requests,
    shifts,
    /** The next request gets this reply instead (in order, one each). */
    nextReply: (reply: ForcedReply) => forced.push(reply),
    /** The exchange sent the stablecoin: settled with a settle transaction on the stablecoin's chain. */
    settle(id: string, { settleHash = `0x${randomBytes(32).toString('hex')}` } = {}) {
      Object.assign(shiftOf(id), { status: 'settled', settleHash, updatedAt: now() });
      return settleHash;
    },
    /** The exchange could not convert the deposit: refund (then refunding, refunded) to the refund address. */
    refund(id: string, { issue = 'incorrect amount', status = 'refund' } = {}) {
      Object.assign(shiftOf(id), { status, issue, updatedAt: now() });
    },
    setStatus(id: string, status: string) {
      Object.assign(shiftOf(id), { status, updatedAt: now() });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSideShift = Awaited<ReturnType<typeof startFakeSideShift>>;
