import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '#app/jobs/worker.ts';
import { writeOutboxEvent } from '#app/modules/outbox/write-outbox-event.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { presentPayment } from '#app/modules/payments/present-payment.ts';
import { readPayment } from '#app/modules/payments/read-payment.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { TEST_PASSWORD } from '#app/test/fixtures.ts';
import { startWebhooksRole, waitForJobRuns, waitForJobsIdle } from '#app/test/jobs.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { MAIL_WAIT_MS, type ReceivedMail } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { dispatchPaymentMails, PAYMENT_MAIL_JOB } from './dispatch-payment-mails.ts';
import { paymentMailJob } from './payment-mail.job.ts';

// A real job worker (with its scheduled dispatchers) and a real SMTP server: what a merchant's inbox receives.
const log = pino({ level: 'silent' });
let ctx: TestContext;
let worker: JobWorker;

beforeAll(async () => {
  ctx = await createTestContext();
  worker = startWebhooksRole(ctx, 20);
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

const emailOf = async (m: Merchant) =>
  (await ctx.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()).email;
const settings = async (m: Merchant, payload: Record<string, unknown>) => {
  const res = await m.call({ method: 'PUT', url: '/api/v1/settings', payload });
  expect(res.statusCode, res.body).toBe(200);
};
const createPayment = async (m: Merchant, amount = '0.1') => {
  const res = await m.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount, currency: 'BTC', description: 'Order <42>' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
};
const pay = async (m: Merchant, id: string, amount?: string) => {
  const res = await m.call({
    method: 'POST',
    url: `/api/v1/payments/${id}/simulate`,
    payload: amount ? { amount } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** The test network's clock an hour on: every test transfer has its confirmations. */
const confirmAll = () =>
  advanceTestNetwork({
    deps: ctx.server.payments,
    db: ctx.db,
    now: new Date(Date.now() + 3600_000),
    blockSeconds: 2,
  });
const ledger = (paymentId: string) =>
  ctx.db
    .selectFrom('payment_mails')
    .select(['kind', 'round', 'state', 'skip_reason'])
    .where('payment_id', '=', paymentId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
/** Waits until the payment's mails are all decided (sent or skipped). */
const settled = (paymentId: string, count: number) =>
  waitFor(
    `${count} mail(s) of ${paymentId} decided`,
    async () => {
      const rows = await ledger(paymentId);
      return rows.length === count && rows.every((r) => r.state === 'sent' || r.state === 'skipped')
        ? rows
        : null;
    },
    MAIL_WAIT_MS,
  );
const mailsTo = (email: string) => ctx.smtp.mails.filter((m) => m.to.includes(email));

describe('payment mails to the merchant', () => {
  it('a confirmed payment: one mail, in English, with the payment facts escaped; never twice', async () => {
    const m = await createMerchant(ctx, { name: 'Ada <Lovelace>' });
    const email = await emailOf(m);
    const p = await createPayment(m);
    await pay(m, p.id);
    await confirmAll();
    const mail = await ctx.smtp.waitForMail(email, { subject: /Payment confirmed/ });
    expect(mail.subject).toBe('[Test] Payment confirmed: 0.1 BTC');
    expect(mail.text).toContain(`Payment ${p.id} of 0.1 BTC is confirmed on`);
    expect(mail.text).toContain('Description: Order <42>');
    expect(mail.text).toContain('http://localhost:3000/transactions');
    expect(mail.text).toContain('payment alerts are on');
    expect(mail.html).toContain('Hi Ada &lt;Lovelace&gt;,');
    expect(mail.html).not.toContain('Order <42>');
    expect(await settled(p.id, 1)).toEqual([
      { kind: 'confirmed', round: 0, state: 'sent', skip_reason: null },
    ]);

    // The dispatcher and the job again (a retry, a second process): nothing more is sent.
    const before = mailsTo(email).length;
    await dispatchPaymentMails({ db: ctx.db });
    await paymentMailJob.handler(
      { paymentId: p.id, kind: 'confirmed', round: 0 },
      {
        db: ctx.db,
        config: ctx.config,
        log,
        job: { id: 'again', name: paymentMailJob.name, attempts: 2, maxAttempts: 8 },
      },
    );
    // The job sends (and the test SMTP server has the mail) before it returns; mail jobs it may have queued run too.
    await waitForJobsIdle(ctx.db, [PAYMENT_MAIL_JOB]);
    expect(mailsTo(email).length).toBe(before);
  });

  it('in the merchant’s language', async () => {
    const m = await createMerchant(ctx);
    await settings(m, { language: 'de' });
    const email = await emailOf(m);
    const p = await createPayment(m, '0.2');
    await pay(m, p.id);
    await confirmAll();
    const mail = await ctx.smtp.waitForMail(email, { subject: /Zahlung bestätigt/ });
    expect(mail.subject).toBe('[Test] Zahlung bestätigt: 0.2 BTC');
    expect(mail.text).toContain('Sie können die Bestellung ausliefern');
    expect(mail.text).toContain('Krypto-Zahlungen ohne Verwahrung');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('an overpaid payment: the confirmation says so, in one mail', async () => {
    const m = await createMerchant(ctx);
    const email = await emailOf(m);
    const p = await createPayment(m);
    await pay(m, p.id, '0.15');
    await confirmAll();
    const mail = await ctx.smtp.waitForMail(email, { subject: /Payment confirmed/ });
    expect(mail.text).toContain('The customer sent 0.15 BTC, more than the 0.1 BTC due.');
    expect(await settled(p.id, 2)).toEqual([
      { kind: 'confirmed', round: 0, state: 'sent', skip_reason: null },
      { kind: 'overpaid', round: 0, state: 'skipped', skip_reason: 'in_confirmed_mail' },
    ]);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('money beyond the amount after the confirmation: a mail that it needs attention', async () => {
    const m = await createMerchant(ctx);
    const email = await emailOf(m);
    const p = await createPayment(m);
    await pay(m, p.id);
    await confirmAll();
    await ctx.smtp.waitForMail(email, { subject: /Payment confirmed/ });
    await pay(m, p.id, '0.01');
    const mail = await ctx.smtp.waitForMail(email, { subject: /overpaid/ });
    expect(mail.subject).toBe(`[Test] Payment needs attention: ${p.id} was overpaid`);
    expect(mail.text).toContain('0.11 BTC for 0.1 BTC');
  });

  it('an underpaid payment that expired: a mail that it needs attention', async () => {
    const m = await createMerchant(ctx);
    const email = await emailOf(m);
    const p = await createPayment(m);
    await pay(m, p.id, '0.04');
    await expireDuePayments({
      deps: ctx.server.payments,
      db: ctx.db,
      now: new Date(Date.now() + 3 * 86_400_000),
      userId: m.id,
    });
    const mail = await ctx.smtp.waitForMail(email, { subject: /needs attention/ });
    expect(mail.subject).toBe(`[Test] Payment needs attention: ${p.id} expired with 0.04 BTC of 0.1 BTC`);
    expect(mail.text).toContain('Ask the customer to pay the rest');
  });

  it('a late payment: a mail once the late money is confirmed, not before', async () => {
    const m = await createMerchant(ctx);
    const email = await emailOf(m);
    const p = await createPayment(m);
    await expireDuePayments({
      deps: ctx.server.payments,
      db: ctx.db,
      now: new Date(Date.now() + 3 * 86_400_000),
      userId: m.id,
    });
    await pay(m, p.id, '0.1');
    await dispatchPaymentMails({ db: ctx.db });
    await waitForJobRuns(ctx.db, 'notifications.dispatch_payment_mails', new Date(), 1);
    expect(await ledger(p.id)).toEqual([]);
    await confirmAll();
    const mail = await ctx.smtp.waitForMail(email, { subject: /Late payment/ });
    expect(mail.subject).toBe(`[Test] Late payment: 0.1 BTC arrived after payment ${p.id} had closed`);
    expect(await settled(p.id, 1)).toEqual([{ kind: 'late', round: 0, state: 'sent', skip_reason: null }]);
  });
});

describe('the merchant’s toggles', () => {
  const confirmedPayment = async (m: Merchant) => {
    const p = await createPayment(m);
    await pay(m, p.id);
    await confirmAll();
    return p;
  };

  it('payment alerts off: no payment mail', async () => {
    const m = await createMerchant(ctx);
    await settings(m, { paymentAlerts: false });
    const p = await confirmedPayment(m);
    expect(await settled(p.id, 1)).toEqual([
      { kind: 'confirmed', round: 0, state: 'skipped', skip_reason: 'payment_alerts_off' },
    ]);
    expect(mailsTo(await emailOf(m))).toEqual([]);
  });

  it('e-mail notifications off (the master switch): no payment mail, but security mails still go', async () => {
    const m = await createMerchant(ctx);
    await settings(m, { emailNotifications: false, paymentAlerts: true });
    const email = await emailOf(m);
    const p = await confirmedPayment(m);
    expect(await settled(p.id, 1)).toEqual([
      { kind: 'confirmed', round: 0, state: 'skipped', skip_reason: 'email_notifications_off' },
    ]);
    expect(mailsTo(email)).toEqual([]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const code: ReceivedMail = await ctx.smtp.waitForMail(email, { subject: /sign-in code/ });
    expect(code.text).toMatch(/\b\d{6}\b/);
  });

  it('turned back on: the next payment is mailed (the skipped one is not sent late)', async () => {
    const m = await createMerchant(ctx);
    await settings(m, { paymentAlerts: false });
    const skipped = await confirmedPayment(m);
    await settled(skipped.id, 1);
    await settings(m, { paymentAlerts: true });
    const p = await confirmedPayment(m);
    const mail = await ctx.smtp.waitForMail(await emailOf(m), { subject: /Payment confirmed/ });
    expect(mail.text).toContain(p.id);
    await waitForJobRuns(ctx.db, 'notifications.dispatch_payment_mails', new Date(), 1);
    await waitForJobsIdle(ctx.db, [PAYMENT_MAIL_JOB]);
    expect(mailsTo(await emailOf(m))).toHaveLength(1);
  });
});

describe('rounds', () => {
  it('a payment reversed and confirmed again gets a mail per confirmation and per reversal', async () => {
    const m = await createMerchant(ctx);
    const p = await createPayment(m);
    await pay(m, p.id);
    await confirmAll();
    await settled(p.id, 1);
    // What applyPaymentEvent writes when a reorganisation takes the confirmation back and the money is mined
    // again (the chain tests do it on litecoind); here the events alone, as the dispatcher reads them.
    const row = (await readPayment(ctx.db, p.id))!;
    for (const type of ['payment.reversed', 'payment.confirmed', 'payment.reversed']) {
      await writeOutboxEvent({
        db: ctx.db,
        userId: m.id,
        mode: 'test',
        type,
        entityType: 'payment',
        entityId: p.id,
        payload: { ...presentPayment(row), status: type === 'payment.reversed' ? 'pending' : 'confirmed' },
      });
    }
    const rows = await settled(p.id, 4);
    expect(rows.map((r) => `${r.kind}#${r.round}:${r.state}`).sort()).toEqual([
      'confirmed#0:sent',
      'confirmed#1:sent',
      'reversed#0:sent',
      'reversed#1:sent',
    ]);
    const reversed = await ctx.smtp.waitForMail(await emailOf(m), { subject: /Payment reversed/ });
    expect(reversed.text).toContain('Do not ship goods');
  });
});
