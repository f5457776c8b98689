import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '#app/lib/crypto.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { dispatchWebhookEvents } from '#app/modules/webhooks/dispatch-webhook-events.ts';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { startWebhooksRole, waitForJobsIdle } from '#app/test/jobs.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { linkIn, MAIL_WAIT_MS, type ReceivedMail } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { REFUND_ADDRESS_MAIL_JOB } from './refund-address-mail.job.ts';

// Refunds through the HTTP API as a merchant, its API keys, an admin and the customer would call them (decision
// 022). Test mode: payments are paid with the test network's simulate call and confirmed by its clock; no rate
// source is configured (test prices). A real SMTP server receives the customer's mail; a local HTTP receiver
// stands in for the merchant's webhook endpoint.

let ctx: TestContext;
let alice: Merchant;
let bob: Merchant;
let worker: ReturnType<typeof startWebhooksRole>;
const receivers: Array<{ close: () => Promise<void> }> = [];

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true, webhookRetryBaseMs: 50 });
  alice = await createMerchant(ctx, { name: 'Alice Shop' });
  bob = await createMerchant(ctx, { name: 'Bob Store' });
  worker = startWebhooksRole(ctx, 20);
});
afterAll(async () => {
  await worker.stop();
  for (const r of receivers) await r.close();
  await ctx.close();
});

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const tick = (seconds: number) =>
  advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(seconds), blockSeconds: 2 });

/** A test payment of `amount` BTC, paid in full (or `paid`) and confirmed by the test network's clock. */
async function paidPayment(
  m: Merchant,
  { amount = '0.001', paid, email }: { amount?: string; paid?: string; email?: string | null } = {},
) {
  const res = await m.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: {
      amount,
      currency: 'BTC',
      ...(email === null ? {} : { customerEmail: email ?? 'jane@example.com' }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  const sim = await m.call({
    method: 'POST',
    url: `/api/v1/payments/${id}/simulate`,
    ...(paid ? { payload: { amount: paid } } : {}),
  });
  expect(sim.statusCode, sim.body).toBe(200);
  await tick(30);
  return id;
}

const refund = (m: Merchant, paymentId: string, payload: unknown, headers: Record<string, string> = {}) =>
  m.call({
    method: 'POST',
    url: `/api/v1/payments/${paymentId}/refunds`,
    payload: payload as object,
    headers,
  });
const refundsOf = async (m: Merchant, paymentId: string) => {
  const res = await m.call({ method: 'GET', url: `/api/v1/payments/${paymentId}/refunds` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    confirmed: string;
    refunded: string;
    refundable: string;
    refundState: string;
    canRefund: boolean;
    refunds: Array<Record<string, unknown> & { id: string; status: string }>;
  };
};
const publicCall = (path: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/refund-requests/${path}`, payload: payload as object });
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

describe('issuing a refund (merchant session)', () => {
  it('e-mails the customer a link with a token in the query string; only its hash is stored; audited; refund.created', async () => {
    const paymentId = await paidPayment(alice, { email: 'jane@example.com' });
    const res = await refund(alice, paymentId, { amount: '0.0004', reason: 'Returned item' });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r).toMatchObject({
      paymentId,
      status: 'awaiting_address',
      currency: 'BTC',
      network: 'bitcoin',
      amount: '0.0004',
      address: null,
      paymentUri: null,
      customerNotified: true,
      addressLink: null,
      requestedBy: 'user',
      reason: 'Returned item',
      txid: null,
    });
    expect(r.id).toMatch(/^ref_/);
    const expiresIn = new Date(r.linkExpiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(13.9 * 24 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(14 * 24 * 3600_000);

    const mail = await ctx.smtp.waitForMail('jane@example.com', {
      subject: /refunding 0\.0004 BTC/,
    });
    expect(mail.subject).toContain('Alice Shop');
    const link = linkIn(mail, '/refund');
    expect(link).toMatch(/^http:\/\/localhost:3000\/refund\?token=[\w-]{40,}$/);
    const token = tokenOf(link);
    const row = await ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(await refundsOf(alice, paymentId))).not.toContain(token);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', r.id)
      .where('action', '=', 'refund.created')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: alice.id, actor_type: 'user', mode: 'test' });
    expect(JSON.stringify(audit)).not.toContain(row.token_hash);
    const event = await ctx.db
      .selectFrom('outbox_events')
      .selectAll()
      .where('entity_id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      type: 'refund.created',
      entity_type: 'refund',
      user_id: alice.id,
      mode: 'test',
    });
  });

  it('without a customer e-mail, the reply carries the address link once; later reads never show it', async () => {
    const paymentId = await paidPayment(alice, { email: null });
    const res = await refund(alice, paymentId, { amount: '0.001' });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r.customerNotified).toBe(false);
    expect(r.addressLink).toMatch(/^http:\/\/localhost:3000\/refund\?token=[\w-]{40,}$/);
    const listed = await refundsOf(alice, paymentId);
    expect(listed.refunds[0]).not.toHaveProperty('addressLink');
    expect(JSON.stringify(listed)).not.toContain(tokenOf(r.addressLink));
    const view = await publicCall('view', { token: tokenOf(r.addressLink) });
    expect(view.statusCode, view.body).toBe(200);
  });

  it('the customer’s mail is in the language the refund names: a Spanish customer gets it in Spanish', async () => {
    const paymentId = await paidPayment(alice, { email: 'lucia@example.com' });
    const res = await refund(alice, paymentId, {
      amount: '0.0003',
      reason: 'Talla equivocada',
      language: 'es',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ customerNotified: true, addressLink: null });
    const mail = await ctx.smtp.waitForMail('lucia@example.com', { subject: /reembolsa/ });
    expect(mail.subject).toBe('Alice Shop te reembolsa 0.0003 BTC: indica tu dirección de reembolso');
    expect(mail.text).toContain('Alice Shop te reembolsa 0.0003 BTC (Bitcoin) de un pago que hiciste.');
    expect(mail.text).toContain('Motivo: Talla equivocada');
    expect(mail.text).toContain('Indicar mi dirección de reembolso:');
    expect(mail.text).toContain('El enlace es personal: no lo reenvíes.');
    expect(mail.text).not.toMatch(/refund address|Link valid/);
    expect(mail.html).toContain('<html lang="es">');
    const view = await publicCall('view', { token: tokenOf(linkIn(mail, '/refund')) });
    expect(view.statusCode, view.body).toBe(200);

    // Without a language the mail is in English (the payment records none).
    await refund(alice, paymentId, { amount: '0.0001' });
    const english = await ctx.smtp.waitForMail('lucia@example.com', { subject: /is refunding 0\.0001 BTC/ });
    expect(english.text).toContain('Give my refund address:');
    expect(english.html).toContain('<html lang="en">');
  });

  it('partial refunds add up to what was confirmed, never more; refusals change nothing', async () => {
    const paymentId = await paidPayment(alice);
    const tooMuch = await refund(alice, paymentId, { amount: '0.00100001' });
    expect(tooMuch.statusCode).toBe(409);
    // The refusal names the field it is about, so a form shows it beside the amount.
    const most = 'The refund is more than what is still refundable: at most 0.001 BTC';
    expect(errorOf(tooMuch)).toEqual({ code: 'REFUND_TOO_LARGE', message: most, fields: { amount: most } });
    expect((await refund(alice, paymentId, { amount: '0.0006' })).statusCode).toBe(201);
    const over = await refund(alice, paymentId, { amount: '0.0005' });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe(
      'The refund is more than what is still refundable: at most 0.0004 BTC',
    );
    expect((await refund(alice, paymentId, { amount: '0.0004' })).statusCode).toBe(201);
    const none = await refund(alice, paymentId, { amount: '0.00000001' });
    expect(none.statusCode).toBe(409);
    const all = 'Everything this payment received is already refunded or awaiting a refund';
    expect(errorOf(none)).toEqual({ code: 'REFUND_TOO_LARGE', message: all, fields: { amount: all } });
    const state = await refundsOf(alice, paymentId);
    expect(state).toMatchObject({ confirmed: '0.001', refunded: '0', refundable: '0', canRefund: false });
    expect(state.refunds.map((x) => x.amount)).toEqual(['0.0006', '0.0004']);
  });

  it('two refunds racing for the last amount: one is issued, the other refused', async () => {
    const paymentId = await paidPayment(alice);
    const [a, b] = await Promise.all([
      refund(alice, paymentId, { amount: '0.0007' }),
      refund(alice, paymentId, { amount: '0.0007' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await refundsOf(alice, paymentId)).refunds).toHaveLength(1);
  });

  it('refuses bad input and payments without confirmed money with a clear 4xx', async () => {
    const paymentId = await paidPayment(alice);
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'Please enter a valid payment amount'],
      [{ amount: 0.0001 }, 400, 'must be sent as decimal strings'],
      [{ amount: '-1' }, 400, 'Please enter a valid payment amount'],
      [{ amount: '0' }, 400, 'Please enter a valid payment amount'],
      [{ amount: '0.000000001' }, 400, 'BTC'],
      [{ amount: '0.0001', reason: 'x'.repeat(501) }, 400, 'The reason may have at most 500 characters'],
      [{ amount: '0.0001', extra: 1 }, 400, ''],
      [{ amount: '0.0001', language: 'it' }, 400, 'Choose the customer’s language: one of en, es, fr, de'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await refund(alice, paymentId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(res).message).toContain(message);
    }
    const pending = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.001', currency: 'BTC' },
    });
    const pendingId = pending.json().data.id as string;
    const onPending = await refund(alice, pendingId, { amount: '0.0001' });
    expect(onPending.statusCode).toBe(409);
    expect(errorOf(onPending)).toEqual({
      code: 'INVALID_STATE',
      message:
        'This payment cannot be refunded: a refund needs confirmed money on a confirmed, expired or cancelled payment',
    });
    expect((await refundsOf(alice, paymentId)).refunds).toHaveLength(0);
    expect((await refundsOf(alice, pendingId)).canRefund).toBe(false);
  });

  it('an underpaid payment, once expired, can be refunded what it confirmed', async () => {
    const paymentId = await paidPayment(alice, { amount: '0.002', paid: '0.0005' });
    expect((await refund(alice, paymentId, { amount: '0.0005' })).statusCode).toBe(409); // still open: partial
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(3600) });
    const row = await ctx.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect((await refundsOf(alice, paymentId)).refundable).toBe('0.0005');
    expect((await refund(alice, paymentId, { amount: '0.0006' })).statusCode).toBe(409);
    expect((await refund(alice, paymentId, { amount: '0.0005' })).statusCode).toBe(201);
  });

  it("another merchant's payment, or one of the other mode, is not found", async () => {
    const paymentId = await paidPayment(alice);
    const res = await refund(bob, paymentId, { amount: '0.0001' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'Payment not found' });
    expect((await bob.call({ method: 'GET', url: `/api/v1/payments/${paymentId}/refunds` })).statusCode).toBe(
      404,
    );
    const live = await alice.inMode('live');
    expect((await refund(live, paymentId, { amount: '0.0001' })).statusCode).toBe(404);
    const mine = await refund(alice, paymentId, { amount: '0.0001' });
    const refundId = mine.json().data.id as string;
    expect((await bob.call({ method: 'POST', url: `/api/v1/refunds/${refundId}/cancel` })).statusCode).toBe(
      404,
    );
    expect((await bob.call({ method: 'POST', url: `/api/v1/refunds/${refundId}/simulate` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/payments/${paymentId}/refunds`,
          payload: { amount: '0.0001' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('by API key', () => {
  it('a key with write issues a refund (Idempotency-Key replays it); a read-only key lists but may not issue', async () => {
    const paymentId = await paidPayment(alice);
    const write = await createKeyFor({ app: ctx.app, userId: alice.id, permissions: ['read', 'write'] });
    const read = await createKeyFor({ app: ctx.app, userId: alice.id, permissions: ['read'] });
    const post = (key: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/payments/${paymentId}/refunds`,
        headers: { ...bearer(key), ...headers },
        payload: { amount: '0.0002' },
      });
    const first = await post(write.key, { 'idempotency-key': 'refund-7' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.requestedBy).toBe('api_key');
    const replay = await post(write.key, { 'idempotency-key': 'refund-7' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(first.json().data.id);
    const denied = await post(read.key);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('FORBIDDEN');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/${paymentId}/refunds`,
      headers: bearer(read.key),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.refunds).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id'])
      .where('entity_id', '=', first.json().data.id)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_type: 'api_key', actor_id: write.id });
  });
});

describe("the customer's address page", () => {
  async function newRefund(amount = '0.0005') {
    const paymentId = await paidPayment(alice, { email: null });
    const res = await refund(alice, paymentId, { amount });
    expect(res.statusCode, res.body).toBe(201);
    return { paymentId, id: res.json().data.id as string, token: tokenOf(res.json().data.addressLink) };
  }

  it('shows the amount, coin and who pays; takes an address of the right network once', async () => {
    const { paymentId, id, token } = await newRefund();
    const view = await publicCall('view', { token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({
      status: 'awaiting_address',
      amount: '0.0005',
      currency: 'BTC',
      network: 'bitcoin',
      networkName: 'Bitcoin',
      merchantName: 'Alice Shop',
      address: null,
      mode: 'test',
    });
    const refusals: Array<[unknown, string]> = [
      [{ token, address: ETH_ADDRESS }, 'Bitcoin'],
      [{ token, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx' }, ''],
      [{ token, address: '' }, 'Please enter your refund address'],
      [{ token, address: 'x'.repeat(201) }, 'This is not a valid address'],
      [
        {
          token,
          address:
            'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
        },
        'not an extended public key',
      ],
    ];
    for (const [payload, message] of refusals) {
      const res = await publicCall('address', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toContain(message);
    }
    expect((await refundsOf(alice, paymentId)).refunds[0]!.status).toBe('awaiting_address');

    const given = await publicCall('address', { token, address: ` ${BTC_ADDRESS} ` });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ status: 'awaiting_payment', address: BTC_ADDRESS });
    const again = await publicCall('address', { token, address: BTC_ADDRESS });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'INVALID_STATE',
      message: 'A refund address was already given for this refund',
    });
    const merchantView = (await refundsOf(alice, paymentId)).refunds[0]!;
    expect(merchantView).toMatchObject({
      id,
      status: 'awaiting_payment',
      address: BTC_ADDRESS,
      paymentUri: `bitcoin:${BTC_ADDRESS}?amount=0.0005&message=Refund%20${id}`,
    });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', id)
      .where('action', '=', 'refund.address_given')
      .executeTakeFirstOrThrow();
    expect(audit.actor_type).toBe('system');
    // The customer's IP is not kept in the audit log (decision 021).
    expect(audit.ip).toBeNull();
  });

  it("refuses a Coinlane payment's address as the refund address", async () => {
    const { token } = await newRefund();
    const other = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.001', currency: 'BTC' },
    });
    const otherId = other.json().data.id as string;
    await ctx.db
      .updateTable('payments')
      .set({ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' })
      .where('id', '=', otherId)
      .execute();
    const res = await publicCall('address', { token, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(
      'This is a Coinlane payment address, not your own wallet: please enter an address of your own wallet',
    );
  });

  it('an unknown or malformed token is refused; an expired link is gone and its amount is free again', async () => {
    const unknown = await publicCall('view', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toEqual({
      code: 'TOKEN_INVALID',
      message: 'This refund link is not valid. Please use the link from your e-mail.',
    });
    for (const token of ['short', '../../etc', 42, null]) {
      const res = await publicCall('view', { token });
      expect(res.statusCode, String(token)).toBe(400);
    }
    const { paymentId, id, token } = await newRefund('0.001');
    expect((await refundsOf(alice, paymentId)).refundable).toBe('0');
    await ctx.db
      .updateTable('refunds')
      .set({ token_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    for (const call of [
      () => publicCall('view', { token }),
      () => publicCall('address', { token, address: BTC_ADDRESS }),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(410);
      expect(errorOf(res)).toEqual({
        code: 'EXPIRED',
        message: 'This refund link has expired. Please ask the merchant for a new one.',
      });
    }
    const after = await refundsOf(alice, paymentId);
    expect(after.refunds[0]!.status).toBe('expired');
    expect(after.refundable).toBe('0.001');
    expect(after.canRefund).toBe(true);
  });
});

describe('paying, cancelling and the payment shown refunded', () => {
  it('test mode simulates the refund transfer: paid with a txid, refund.paid delivered, the payment shows refunded', async () => {
    // A merchant of its own: only its events reach this endpoint.
    const carol = await createMerchant(ctx, { name: 'Carol Hooks' });
    const r = await startWebhookReceiver();
    receivers.push(r);
    const config = await carol.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: r.url, events: ['refund.created', 'refund.paid'] },
    });
    expect(config.statusCode, config.body).toBe(200);
    const secret = config.json().data.secret as string;

    const paymentId = await paidPayment(carol, { email: null });
    const created = await refund(carol, paymentId, { amount: '0.0004' });
    const { id, addressLink } = created.json().data;
    const early = await carol.call({ method: 'POST', url: `/api/v1/refunds/${id}/simulate` });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(
      'Only a refund awaiting payment (the customer gave an address) can be paid',
    );
    expect(
      (await publicCall('address', { token: tokenOf(addressLink), address: BTC_ADDRESS })).statusCode,
    ).toBe(200);

    const paid = await carol.call({ method: 'POST', url: `/api/v1/refunds/${id}/simulate` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', paymentUri: null });
    expect(paid.json().data.txid).toMatch(/^[0-9a-f]{64}$/);
    expect((await carol.call({ method: 'POST', url: `/api/v1/refunds/${id}/cancel` })).statusCode).toBe(409);
    expect((await carol.call({ method: 'POST', url: `/api/v1/refunds/${id}/simulate` })).statusCode).toBe(
      409,
    );

    let state = await refundsOf(carol, paymentId);
    expect(state).toMatchObject({ refunded: '0.0004', refundable: '0.0006', refundState: 'partial' });
    // The dashboard's balance is what stayed in the merchant's wallet: the paid refund left it.
    const balance = async () =>
      (await carol.call({ method: 'GET', url: '/api/v1/analytics/balances' })).json().data.balances;
    expect(await balance()).toMatchObject([{ currency: 'BTC', amount: '0.0006', paymentCount: 1 }]);
    const tx = async () =>
      (
        (await carol.call({ method: 'GET', url: '/api/v1/transactions?limit=100' })).json().data as Array<
          Record<string, unknown>
        >
      ).find((t) => t.id === paymentId)!;
    expect(await tx()).toMatchObject({
      status: 'confirmed',
      amountRefunded: '0.0004',
      refundState: 'partial',
    });

    const second = await refund(carol, paymentId, { amount: '0.0006' });
    const link2 = second.json().data.addressLink as string;
    await publicCall('address', { token: tokenOf(link2), address: BTC_ADDRESS });
    await carol.call({ method: 'POST', url: `/api/v1/refunds/${second.json().data.id}/simulate` });
    state = await refundsOf(carol, paymentId);
    expect(state).toMatchObject({
      refunded: '0.001',
      refundable: '0',
      refundState: 'full',
      canRefund: false,
    });
    expect(await tx()).toMatchObject({ status: 'confirmed', amountReceived: '0.001', refundState: 'full' });
    expect(await balance()).toMatchObject([{ currency: 'BTC', amount: '0', usdAmount: '0.00' }]);

    const csv = await carol.call({ method: 'GET', url: '/api/v1/transactions/export.csv' });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('Refunded');
    expect(lines.find((l) => l.includes(paymentId))).toContain('0.001');

    await dispatchWebhookEvents({ db: ctx.db });
    const deadline = Date.now() + 10_000;
    while (r.events().filter((e) => e.type === 'refund.paid').length < 2 && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 50));
      await dispatchWebhookEvents({ db: ctx.db });
    }
    const types = r.events().map((e) => e.type);
    expect(types.filter((t) => t === 'refund.created')).toHaveLength(2);
    expect(types.filter((t) => t === 'refund.paid')).toHaveLength(2);
    const paidEvent = r.received.find((x) => JSON.parse(x.body).type === 'refund.paid')!;
    expect(
      verifyWebhookSignature(paidEvent.body, paidEvent.headers['coinlane-signature'] as string, secret).ok,
    ).toBe(true);
    expect(JSON.parse(paidEvent.body).data).toMatchObject({
      id,
      paymentId,
      status: 'paid',
      amount: '0.0004',
    });
  });

  it('simulating is for test mode only', async () => {
    const live = await alice.inMode('live');
    const res = await live.call({ method: 'POST', url: '/api/v1/refunds/ref_missing/simulate' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('Refund transfers can only be simulated in test mode');
  });

  it('cancelling an open refund frees its amount; a cancelled link takes no address', async () => {
    const paymentId = await paidPayment(alice, { email: null });
    const created = await refund(alice, paymentId, { amount: '0.001' });
    const { id, addressLink } = created.json().data;
    const cancel = await alice.call({ method: 'POST', url: `/api/v1/refunds/${id}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe('canceled');
    expect((await refundsOf(alice, paymentId)).refundable).toBe('0.001');
    const late = await publicCall('address', { token: tokenOf(addressLink), address: BTC_ADDRESS });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(
      'This refund is no longer open: it was paid, cancelled or has expired',
    );
  });
});

describe('Issue Refund in Transaction Management', () => {
  it('an admin with transactions.refund issues a refund of any merchant’s payment; the admin list filters refunded', async () => {
    const finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
    const support = await createUser({ db: ctx.db, adminRole: 'support_admin' });
    const cookieOf = async (id: string) => signIn({ app: ctx.app, userId: id, mode: 'live' });
    const paymentId = await paidPayment(bob, { email: 'carl@example.com' });
    const admin = async (userId: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      ctx.app.inject({
        method,
        url: `/api/v1/admin${url}`,
        headers: { cookie: await cookieOf(userId) },
        ...(payload ? { payload: payload as object } : {}),
      });
    const denied = await admin(support.id, 'POST', `/transactions/${paymentId}/refund`, { amount: '0.0001' });
    expect(denied.statusCode).toBe(403);
    const res = await admin(finance.id, 'POST', `/transactions/${paymentId}/refund`, {
      amount: '0.001',
      reason: 'Chargeback request',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      requestedBy: 'admin',
      customerNotified: true,
      addressLink: null,
      mode: 'test',
    });
    await ctx.smtp.waitForMail('carl@example.com', { subject: /Bob Store is refunding 0\.001 BTC/ });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id'])
      .where('entity_id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_type: 'admin', actor_id: finance.id });
    const missing = await admin(finance.id, 'POST', '/transactions/pay_missing/refund', { amount: '0.0001' });
    expect(missing.statusCode).toBe(404);
    const listed = await admin(support.id, 'GET', `/transactions/${paymentId}/refunds`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.refunds).toHaveLength(1);

    // Bob's screen sees it; paid (simulated in test mode), the payment is refunded in the admin's list.
    const bobs = await refundsOf(bob, paymentId);
    expect(bobs.refunds[0]).toMatchObject({ requestedBy: 'admin', status: 'awaiting_address' });
    const mail = await ctx.smtp.waitForMail('carl@example.com', { subject: /refunding/ });
    const token = tokenOf(linkIn(mail, '/refund'));
    expect((await publicCall('address', { token, address: BTC_ADDRESS })).statusCode).toBe(200);
    expect(
      (await bob.call({ method: 'POST', url: `/api/v1/refunds/${res.json().data.id}/simulate` })).statusCode,
    ).toBe(200);
    const refunded = await admin(support.id, 'GET', '/transactions?mode=test&status=refunded');
    expect(refunded.statusCode, refunded.body).toBe(200);
    const rows = refunded.json().data.transactions as Array<{
      id: string;
      status: string;
      refundState: string;
    }>;
    expect(rows.map((t) => t.id)).toContain(paymentId);
    expect(rows.every((t) => t.refundState !== 'none')).toBe(true);
    expect(rows.find((t) => t.id === paymentId)).toMatchObject({ status: 'refunded', refundState: 'full' });
    const details = await admin(support.id, 'GET', `/transactions/${paymentId}`);
    expect(details.json().data.transaction.status).toBe('refunded');
  });
});

describe("the merchant's mails", () => {
  const emailOf = async (m: Merchant) =>
    (await ctx.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()).email;
  const settings = async (m: Merchant, payload: Record<string, unknown>) => {
    const res = await m.call({ method: 'PUT', url: '/api/v1/settings', payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const mailsTo = (email: string, subject: RegExp) =>
    ctx.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));
  /** The quoted link of a merchant's link mail: the same in its text and HTML parts. */
  const quotedLink = (mail: ReceivedMail) => linkIn(mail, '/refund');

  it('an admin’s refund of a payment without a customer e-mail: the merchant is e-mailed the link, in its language', async () => {
    const dora = await createMerchant(ctx, { name: 'Dora Boutique' });
    await settings(dora, { language: 'fr', emailNotifications: false }); // sent whatever the toggles
    const finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
    const paymentId = await paidPayment(dora, { email: null });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/transactions/${paymentId}/refund`,
      headers: { cookie: await signIn({ app: ctx.app, userId: finance.id, mode: 'live' }) },
      payload: { amount: '0.0007', reason: 'Colis perdu' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { addressLink, id } = res.json().data as { addressLink: string; id: string };
    expect(addressLink).toMatch(/\/refund\?token=/);

    const mail = await ctx.smtp.waitForMail(await emailOf(dora), { subject: /Remboursement de 0\.0007 BTC/ });
    expect(mail.subject).toBe(
      '[Test] Remboursement de 0.0007 BTC : envoyez à votre client le lien pour son adresse',
    );
    expect(mail.text).toContain('Bonjour Dora Boutique,');
    expect(mail.text).toContain(
      `Un administrateur de Coinlane a émis un remboursement de 0.0007 BTC (Bitcoin) de votre paiement ${paymentId}.`,
    );
    expect(mail.text).toContain('Motif: Colis perdu');
    expect(mail.text).toContain(`Remboursement: ${id}`);
    expect(mail.html).toContain('<html lang="fr">');
    // The link the admin was shown, to pass on; the button opens the payment on the merchant's Transactions page.
    expect(quotedLink(mail)).toBe(addressLink);
    expect(mail.html).toContain(addressLink);
    expect(mail.text).toContain(`http://localhost:3000/transactions?search=${paymentId}`);
    const view = await publicCall('view', { token: tokenOf(quotedLink(mail)) });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({ merchantName: 'Dora Boutique', amount: '0.0007' });
  });

  it('an API key’s refund mails the merchant the link too; the merchant’s own session does not (the link is on its screen)', async () => {
    const erin = await createMerchant(ctx, { name: 'Erin Goods' });
    const email = await emailOf(erin);
    const linkMail = /send your customer the link/;
    const bySession = await refund(erin, await paidPayment(erin, { email: null }), { amount: '0.0003' });
    expect(bySession.statusCode, bySession.body).toBe(201);

    const key = await createKeyFor({ app: ctx.app, userId: erin.id, permissions: ['read', 'write'] });
    const paymentId = await paidPayment(erin, { email: null });
    const byKey = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payments/${paymentId}/refunds`,
      headers: bearer(key.key),
      payload: { amount: '0.0002' },
    });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const mail = await ctx.smtp.waitForMail(email, { subject: linkMail });
    expect(mail.subject).toBe('[Test] Refund of 0.0002 BTC: send your customer the link for their address');
    expect(mail.text).toContain(
      `Your API key issued a refund of 0.0002 BTC (Bitcoin) of your payment ${paymentId}.`,
    );
    expect(quotedLink(mail)).toBe(byKey.json().data.addressLink);
    // Sent before each reply: the session's refund sent none.
    expect(mailsTo(email, linkMail)).toHaveLength(1);
    expect(JSON.stringify(mailsTo(email, linkMail))).not.toContain(
      tokenOf(bySession.json().data.addressLink),
    );
  });

  it('when the customer gives the address, the merchant is e-mailed what to pay, where, in its language', async () => {
    const finn = await createMerchant(ctx, { name: 'Finn Handel' });
    await settings(finn, { language: 'de' });
    const email = await emailOf(finn);
    const paymentId = await paidPayment(finn, { email: null });
    const created = await refund(finn, paymentId, { amount: '0.0004' });
    const { id, addressLink } = created.json().data as { id: string; addressLink: string };
    expect(
      (await publicCall('address', { token: tokenOf(addressLink), address: BTC_ADDRESS })).statusCode,
    ).toBe(200);
    const mail = await ctx.smtp.waitForMail(email, { subject: /Erstattung/ });
    expect(mail.subject).toBe(
      '[Test] Zahlen Sie die Erstattung von 0.0004 BTC: Ihr Kunde hat seine Adresse angegeben',
    );
    expect(mail.text).toContain('Hallo Finn Handel,');
    expect(mail.text).toContain(
      `Ihr Kunde hat die Adresse für die Erstattung von 0.0004 BTC (Bitcoin) der Zahlung ${paymentId} angegeben.`,
    );
    expect(mail.text).toContain('Betrag: 0.0004 BTC');
    expect(mail.text).toContain(`Adresse: ${BTC_ADDRESS}`);
    expect(mail.text).toContain('Netzwerk: Bitcoin');
    expect(mail.text).toContain(`Wallet-Link: bitcoin:${BTC_ADDRESS}?amount=0.0004`);
    expect(mail.text).toContain(`Erstattung: ${id}`);
    expect(mail.text).toContain(
      `Transaktion ansehen:\nhttp://localhost:3000/transactions?search=${paymentId}`,
    );
    expect(mail.text).toContain('Testmodus');
    expect(mail.html).toContain('<html lang="de">');
    await waitForJobsIdle(ctx.db, [REFUND_ADDRESS_MAIL_JOB]);
    expect(mailsTo(email, /Erstattung/)).toHaveLength(1); // once
  });

  it('the address mail follows the merchant’s payment alerts: off, nothing is sent', async () => {
    const gail = await createMerchant(ctx, { name: 'Gail Quiet' });
    await settings(gail, { paymentAlerts: false });
    const email = await emailOf(gail);
    const paymentId = await paidPayment(gail, { email: null });
    const created = await refund(gail, paymentId, { amount: '0.0001' });
    const since = ctx.smtp.mails.length;
    expect(
      (await publicCall('address', { token: tokenOf(created.json().data.addressLink), address: BTC_ADDRESS }))
        .statusCode,
    ).toBe(200);
    await waitFor(
      'the address mail job done',
      async () => {
        const job = await ctx.db
          .selectFrom('jobs')
          .select('state')
          .where('id', '=', `${REFUND_ADDRESS_MAIL_JOB}:${created.json().data.id}`)
          .executeTakeFirst();
        return job?.state === 'completed';
      },
      MAIL_WAIT_MS,
    );
    expect(ctx.smtp.mails.slice(since).filter((m) => m.to.includes(email.toLowerCase()))).toEqual([]);
  });
});
