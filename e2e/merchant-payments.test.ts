import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goToMerchantPage,
  PaymentLinksPage,
  TransactionsPage,
  trim,
} from './pages/merchant-payments-pages.ts';
import { signUpAndSignIn as signUpAndSignInAs, until } from './pages/merchant-session.ts';
import { PaymentPage } from './pages/payment-page.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * A merchant gets paid, end to end, at desktop and phone width: signs up and in, creates a payment link in the
 * UI (the created panel and the card with its QR code), a customer opens the hosted page in a second browser
 * context and pays part, then the rest, on the test network; the merchant's Transactions page shows the row
 * appear, its confirmations bar move and the row turn confirmed, all without reload. Then the filters, the
 * CSV export and the dashboard figures match what was paid, and the links' Analytics tab counts the link.
 */

let server: RunningServer;
let browser: Browser;
const PASSWORD = 'Str0ng!pass';

beforeAll(async () => {
  ensureWebBuilt();
  // One test block per second: the 12 confirmations of USDT on Ethereum take about 12 s.
  server = await startServer({ TEST_NETWORK_BLOCK_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs a new merchant up and in through the browser (pages/merchant-session.ts). */
const signUpAndSignIn = (page: Page, email: string) =>
  signUpAndSignInAs(page, server, { name: 'Ada Merchant', email, password: PASSWORD });

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('a merchant gets paid at %s width', (label, viewport) => {
  const phone = viewport === PHONE;
  const email = `pay-${label}-${Date.now()}@example.com`;

  it('creates a link, is paid through the hosted page, and sees it live, in the CSV and on the dashboard', async () => {
    const ctx = await newContext(browser, server.url, viewport);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Render errors caught by the route's error screen show only in the console (401s before sign-in are expected).
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    await signUpAndSignIn(page, email);

    // A new account: the dashboard's empty states.
    await page.getByText('No confirmed transactions yet').waitFor();
    await page.getByText('Your recent transactions will appear here').waitFor();
    expect(await page.getByTestId('stat-volume').textContent().then(trim)).toBe('$0.00');
    await page.getByTestId('volume-chart').waitFor();
    await screenshot(page, `merchant-dashboard-empty-${label}`);

    // Payment links: empty state, then the form.
    await goToMerchantPage(page, 'Payments', phone);
    await page.waitForURL(/\/payment-links$/);
    const links = new PaymentLinksPage(page);
    await page.getByText('No Payment Links Yet').waitFor();
    await screenshot(page, `merchant-links-empty-${label}`);
    await page.getByRole('button', { name: 'Create Your First Link' }).click();
    await links.form().waitFor();
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(1);
    // The spec's defaults: USD, BTC, 24 hours; the amount steps by 0.01, by 1 for JPY.
    const f = links.form();
    expect(await f.getByLabel('Currency', { exact: true }).inputValue()).toBe('USD');
    expect(await f.getByLabel('Cryptocurrency').inputValue()).toBe('BTC');
    expect(await f.getByLabel('Link expires').inputValue()).toBe('24');
    expect(await f.getByLabel('Amount').getAttribute('step')).toBe('0.01');
    await links.fill({ fiat: 'JPY' });
    expect(await f.getByLabel('Amount').getAttribute('step')).toBe('1');
    await links.fill({ fiat: 'USD' });
    expect(await f.getByLabel('Network').count()).toBe(0);
    await links.submit();
    await page.getByText('Please enter a valid payment amount').waitFor();
    // USDT has several networks: the first (Ethereum) is chosen; the preview follows the rates.
    await links.fill({ crypto: 'USDT' });
    expect(await f.getByLabel('Network').inputValue()).toBe('ethereum');
    expect((await f.getByLabel('Network').locator('option').allInnerTexts()).slice(0, 4)).toEqual([
      'Ethereum',
      'Tron',
      'Polygon',
      'BNB Smart Chain',
    ]);
    await links.fill({ network: 'polygon' });
    await links.fill({ crypto: 'USDC' });
    expect(await f.getByLabel('Network').inputValue()).toBe('polygon');
    await links.fill({ crypto: 'BTC' });
    expect(await f.getByLabel('Network').count()).toBe(0);
    await links.fill({ crypto: 'USDT' });
    expect(await f.getByLabel('Network').inputValue()).toBe('ethereum');
    await links.fill({ amount: '25', description: `E2E order ${label}` });
    await until(
      () => links.preview(),
      (s) => s.includes('25.00 USDT'),
    );
    await screenshot(page, `merchant-links-form-${label}`);
    // The optional return URL under More options: plain http to another machine is refused before anything is sent.
    await f.getByText('More options').click();
    const returnUrl = f.getByLabel('Return URL (optional)');
    await returnUrl.fill('http://shop.example.com/thanks');
    await links.submit();
    await f
      .getByText(
        'The return URL must use https. Plain http is accepted only for localhost, 127.0.0.1 or [::1] in test mode',
      )
      .waitFor();
    expect(await returnUrl.getAttribute('aria-invalid')).toBe('true');
    await noHorizontalOverflow(page);
    await screenshot(page, `merchant-links-form-return-url-${label}`);
    await returnUrl.fill('');
    await links.submit();

    await page.getByTestId('link-created').waitFor();
    await page.getByText('Payment Link Created!').waitFor();
    const url = await links.createdUrl();
    expect(url).toMatch(new RegExp(`^${server.url}/payment/lnk_[a-z2-7]{26}$`));
    const linkId = url.split('/').pop()!;
    expect(await page.getByRole('button', { name: 'Create New Link' }).count()).toBe(1);
    const card = page.locator(`[data-testid="link-card"][data-id="${linkId}"]`);
    await card.waitFor();
    expect(await card.textContent().then(trim)).toContain('25.00 USDT');
    expect(await card.textContent().then(trim)).toContain(`E2E order ${label}`);
    expect(await card.textContent().then(trim)).toContain('Active');
    expect(await card.getByTestId('link-fiat').textContent().then(trim)).toBe('Priced at $25.00');
    expect(await page.getByTestId('links-count').textContent().then(trim)).toBe('1');
    expect(await card.getByTestId('open-link').getAttribute('href')).toBe(`/payment/${linkId}`);
    await card.getByRole('button', { name: 'Show QR Code' }).click();
    const qr = card.getByTestId('link-qr');
    await qr.waitFor();
    expect(await qr.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(150);
    await noHorizontalOverflow(page);
    await screenshot(page, `merchant-links-created-${label}`);

    // The merchant watches the Transactions page; it is never reloaded from here on.
    await goToMerchantPage(page, 'Transactions', phone);
    await page.waitForURL(/\/transactions$/);
    const tx = new TransactionsPage(page);
    await page.getByText('No transactions yet').waitFor();
    await page.locator('[data-live="open"]').waitFor();
    await screenshot(page, `merchant-transactions-empty-${label}`);
    await tx.markDocument();

    // The customer, in a second browser context, opens the link and pays part of it.
    const customerCtx = await newContext(browser, server.url, viewport);
    const customer = await customerCtx.newPage();
    const pay = new PaymentPage(customer);
    await pay.open(linkId);
    await pay.waitForText('Waiting for your payment');
    const checkout = (await (await fetch(`${server.url}/api/v1/checkout/${linkId}`)).json()) as {
      data: { payment: { id: string } };
    };
    const paymentId = checkout.data.payment.id;

    // The new payment appears on the merchant's page without reload: pending, 0 of 12 confirmations.
    await tx.row(paymentId).waitFor();
    expect(await tx.row(paymentId).getAttribute('data-status')).toBe('pending');
    expect(await tx.confirmations(paymentId)).toEqual([0, 12]);
    expect(await tx.count()).toBe('1 transaction(s)');

    await pay.simulate('partial');
    await pay.waitForText('Remaining Amount');
    // The partial transfer gains confirmations block by block: the bar moves.
    const first = await until(
      () => tx.confirmations(paymentId),
      (c) => c !== null && c[0] >= 1,
    );
    await screenshot(page, `merchant-transactions-pending-${label}`);
    const later = await until(
      () => tx.confirmations(paymentId),
      (c) => c !== null && c[0] > first![0],
    );
    expect(later![1]).toBe(12);
    const width = await tx.row(paymentId).getByRole('progressbar').getAttribute('aria-valuenow');
    expect(Number(width)).toBe(later![0]);
    expect(await tx.row(paymentId).textContent().then(trim)).toContain('Partially paid');

    // The rest: the row turns confirmed once the network has confirmed it, still without reload.
    await pay.simulate('full');
    await until(
      () => tx.row(paymentId).getAttribute('data-status'),
      (s) => s === 'confirmed',
    );
    expect(await tx.confirmations(paymentId)).toBeNull();
    expect(await tx.sameDocument()).toBe(true);
    await pay.waitForText('You can now close this page');
    await customerCtx.close();
    const row = await tx.row(paymentId).textContent().then(trim);
    expect(row).toContain('25.00 USDT');
    expect(row).toContain('$25.00');
    expect(row).not.toContain('$25.00 USD');
    expect(row).toContain('Confirmed');
    expect(row).toContain('No email');
    expect(row).toContain(`E2E order ${label}`);
    await until(
      () => page.getByTestId('summary-volume').textContent().then(trim),
      (s) => s === '$25.00',
    );
    expect(await page.getByTestId('summary-confirmed').textContent().then(trim)).toBe('1');
    expect(await page.getByTestId('summary-pending').textContent().then(trim)).toBe('0');
    await noHorizontalOverflow(page);
    await screenshot(page, `merchant-transactions-confirmed-${label}`);

    // Filters and the CSV of the filtered rows.
    await tx.status('failed');
    await page.getByText('No transactions found').waitFor();
    await page.getByText('Try adjusting your search or filter criteria').waitFor();
    await tx.exportCsv();
    await page.getByText('No transactions to export').waitFor();
    await screenshot(page, `merchant-transactions-filtered-empty-${label}`);
    await tx.status('');
    await tx.crypto('USDT');
    await tx.search(`e2e ORDER ${label}`);
    await until(
      () => tx.count(),
      (s) => s === '1 transaction(s)',
    );
    await tx.row(paymentId).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), tx.exportCsv()]);
    // Named with today's date in the browser's time zone (UTC on this machine).
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expect(download.suggestedFilename()).toBe(`transactions-${today}.csv`);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    // The spec's eleven columns, then what was received, its USD value and the exception.
    expect(csv[0]).toBe(
      'Transaction ID,Amount,Currency,USD Amount,Status,Customer Email,Description,Date,Time,Confirmations,Required Confirmations,Amount Received,USD Confirmed,Exception,Refunded',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(
      new RegExp(
        `^${paymentId},25,USDT,25\\.00,confirmed,,E2E order ${label},\\d{4}-\\d{2}-\\d{2},\\d{2}:\\d{2}:\\d{2},12,12,25,25\\.00,,$`,
      ),
    );

    // The dashboard shows what was paid.
    await goToMerchantPage(page, 'Dashboard', phone);
    await page.waitForURL(/\/dashboard$/);
    await until(
      () => page.getByTestId('stat-volume').textContent().then(trim),
      (s) => s === '$25.00',
    );
    expect(await page.getByTestId('stat-month').textContent().then(trim)).toBe('$25.00');
    expect(await page.getByTestId('stat-links').textContent().then(trim)).toBe('0');
    await until(
      () => page.getByTestId('balance-total').textContent().then(trim),
      (s) => s === '$25.00',
    );
    expect(await page.getByTestId('balance-USDT').textContent().then(trim)).toBe('25.0000');
    const recent = page.getByTestId(phone ? 'recent-transactions-list' : 'recent-transactions');
    await recent.waitFor();
    expect(await recent.textContent().then(trim)).toContain(
      `${paymentId.slice(0, 8)}...${paymentId.slice(-6)}`,
    );
    expect(await page.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/transactions');
    expect(await page.getByRole('link', { name: /Create Link/ }).getAttribute('href')).toBe('/payment-links');
    expect(await page.getByRole('link', { name: 'API Key', exact: true }).getAttribute('href')).toBe(
      '/api-keys',
    );
    await page.getByRole('button', { name: 'Hide balance' }).click();
    expect(await page.getByTestId('balance-USDT').textContent().then(trim)).toBe('••••••');
    await page.getByRole('button', { name: 'Show balance' }).click();
    await noHorizontalOverflow(page);
    await screenshot(page, `merchant-dashboard-paid-${label}`);

    // The link is completed; the Analytics tab counts it.
    await goToMerchantPage(page, 'Payments', phone);
    await card.waitFor();
    // Shown from the cache at once, then read again: the link is completed.
    await until(
      () => card.textContent().then(trim),
      (s) => s.includes('Completed'),
    );
    await links.tab('Analytics');
    await until(
      () => links.figure('an-total'),
      (s) => s === '1',
    );
    expect(await links.figure('an-active')).toBe('0');
    expect(await links.figure('an-value')).toBe('$25.00');
    expect(await links.figure('an-rate')).toBe('100.0%');
    await page.getByText(`E2E order ${label}`).waitFor();
    await screenshot(page, `merchant-links-analytics-${label}`);

    expect(errors).toEqual([]);
    await ctx.close();
  });
});
