import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasLitecoind,
  type Litecoind,
  litecoindMissing,
  requireLitecoindOnCi,
  startLitecoind,
} from '#app/test/litecoind.ts';
import { codeIn, linkIn } from '#app/test/smtp.ts';
import { goToMerchantPage, TransactionsPage, trim } from './pages/merchant-payments-pages.ts';
import { collectErrors, horizontalOverflow, signIn, until } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { type ApiMerchant, signInAccount, signUpMerchant } from './support/merchant-api.ts';
import { startPriceFeed } from './support/price-feed.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 16's refund journey on a real chain (decision 022): a live LTC payment paid from `litecoind -regtest` and
 * confirmed; the merchant issues a partial refund from its Transactions page; the customer opens the e-mailed link,
 * sees the amount and who pays, is refused an address of another network, and gives one of their own; the merchant
 * sees the amount, the address and a QR code to pay it; the node's wallet pays it and the watcher marks it paid,
 * shown on the merchant's screen and the customer's page; an administrator opens Issue Refund in Transaction
 * Management. The journey runs whole twice: the merchant (and the administrator) on a desktop with the customer on
 * a phone, then the other way round, where the administrator also issues a refund of its own. Screenshots at 1280
 * and 390 px, in English and Spanish.
 */
requireLitecoindOnCi();
if (!hasLitecoind()) console.warn(`e2e refunds: skipped: ${litecoindMissing}`);

// m/84'/1'/0' of the public "abandon ... about" mnemonic (e2e/live-litecoin.test.ts); m/0/0 is the first address.
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const PASSWORD = 'Str0ng!pass-e2e';
const ADMIN = { email: 'refund-admin@example.com', password: 'Adm1n!pass-e2e' };

describe.skipIf(!hasLitecoind())('a refund paid on litecoind -regtest, in the browser', () => {
  let node: Litecoind;
  let feed: Awaited<ReturnType<typeof startPriceFeed>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    node = await startLitecoind();
    feed = await startPriceFeed({ litecoin: 80, bitcoin: 95_000, ethereum: 3_000, tether: 1, 'usd-coin': 1 });
    server = await startServer(
      {
        ROLES: 'api,watcher,webhooks,scheduler',
        CHAIN_LITECOIN_RPC_URL: node.url,
        CHAIN_LITECOIN_MODE: 'regtest',
        RATES_API_URL: feed.url,
      },
      { admin: ADMIN },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await feed?.close();
    await node?.stop();
  });

  /** An approved merchant in live mode with a whitelisted tpub wallet for LTC (through the API). */
  async function liveMerchant(email: string): Promise<ApiMerchant> {
    const api = await signUpMerchant(server, { name: 'Rita Refunds', email, password: PASSWORD });
    const admin = await signInAccount(server, ADMIN);
    const users = await admin.call<Array<{ id: string; email: string }>>('GET', '/admin/users');
    await admin.call('POST', `/admin/users/${users.find((u) => u.email === email)!.id}/approve`);
    await api.call('POST', '/auth/mode', { mode: 'live' });
    const { wallet } = await api.call<{ wallet: { id: string } }>('POST', '/wallets', {
      currency: 'LTC',
      network: 'litecoin',
      address: TPUB,
      label: 'Regtest wallet',
    });
    const before = server.smtp.mails.length;
    await api.call('POST', `/wallets/${wallet.id}/verify`);
    const code = codeIn(
      await server.smtp.waitForMail(email, { after: before, subject: /wallet verification/i }),
    );
    await api.call('POST', `/wallets/${wallet.id}/verify/confirm`, { code });
    return api;
  }

  const refundItem = (page: Page) => page.getByTestId('refund-item').first();
  async function openRefunds(page: Page, tx: TransactionsPage, paymentId: string) {
    await tx.row(paymentId).getByTestId('refund-open').click();
    await page.getByRole('dialog').waitFor();
  }
  async function closeDialog(page: Page) {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }

  /**
   * An approved live merchant of a journey's own: a journey changes its merchant's language (the Spanish screens at
   * its end), and a journey that ran past its time on a slow machine went on doing so while the next one read the
   * same merchant's figures ("0,10000000 LTC" for "0.10000000 LTC").
   */
  const merchantForJourney = async (mw: string) => {
    const email = `refund-merchant-${mw}-${Date.now()}@example.com`;
    return { api: await liveMerchant(email), email };
  };

  // Each actor at each width: the merchant and the administrator on a desktop with the customer on a phone, then
  // the other way round; in the second, the administrator also issues a refund.
  it.each([
    [
      'a desktop',
      'a phone',
      'a desktop',
      'opens Issue Refund',
      { merchantOn: DESKTOP, customerOn: PHONE, adminIssues: false },
    ],
    [
      'a phone',
      'a desktop',
      'a phone',
      'issues a second refund',
      { merchantOn: PHONE, customerOn: DESKTOP, adminIssues: true },
    ],
  ] as const)(
    'the merchant on %s issues a refund, the customer on %s gives an address, the merchant pays it on chain and sees it paid; an administrator on %s %s',
    async (_merchant, _customer, _admin, _adminDoes, run) => {
      const merchantPhone = run.merchantOn === PHONE;
      const mw = merchantPhone ? 'phone' : 'desktop';
      const { api, email } = await merchantForJourney(mw);
      const cw = merchantPhone ? 'desktop' : 'phone';
      const customerEmail = `customer-refund-${mw}-merchant@example.com`;

      // A live payment of 0.1 LTC with the customer's e-mail, paid from the node and confirmed (6 blocks).
      const payment = await api.call<{ id: string; address: string }>('POST', '/payments', {
        amount: '0.1',
        currency: 'LTC',
        description: 'Order 42',
        customerEmail,
      });
      await node.wallet.call('sendtoaddress', [payment.address, 0.1]);
      await node.mine(6);
      await until(
        () => api.call<{ status: string }>('GET', `/payments/${payment.id}`),
        (p) => p.status === 'confirmed',
      );

      // The merchant, in live mode: Transactions → Refund.
      const ctx = await newContext(browser, server.url, run.merchantOn);
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      await signIn(page, server, { email, password: PASSWORD });
      await goToMerchantPage(page, 'Transactions', merchantPhone);
      const tx = new TransactionsPage(page);
      await tx.row(payment.id).waitFor();
      await openRefunds(page, tx, payment.id);
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByTestId('refund-refundable').textContent().then(trim)).toBe('0.10000000 LTC');
      await dialog.getByLabel('Amount (LTC)').fill('0.2');
      await dialog.getByTestId('refund-submit').click();
      await dialog.getByText('The refund is more than what is still refundable: at most 0.1 LTC').waitFor();
      await dialog.getByLabel('Amount (LTC)').fill('0.04');
      await dialog.getByLabel('Reason (optional, shown to the customer)').fill('One item returned');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await viewShot(page, `refunds-merchant-issue-${mw}`);
      const mailsBefore = server.smtp.mails.length;
      await dialog.getByTestId('refund-submit').click();
      await dialog.getByTestId('refund-created').waitFor();
      expect(await dialog.getByTestId('refund-created').textContent()).toContain('e-mailed a link');
      await until(
        () => refundItem(page).getAttribute('data-status'),
        (s) => s === 'awaiting_address',
      );
      expect(await dialog.getByTestId('refund-refundable').textContent().then(trim)).toBe('0.06000000 LTC');
      await viewShot(page, `refunds-merchant-awaiting-address-${mw}`);
      await closeDialog(page);

      // The customer opens the e-mailed link.
      const mail = await server.smtp.waitForMail(customerEmail, {
        after: mailsBefore,
        subject: /refunding 0\.04 LTC/,
      });
      const link = linkIn(mail, '/refund');
      expect(new URL(link).pathname).toBe('/refund');
      expect(new URL(link).searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
      const customerCtx = await newContext(browser, server.url, run.customerOn);
      const customer = await customerCtx.newPage();
      const customerErrors = collectErrors(customer);
      await customer.goto(link.replace(/^https?:\/\/[^/]+/, ''), { timeout: 60_000 });
      await customer.getByTestId('refund-amount').waitFor();
      expect(await customer.getByTestId('refund-amount').textContent().then(trim)).toBe('0.04000000 LTC');
      expect(await customer.getByTestId('refund-who-pays').textContent()).toContain(
        'Rita Refunds pays this refund from its own wallet straight to yours',
      );
      expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
      await screenshot(customer, `refunds-customer-page-${cw}`);
      const address = customer.getByLabel('Your Litecoin address');
      await address.fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
      await customer.getByRole('button', { name: 'Send my refund address' }).click();
      await customer.getByText('This is not a valid Litecoin address for this refund.').waitFor();
      await screenshot(customer, `refunds-customer-wrong-address-${cw}`);
      const refundAddress = await node.newAddress();
      await address.fill(refundAddress);
      await customer.getByRole('button', { name: 'Send my refund address' }).click();
      await customer.getByTestId('refund-outcome').waitFor();
      expect(await customer.getByTestId('refund-outcome').textContent()).toContain(refundAddress);
      expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
      await screenshot(customer, `refunds-customer-address-given-${cw}`);

      // The merchant sees the amount, the address and the QR code to pay it.
      await openRefunds(page, tx, payment.id);
      await dialog.getByTestId('refund-pay').waitFor();
      expect(await dialog.getByTestId('refund-address').textContent().then(trim)).toBe(refundAddress);
      expect(await dialog.getByTestId('refund-uri').getAttribute('href')).toMatch(
        new RegExp(`^litecoin:${refundAddress}\\?amount=0\\.04&message=Refund%20ref_`),
      );
      const qr = dialog.getByTestId('refund-qr');
      await until(
        () => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        (ok) => ok,
      );
      expect(await dialog.getByTestId('refund-simulate').count()).toBe(0); // live mode: paid on chain only
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await viewShot(page, `refunds-merchant-pay-${mw}`);

      // Paid from the merchant's wallet (the node's): the watcher marks it paid once mined.
      const txid = await node.wallet.call<string>('sendtoaddress', [refundAddress, 0.04]);
      await node.mine(1);
      await until(
        async () => {
          await closeDialog(page);
          await openRefunds(page, tx, payment.id);
          return refundItem(page).getAttribute('data-status');
        },
        (s) => s === 'paid',
      );
      expect(await dialog.getByTestId('refund-txid').textContent()).toContain(txid);
      expect(await dialog.getByTestId('refund-refunded').textContent().then(trim)).toBe('0.04000000 LTC');
      await viewShot(page, `refunds-merchant-paid-${mw}`);
      await closeDialog(page);
      await until(
        () => tx.row(payment.id).getByTestId('tx-refund-state').textContent().then(trim),
        (s) => s === 'Partially refunded',
        15_000,
      ).catch(async () => {
        await page.reload();
        await tx.row(payment.id).getByTestId('tx-refund-state').waitFor();
      });
      expect(await tx.row(payment.id).textContent()).toContain('Partially refunded');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top of the whole-page shot
      await screenshot(page, `refunds-transactions-partially-refunded-${mw}`);

      // The customer's page says it is paid, with the transaction.
      await customer.reload();
      await customer.getByText('has sent your refund of 0.04000000 LTC').waitFor();
      expect(await customer.getByTestId('refund-outcome').textContent()).toContain(txid);
      expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
      await screenshot(customer, `refunds-customer-paid-${cw}`);

      // Transaction Management, at the merchant's width: Issue Refund from a row's menu (an administrator with
      // transactions.refund).
      const adminCtx = await newContext(browser, server.url, run.merchantOn);
      const adminPage = await adminCtx.newPage();
      const adminErrors = collectErrors(adminPage);
      await signIn(adminPage, server, ADMIN);
      await adminPage.goto('/admin/transactions');
      await adminPage.getByText(payment.id).waitFor();
      await adminPage.getByRole('button', { name: `Actions for ${payment.id}` }).click();
      await adminPage.getByRole('menuitem', { name: 'Issue Refund' }).click();
      const adminDialog = adminPage.getByTestId('admin-refund-dialog');
      await adminDialog.waitFor();
      await until(
        () => adminDialog.textContent(),
        (s) => (s ?? '').includes('0.06000000'),
      );
      expect(await horizontalOverflow(adminPage)).toBeLessThanOrEqual(0);
      // Each figure (Confirmed, Refunded, Refundable) fits in its box: on a phone three side by side did not.
      expect(
        await adminDialog
          .locator('dd')
          .evaluateAll((dds) => dds.filter((dd) => dd.scrollWidth > dd.clientWidth).length),
      ).toBe(0);
      await viewShot(adminPage, `refunds-admin-issue-${mw}`);
      if (run.adminIssues) {
        // More than what is left is refused with the reason; then 0.02 LTC is issued and the customer e-mailed.
        const amount = adminDialog.getByLabel('Amount (LTC)');
        expect(await amount.inputValue()).toBe('0.06');
        await amount.fill('0.07');
        await adminPage.getByTestId('admin-refund-submit').click();
        await adminDialog
          .getByText('The refund is more than what is still refundable: at most 0.06 LTC')
          .waitFor();
        await viewShot(adminPage, `refunds-admin-issue-refused-${mw}`);
        await amount.fill('0.02');
        await adminDialog
          .getByLabel('Reason (shown to the customer and the merchant)')
          .fill('Damaged in transit');
        const beforeAdmin = server.smtp.mails.length;
        await adminPage.getByTestId('admin-refund-submit').click();
        await adminPage.getByTestId('admin-refund-done').waitFor();
        expect(await adminPage.getByTestId('admin-refund-done').textContent()).toBe(
          'Refund issued. The customer was e-mailed a link to give their refund address.',
        );
        expect(await horizontalOverflow(adminPage)).toBeLessThanOrEqual(0);
        await viewShot(adminPage, `refunds-admin-issued-${mw}`);
        const adminMail = await server.smtp.waitForMail(customerEmail, {
          after: beforeAdmin,
          subject: /refunding 0\.02 LTC/,
        });
        expect(linkIn(adminMail, '/refund')).toMatch(/\/refund\?token=[\w-]{40,}$/);
        expect(adminMail.text).toContain('Damaged in transit');
      }
      await adminPage.keyboard.press('Escape');
      await adminDialog.waitFor({ state: 'hidden' });
      await adminPage.getByText(payment.id).click();
      const adminRefunds = adminPage.getByTestId('admin-refunds');
      await adminRefunds.waitFor();
      expect(await adminRefunds.textContent()).toContain(txid);
      if (run.adminIssues) {
        const issued = adminRefunds.getByRole('listitem').filter({ hasText: 'by an administrator' });
        expect(await issued.textContent()).toContain('0.02000000 LTC');
        expect(await issued.textContent()).toContain('Awaiting address');
      }
      expect(await horizontalOverflow(adminPage)).toBeLessThanOrEqual(0);
      await viewShot(adminPage, `refunds-admin-details-${mw}`);

      if (run.adminIssues) {
        // The merchant sees the administrator's refund beside its own, and what is left to refund.
        await openRefunds(page, tx, payment.id);
        await until(
          () => dialog.getByTestId('refund-item').count(),
          (n) => n === 2,
        );
        expect(await dialog.getByTestId('refund-refundable').textContent().then(trim)).toBe('0.04000000 LTC');
        const waiting = dialog.getByTestId('refund-item').filter({ hasText: '0.02000000 LTC' });
        expect(await waiting.getAttribute('data-status')).toBe('awaiting_address');
        await viewShot(page, `refunds-merchant-admin-refund-${mw}`);
        await closeDialog(page);
      }

      // Spanish: the customer's page and the merchant's dialog.
      await customer.getByLabel('Language').selectOption('es');
      await customer.getByText('ha enviado tu reembolso de').waitFor();
      await screenshot(customer, `refunds-customer-paid-${cw}-es`);
      // The account's language setting (applied on every merchant page).
      await api.call('PUT', '/settings', { language: 'es' });
      await page.reload();
      await tx.row(payment.id).getByTestId('refund-open').click();
      await page.getByRole('dialog').getByText('Reembolsos de este pago').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await viewShot(page, `refunds-merchant-paid-${mw}-es`);
      await closeDialog(page);
      await api.call('PUT', '/settings', { language: 'en' });

      expect(errors).toEqual([]);
      expect(customerErrors).toEqual([]);
      expect(adminErrors).toEqual([]);
      await adminCtx.close();
      await customerCtx.close();
      await ctx.close();
    },
  );
  it('test mode: the merchant simulates the refund transfer, as test payments are simulated', async () => {
    const email = `refund-test-${Date.now()}@example.com`;
    const api = await signUpMerchant(server, { name: 'Tess Testmode', email, password: PASSWORD });
    const payment = await api.call<{ id: string }>('POST', '/payments', { amount: '0.01', currency: 'LTC' });
    await api.call('POST', `/payments/${payment.id}/simulate`);
    await until(
      () => api.call<{ status: string }>('GET', `/payments/${payment.id}`),
      (p) => p.status === 'confirmed',
    );
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signIn(page, server, { email, password: PASSWORD });
    await goToMerchantPage(page, 'Transactions', false);
    const tx = new TransactionsPage(page);
    await openRefunds(page, tx, payment.id);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('refund-submit').click();
    // No customer e-mail on this payment: the link is shown this once, to pass on.
    const link = (await dialog.getByTestId('refund-link').textContent().then(trim)) ?? '';
    expect(link).toMatch(/\/refund\?token=[\w-]{40,}$/);
    await viewShot(page, 'refunds-test-mode-link-desktop');
    const res = await fetch(`${server.url}/api/v1/refund-requests/address`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: new URL(link).searchParams.get('token'),
        address: await node.newAddress(),
      }),
    });
    expect(res.status).toBe(200);
    await closeDialog(page);
    await openRefunds(page, tx, payment.id);
    await dialog.getByTestId('refund-simulate').waitFor();
    await until(
      () =>
        dialog
          .getByTestId('refund-qr')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      (ok) => ok,
    );
    await viewShot(page, 'refunds-test-mode-simulate-desktop');
    await dialog.getByTestId('refund-simulate').click();
    await until(
      () => refundItem(page).getAttribute('data-status'),
      (st) => st === 'paid',
    );
    await closeDialog(page);
    await until(
      () => tx.row(payment.id).textContent(),
      (t) => (t ?? '').includes('Refunded'),
      15_000,
    ).catch(async () => {
      await page.reload();
      await tx.row(payment.id).getByTestId('tx-refund-state').waitFor();
    });
    expect(await tx.row(payment.id).getByTestId('tx-refund-state').textContent()).toBe('Refunded');
    await screenshot(page, 'refunds-test-mode-refunded-desktop');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
