import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '#app/test/smtp.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { WebhookSettings } from './pages/api-keys-pages.ts';
import { goToMerchantPage, trim } from './pages/merchant-payments-pages.ts';
import { collectErrors, horizontalOverflow, signUpAndSignIn, until } from './pages/merchant-session.ts';
import { PaymentPage } from './pages/payment-page.ts';
import {
  clippedSelects,
  goToSettings,
  PortalPage,
  SubscribePage,
  SubscriptionsPage,
  shownPrice,
} from './pages/subscriptions-pages.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Subscriptions end to end (docs/decisions/023-subscriptions.md), at desktop and phone width, each with its own
 * merchant: the merchant signs up, points its webhook endpoint at a local receiver for the subscription events,
 * creates a monthly USD plan in the browser and reads its subscribe link from the plan card. Customers, each in a
 * browser context of their own, subscribe on the public page and pay the first invoice on the hosted payment page
 * (its test panel; the test network confirms, one block a second). With the test clock of the Subscribers tab the
 * merchant lives a month in a click: a renewal e-mailed (test copies go to the merchant's own address) and paid
 * from the mail's link; a renewal left unpaid goes past due, then expired; a subscriber cancels from the portal
 * link of their mail. The receiver gets every subscription event, signed with the endpoint's secret.
 */

const PASSWORD = 'Str0ng!pass-e2e';
/** The coin the customers pay with: one confirmation on the test network. */
const COIN = 'BTC on Bitcoin';

let server: RunningServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  ensureWebBuilt();
  receiver = await startWebhookReceiver();
  // The receiver is on loopback: private webhook targets allowed for this server only. Every customer here comes
  // from 127.0.0.1, six of them in a minute with their subscribe, payment and portal pages (some 60 public calls,
  // the default limit per client IP and minute): the per-IP limit is lifted, as in payment-page.test.ts (the
  // limits are tested in the server's tests).
  server = await startServer({
    TEST_NETWORK_BLOCK_SECONDS: '1',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    API_RATE_LIMIT_PER_MINUTE: '10000',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

/** `n` calendar months after `from`, on the same day or the month's last (as the server counts periods). */
function monthsAfter(from: Date, n: number): Date {
  const d = new Date(from);
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + n);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return d;
}
/** A date as the Subscriptions page writes it in English. */
const shownDate = (d: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(d);

/** A call to the API from the signed-in page (same origin, the session cookie): the reply's data. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  );
  if (reply.status >= 300)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.json)}`);
  return (reply.json as { data: T }).data;
}

/** The whole merchant page, from its top (the sticky header where it belongs). */
async function merchantShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

type SubscriptionEvent = { id: string; type: string; data: Record<string, unknown> };

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('subscriptions at %s width', (label, viewport) => {
  const phone = viewport === PHONE;
  const stamp = Date.now();
  const merchantEmail = `subs-${label}-${stamp}@example.com`;
  const customer = (n: number) => `customer${n}-${label}-${stamp}@example.com`;

  /** A customer's own browser: the subscribe page, then the first invoice paid on the hosted payment page. */
  async function subscribeAndPay(
    subscribeUrl: string,
    email: string,
    shots?: string,
  ): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
    const ctx = await newContext(browser, server.url, viewport);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(subscribeUrl);
    const sub = new SubscribePage(page);
    await sub.ready();
    expect(await sub.planName()).toBe('Pro');
    expect(await sub.price()).toBe('$25.00 / month');
    expect(await sub.features()).toEqual(['Unlimited projects', 'Priority support']);
    await page.getByText('Subscription with').waitFor();
    await page.getByText(`Sam Subscriptions ${label}`, { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    if (shots) await screenshot(page, `${shots}-${label}`);
    await sub.subscribe(email, COIN);
    await page.waitForURL(/\/payment\/[\w-]+$/);
    await payOpenInvoice(page);
    return { ctx, page, errors };
  }

  /** On the hosted payment page of an invoice: pay in full with the test panel, wait for Confirmed. */
  async function payOpenInvoice(page: Page) {
    const pay = new PaymentPage(page);
    await pay.waitForText('Amount Due');
    await pay.waitForText('Test mode — no real funds');
    await pay.simulate('full');
    await pay.waitForText('Payment confirmed');
  }

  it('a plan, subscribers who pay, renew, lapse and cancel, and every event signed', async () => {
    const started = Date.now();
    const ctx = await newContext(browser, server.url, viewport);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const customerErrors: string[][] = [];
    await signUpAndSignIn(page, server, {
      name: `Sam Subscriptions ${label}`,
      email: merchantEmail,
      password: PASSWORD,
    });

    // 1. The webhook endpoint, in Settings: the receiver, the subscription events and invoice.created.
    await goToSettings(page, phone);
    const hooks = new WebhookSettings(page);
    await hooks.section.getByLabel('Webhook URL').waitFor();
    const hookPath = `/hooks-${label}`;
    await hooks.configure(`${receiver.url.replace(/\/hooks$/, '')}${hookPath}`, [
      'subscription.created',
      'subscription.activated',
      'subscription.renewed',
      'subscription.past_due',
      'subscription.cancelled',
      'subscription.expired',
      'invoice.created',
    ]);
    const secret = await hooks.revealSecret();
    expect(secret).toMatch(/^whsec_/);

    // 2. Subscriptions from the navigation; a monthly USD plan with two features and an empty line.
    await goToMerchantPage(page, 'Subscriptions', phone);
    const subs = new SubscriptionsPage(page);
    await subs.ready();
    await page.getByText('No subscription plans yet').waitFor();
    expect(await subs.figure('summary-plans')).toBe('0');
    await subs.openCreateForm();
    await subs.form().waitFor();
    await subs.fillPlan({
      name: 'Pro',
      price: '25',
      currency: 'USD',
      interval: 'monthly',
      description: 'Everything a growing shop needs',
      features: ['Unlimited projects', 'Priority support', ''],
    });
    expect(
      await subs
        .form()
        .getByRole('textbox', { name: /^Feature \d$/ })
        .count(),
    ).toBe(3);
    await merchantShot(page, `subscriptions-plan-form-${label}`);
    await subs.submitPlan();
    await subs.form().waitFor({ state: 'detached' });
    const card = subs.planCard('Pro');
    await card.waitFor();
    expect(await card.getByText('Active', { exact: true }).first().isVisible()).toBe(true);
    expect(await shownPrice(card.getByTestId('plan-price'))).toBe('$25.00 / month');
    expect(await card.getByRole('listitem').allTextContents()).toEqual([
      'Unlimited projects',
      'Priority support',
    ]);
    expect(await card.getByTestId('plan-subscribers').textContent().then(trim)).toBe('0 active subscribers');
    await until(
      () => subs.figure('summary-plans'),
      (v) => v === '1',
    );
    expect(await subs.figureCard('summary-plans').textContent()).toContain('Out of 1 total');
    const subscribeUrl = await card.getByTestId('subscribe-url').textContent().then(trim);
    expect(subscribeUrl).toMatch(new RegExp(`^${server.url}/subscribe/[\\w-]+$`));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await merchantShot(page, `subscriptions-plans-${label}`);

    // The merchant watches the Subscribers tab while customers pay.
    await subs.tab('Subscribers');
    await page.getByText('No subscribers yet').waitFor();

    // 3. The first customer subscribes and pays the first invoice.
    const first = customer(1);
    const paidAt = new Date();
    const c1 = await subscribeAndPay(subscribeUrl, first, 'subscriptions-subscribe-page');
    customerErrors.push(c1.errors);
    await screenshot(c1.page, `subscriptions-first-invoice-paid-${label}`);

    // 4. The merchant sees the subscriber active, paid a month ahead, and the revenue.
    await subs.subscriber(first).waitFor();
    await until(
      () => subs.status(first),
      (s) => s === 'ACTIVE',
    );
    const oneMonth = shownDate(monthsAfter(paidAt, 1));
    expect(await subs.subscriberFigures(first)).toEqual({
      status: 'ACTIVE',
      nextPayment: oneMonth,
      totalPaid: '$25.00',
    });
    await until(
      () => subs.figure('summary-revenue'),
      (v) => v === '$25.00',
    );
    expect(await subs.figure('summary-subscribers')).toBe('1');
    await subs.subscriber(first).getByText('Pays with BTC · Bitcoin').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await merchantShot(page, `subscriptions-subscriber-active-${label}`);

    // 5. A month later on the test clock: the renewal mailed (a test copy to the merchant), paid from the mail.
    let mails = server.smtp.mails.length;
    await subs.moveClock(first, '+1 period');
    await subs.notice(`The test clock of ${first} now reads`).waitFor();
    const renewal = await server.smtp.waitForMail(merchantEmail, {
      after: mails,
      subject: /the next invoice is ready$/,
    });
    expect(renewal.subject).toBe(
      `[Test copy for ${first}] Your Pro subscription with Sam Subscriptions ${label}: the next invoice is ready`,
    );
    // Its period ended unpaid: past due until the customer pays.
    await until(
      () => subs.status(first),
      (s) => s === 'PAST DUE',
    );
    const payLink = linkIn(renewal, '/payment/');
    expect(payLink).toMatch(new RegExp(`^${server.url}/payment/[\\w-]+$`));
    await c1.page.goto(payLink);
    await payOpenInvoice(c1.page);
    await until(
      () => subs.status(first),
      (s) => s === 'ACTIVE',
    );
    expect(await subs.subscriberFigures(first)).toEqual({
      status: 'ACTIVE',
      nextPayment: shownDate(monthsAfter(paidAt, 2)),
      totalPaid: '$50.00',
    });
    await c1.ctx.close();

    // 6. A second customer pays the first invoice but not the renewal: past due, then expired after grace.
    const second = customer(2);
    const c2 = await subscribeAndPay(subscribeUrl, second);
    customerErrors.push(c2.errors);
    await c2.ctx.close();
    await subs.subscriber(second).waitFor();
    await until(
      () => subs.status(second),
      (s) => s === 'ACTIVE',
    );
    await subs.moveClock(second, '+1 period');
    await until(
      () => subs.status(second),
      (s) => s === 'PAST DUE',
    );
    await merchantShot(page, `subscriptions-past-due-${label}`);
    await subs.moveClock(second, 'Past grace');
    await until(
      () => subs.status(second),
      (s) => s === 'EXPIRED',
    );
    expect(await subs.subscriberFigures(second)).toMatchObject({ totalPaid: '$25.00' });

    // 7. A third customer subscribes, then cancels from the portal link of their mail.
    const third = customer(3);
    mails = server.smtp.mails.length;
    const c3 = await subscribeAndPay(subscribeUrl, third);
    customerErrors.push(c3.errors);
    const activated = await server.smtp.waitForMail(merchantEmail, {
      after: mails,
      subject: new RegExp(`^\\[Test copy for ${third.replace(/[.+]/g, '\\$&')}\\] .* is active$`),
    });
    const portalLink = linkIn(activated, '/subscription-portal');
    expect(portalLink).toMatch(/\/subscription-portal\?token=[\w-]+$/);
    await c3.page.goto(portalLink);
    const portal = new PortalPage(c3.page);
    await c3.page.getByTestId('subscription-status').waitFor();
    expect(await portal.status()).toBe('ACTIVE');
    // The key of the link leaves the address bar.
    expect(c3.page.url()).not.toContain('token=');
    expect(await c3.page.getByTestId('paid-invoices').getByRole('row').count()).toBe(2);
    expect(await horizontalOverflow(c3.page)).toBeLessThanOrEqual(0);
    await screenshot(c3.page, `subscriptions-portal-${label}`);
    await c3.page.getByRole('button', { name: 'Cancel now' }).click();
    await c3.page.getByRole('dialog', { name: 'Cancel your subscription now?' }).waitFor();
    await viewShot(c3.page, `subscriptions-portal-cancel-dialog-${label}`);
    await c3.page
      .getByRole('dialog', { name: 'Cancel your subscription now?' })
      .getByRole('button', { name: 'Cancel now' })
      .click();
    await c3.page.getByTestId('portal-done').waitFor();
    expect(await portal.done()).toBe('Your subscription is cancelled.');
    expect(await portal.status()).toBe('CANCELLED');
    await screenshot(c3.page, `subscriptions-portal-cancelled-${label}`);
    await c3.ctx.close();
    // The merchant's page reads it again when looked at anew.
    await page.reload();
    await subs.ready();
    await subs.tab('Subscribers');
    await until(
      () => subs.status(third),
      (s) => s === 'CANCELLED',
    );
    expect(await subs.subscriberFigures(first)).toMatchObject({ status: 'ACTIVE' });
    expect(await subs.figure('summary-subscribers')).toBe('1');
    expect(await subs.figure('summary-revenue')).toBe('$25.00');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await clippedSelects(page)).toEqual([]);
    await merchantShot(page, `subscriptions-subscribers-${label}`);

    // 8. The receiver got every event, each signed with the endpoint's secret.
    const mine = () => receiver.received.filter((r) => r.path === hookPath);
    const wanted = [
      'subscription.created',
      'subscription.activated',
      'invoice.created',
      'subscription.renewed',
      'subscription.past_due',
      'subscription.expired',
      'subscription.cancelled',
    ];
    await until(
      async () => new Set(mine().map((r) => (JSON.parse(r.body) as SubscriptionEvent).type)),
      (types) => wanted.every((t) => types.has(t)),
    );
    for (const r of mine()) {
      expect(verifyWebhookSignature(r.body, String(r.headers['coinlane-signature']), secret).ok).toBe(true);
    }
    const events = mine().map((r) => JSON.parse(r.body) as SubscriptionEvent);
    const typesOf = (email: string) => {
      const ids = new Set(events.filter((e) => e.data.email === email).map((e) => e.data.id));
      return new Set(
        events
          .filter((e) => ids.has(e.data.id as string) || ids.has(e.data.subscriptionId as string))
          .map((e) => e.type),
      );
    };
    expect(typesOf(first)).toEqual(
      new Set([
        'subscription.created',
        'invoice.created',
        'subscription.activated',
        'subscription.past_due',
        'subscription.renewed',
      ]),
    );
    expect(typesOf(second)).toEqual(
      new Set([
        'subscription.created',
        'invoice.created',
        'subscription.activated',
        'subscription.past_due',
        'subscription.expired',
      ]),
    );
    expect(typesOf(third)).toEqual(
      new Set([
        'subscription.created',
        'invoice.created',
        'subscription.activated',
        'subscription.cancelled',
      ]),
    );
    // Two invoices for the first subscriber (the first and the renewal), each once.
    const firstId = events.find((e) => e.data.email === first)!.data.id;
    expect(
      events.filter((e) => e.type === 'invoice.created' && e.data.subscriptionId === firstId),
    ).toHaveLength(2);

    // The phone: the page in Spanish once (the account's language setting).
    if (phone) {
      await call(page, 'PUT', '/settings', { language: 'es' });
      await page.reload();
      await page.getByRole('heading', { name: 'Suscripciones', level: 1 }).waitFor();
      await subs.tab('Suscriptores');
      await until(
        () => subs.status(third),
        (s) => s === 'CANCELADA',
      );
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The filters' 'Todos los planes' and 'Todos los estados' read whole.
      expect(await clippedSelects(page)).toEqual([]);
      await merchantShot(page, `subscriptions-subscribers-es-${label}`);
      await subs.tab('Planes de suscripción');
      await subs.planCard('Pro').waitFor();
      await merchantShot(page, `subscriptions-plans-es-${label}`);
      await call(page, 'PUT', '/settings', { language: 'en' });
    }

    expect(errors).toEqual([]);
    for (const e of customerErrors) expect(e).toEqual([]);
    await ctx.close();
    console.info(`subscriptions journey at ${label} width: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
