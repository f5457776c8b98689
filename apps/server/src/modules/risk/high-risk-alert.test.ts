import type { TSystemAlert } from '@coinlane/core/api/admin-operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * The high_risk_transaction System Alert end to end (decision 021, 018): a merchant's live payments created through
 * the API, the risk rules scoring each as it is created (the lifecycle handler of server-payments.ts), the payment
 * that the rules push above 6 raising one warning alert for the operators, listed by GET /admin/alerts, and none
 * while System Settings' notify_high_risk_transactions is off. A litecoin node is configured so that live payments
 * can be made; allocating their addresses reads only the database, so the node is never called.
 */
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';

let ctx: TestContext;
let live: Merchant;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
  adminCookie = await signIn({
    app: ctx.app,
    userId: (await createUser({ db: ctx.db, adminRole: 'super_admin' })).id,
  });
  const merchant = await createMerchant(ctx, { name: 'Risky Shop' });
  live = await merchant.inMode('live');
  const added = await merchant.call({
    method: 'POST',
    url: '/api/v1/wallets',
    payload: { currency: 'LTC', network: 'litecoin', address: TPUB },
  });
  expect(added.statusCode, added.body).toBe(200);
  const walletId = added.json().data.wallet.id as string;
  const email = (
    await ctx.db.selectFrom('users').select('email').where('id', '=', merchant.id).executeTakeFirstOrThrow()
  ).email;
  const before = ctx.smtp.mails.length;
  await merchant.call({ method: 'POST', url: `/api/v1/wallets/${walletId}/verify` });
  const mail = await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: before });
  const confirmed = await merchant.call({
    method: 'POST',
    url: `/api/v1/wallets/${walletId}/verify/confirm`,
    payload: { code: codeIn(mail) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
});
afterAll(() => ctx.close());

/** A live payment the merchant's integration creates for a customer (e-mail and IP given, as the API allows). */
async function livePayment(customer: { email: string; ip: string }): Promise<string> {
  const res = await live.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: {
      amount: '0.01',
      currency: 'LTC',
      network: 'litecoin',
      customerEmail: customer.email,
      customerIp: customer.ip,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.mode).toBe('live');
  return res.json().data.id as string;
}
async function riskOf(id: string): Promise<{ riskScore: number; fraudFlags: string[] }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/admin/transactions/${id}`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.risk;
}
async function highRiskAlerts(): Promise<TSystemAlert[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/admin/alerts',
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as TSystemAlert[]).filter((a) => a.kind === 'high_risk_transaction');
}
async function notifyHighRisk(on: boolean) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: { cookie: adminCookie },
    payload: { notifications: { notify_high_risk_transactions: on } },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.notifications.notify_high_risk_transactions).toBe(on);
}

describe('high_risk_transaction System Alert', () => {
  it('raises exactly one when a live payment’s risk rules push its score above 6', async () => {
    const customer = { email: 'Busy.Buyer@example.com', ip: '81.2.69.160' };
    // Four payments of one customer in the hour: not yet a pattern.
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await livePayment(customer));
    for (const id of first) {
      const risk = await riskOf(id);
      expect(risk.fraudFlags).toEqual([]);
      expect(risk.riskScore).toBeLessThanOrEqual(6);
    }
    expect(await highRiskAlerts()).toEqual([]);

    // The fifth: 5 payments with the e-mail and from the IP within the hour, two flags, high risk.
    const fifth = await livePayment({ ...customer, email: 'busy.buyer@EXAMPLE.com' });
    const risk = await riskOf(fifth);
    expect(risk.fraudFlags).toEqual(['high_velocity_customer_email', 'high_velocity_customer_ip']);
    expect(risk.riskScore).toBeGreaterThan(6);
    const alerts = await highRiskAlerts();
    expect(alerts).toEqual([
      expect.objectContaining({
        level: 'warning',
        status: 'active',
        title: `High-risk transaction: ${fifth} (${risk.riskScore}/10)`,
      }),
    ]);
    expect(alerts[0]!.description).toContain('high velocity customer email, high velocity customer ip');

    // Scored again on its next change (the merchant cancels it): still high, still one alert.
    const cancel = await live.call({ method: 'POST', url: `/api/v1/payments/${fifth}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await riskOf(fifth)).riskScore).toBeGreaterThan(6);
    expect(await highRiskAlerts()).toHaveLength(1);
  });

  it('raises none while notify_high_risk_transactions is off', async () => {
    const before = await highRiskAlerts();
    await notifyHighRisk(false);
    const customer = { email: 'quiet.buyer@example.com', ip: '8.8.8.8' };
    let last = '';
    for (let i = 0; i < 5; i++) last = await livePayment(customer);
    // The payment is as risky as before; only the alert is not raised.
    expect((await riskOf(last)).riskScore).toBeGreaterThan(6);
    expect(await highRiskAlerts()).toEqual(before);
    const stored = await ctx.db
      .selectFrom('system_alerts')
      .select('id')
      .where('kind', '=', 'high_risk_transaction')
      .where('dedupe_key', '=', last)
      .execute();
    expect(stored).toEqual([]);

    // On again: the next such payment raises its alert.
    await notifyHighRisk(true);
    const sixth = await livePayment(customer);
    expect((await highRiskAlerts()).map((a) => a.title)).toContainEqual(
      expect.stringContaining(`High-risk transaction: ${sixth}`),
    );
  });
});
