import { T } from '@coinlane/core/texts';
import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTronNode, startFakeTronNode } from '#app/test/fake-tron-node.ts';
import { codeIn } from '#app/test/smtp.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import {
  goToMerchantPage,
  PaymentLinksPage,
  TransactionsPage,
  trim,
} from './pages/merchant-payments-pages.ts';
import { collectErrors, horizontalOverflow, signUpAndSignIn, until } from './pages/merchant-session.ts';
import { PaymentPage } from './pages/payment-page.ts';
import { goToPayouts, modeButton, WalletsPage } from './pages/payouts-pages.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { signInAccount } from './support/merchant-api.ts';
import { startPriceFeed } from './support/price-feed.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 19's browser journey: USDT on Tron (TRC-20), live. A merchant whose account an administrator approved adds
 * a Tron wallet on Instant Payouts → Wallets (an Ethereum-style 0x address pasted by mistake is refused with the
 * message that says so; then the T… address), whitelists it with the e-mailed code and creates a live USDT-on-Tron
 * payment link. A customer on a phone opens it: the page names the network "Tron (TRC-20)", warns a payer
 * withdrawing from an exchange, shows the address and its QR code. The transfer is mined: the page turns to
 * "waiting for confirmations" at 1 of 20 and to confirmed at the 20th block, without reload; the Transactions page
 * shows it confirmed, and the merchant's webhook endpoint receives the signed payment.created and
 * payment.confirmed events.
 *
 * No Tron node installs on these machines: the server's real Tron reader (CHAIN_TRON_RPC_URL) reads a FAKE of a
 * Tron full node's HTTP API (apps/server/src/test/fake-tron-node.ts), answering in the documented shapes, which
 * this test drives (it mines the blocks). The API key is sent as TronGrid's header, which the fake records.
 */

// The "abandon … about" test mnemonic's first Tron address, m/44'/195'/0'/0/0 (a published vector:
// packages/core/src/families/tron/tron-keys.test.ts).
const MERCHANT_TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const PASSWORD = 'Str0ng!pass';
const ADMIN = { email: 'ops-admin@example.com', password: 'Adm1n!pass-e2e' };
const API_KEY = 'e2e-trongrid-key-6b1f';

describe('a live USDT payment on Tron (TRC-20), on a fake of the node API, in the browser', () => {
  let node: FakeTronNode;
  let feed: Awaited<ReturnType<typeof startPriceFeed>>;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    node = await startFakeTronNode();
    feed = await startPriceFeed({ tether: 1, tron: 0.25, bitcoin: 95_000, ethereum: 3_000, 'usd-coin': 1 });
    hooks = await startWebhookReceiver();
    server = await startServer(
      {
        ROLES: 'api,watcher,webhooks,scheduler',
        CHAIN_TRON_RPC_URL: node.url,
        CHAIN_TRON_MODE: 'regtest',
        CHAIN_TRON_TOKENS: `USDT:${node.usdtContract}`,
        CHAIN_TRON_API_KEY: API_KEY,
        RATES_API_URL: feed.url,
        ALLOW_PRIVATE_WEBHOOKS: 'true',
      },
      { admin: ADMIN },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await feed?.close();
    await hooks?.close();
    await node?.close();
  });

  it('whitelists a Tron address, and a customer pays USDT on Tron: detected, 20 confirmations, webhook', async () => {
    const email = `live-tron-${Date.now()}@example.com`;
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signUpAndSignIn(page, server, { name: 'Tara Tron', email, password: PASSWORD });

    const admin = await signInAccount(server, ADMIN);
    const users = await admin.call<Array<{ id: string; email: string }>>('GET', '/admin/users');
    await admin.call('POST', `/admin/users/${users.find((u) => u.email === email)!.id}/approve`);
    await page.reload();
    await modeButton(page, 'Live').click();
    await until(
      () => modeButton(page, 'Live').getAttribute('aria-pressed'),
      (v) => v === 'true',
    );
    const api = await signInAccount(server, { email, password: PASSWORD });
    await api.call('POST', '/auth/mode', { mode: 'live' });
    const { secret } = await api.call<{ secret: string }>('PUT', '/webhooks/config', {
      url: hooks.url,
      events: ['payment.created', 'payment.confirmed'],
    });

    // Instant Payouts → Wallets: USDT on Tron. An Ethereum address pasted by mistake is refused, saying why.
    await goToPayouts(page, false);
    const wallets = new WalletsPage(page);
    await page.getByText('No wallets yet').waitFor();
    await wallets.openForm();
    await wallets.fill({
      currency: 'USDT@tron',
      address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      label: 'Tron wallet',
    });
    expect(await wallets.form().getByLabel('Receive payments').count()).toBe(0);
    await wallets.submit();
    await until(
      () => wallets.fieldError('Address or extended public key'),
      (m) => m === T.tronEvmAddressPasted,
    );
    await screenshot(page, 'live-tron-wallet-evm-address-refused-desktop');
    await wallets.fill({ address: MERCHANT_TRON });
    await wallets.submit();
    await wallets.row('Tron wallet').waitFor();
    const walletRow = await wallets.row('Tron wallet').textContent().then(trim);
    expect(walletRow).toContain('USDT (Tron)');
    expect(walletRow).toContain('TUEZSdKs…hGWYdH');
    expect(walletRow).toContain('This address (unique amounts)');
    const before = server.smtp.mails.length;
    await wallets.preview().getByRole('button', { name: 'Verify now' }).click();
    const mail = await server.smtp.waitForMail(email, { after: before, subject: /wallet verification/i });
    await wallets.enterCode(codeIn(mail));
    await wallets.dialog().waitFor({ state: 'hidden' });
    await until(
      () => wallets.badges('Tron wallet'),
      (b) => b.join() === 'Whitelisted,Default',
    );
    await screenshot(page, 'live-tron-wallet-whitelisted-desktop');

    // A live USDT-on-Tron payment link: 25 USD at 1 USDT = 1 USD.
    await goToMerchantPage(page, 'Payments', false);
    await page.waitForURL(/\/payment-links$/);
    const links = new PaymentLinksPage(page);
    await page.getByRole('button', { name: 'Create Your First Link' }).click();
    await links.form().waitFor();
    // Tron is the one live network of USDT here: the form offers no choice of network.
    await links.fill({ crypto: 'USDT', amount: '25', description: 'Tron order' });
    await until(
      () => links.preview(),
      (s) => s.includes('25.00 USDT on Tron'),
    );
    await screenshot(page, 'live-tron-link-form-desktop');
    await links.submit();
    await page.getByTestId('link-created').waitFor();
    const linkId = (await links.createdUrl()).split('/').pop()!;

    await goToMerchantPage(page, 'Transactions', false);
    await page.waitForURL(/\/transactions$/);
    const tx = new TransactionsPage(page);
    await page.locator('[data-live="open"]').waitFor();
    await tx.markDocument();

    // The customer, on a phone.
    const customerCtx = await newContext(browser, server.url, PHONE);
    const customer = await customerCtx.newPage();
    const customerErrors = collectErrors(customer);
    const pay = new PaymentPage(customer);
    await pay.open(linkId);
    await pay.waitForText('Waiting for your payment');
    await pay.waitForText('Real-time updates active');
    const checkout = (await (await fetch(`${server.url}/api/v1/checkout/${linkId}`)).json()) as {
      data: { payment: { id: string; address: string; amount: string; paymentUri: string } };
    };
    const payment = checkout.data.payment;
    // A single address receives with unique amounts: the first payment on it asks exactly 25 USDT.
    expect(payment.address).toBe(MERCHANT_TRON);
    expect(payment.amount).toBe('25');
    // The QR code holds the address alone, the form Tron wallets scan.
    expect(payment.paymentUri).toBe(MERCHANT_TRON);
    expect(await pay.address()).toBe(MERCHANT_TRON);
    expect(await pay.amountDue()).toBe('25.00');
    await pay.waitForText('on the Tron (TRC-20) network');
    await pay.waitForText('Send only USDT on Tron (TRC-20).');
    expect(trim((await customer.getByTestId('exchange-warning').textContent()) ?? '')).toBe(
      'Paying from an exchange? Choose TRC-20 (Tron) as the withdrawal network. USDT withdrawn on another network does not arrive here.',
    );
    const qr = await pay.qrRendered();
    expect(qr.loaded).toBe(true);
    expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
    await pay.markDocument();
    await screenshot(customer, 'live-tron-hosted-pending-phone');
    const deskCtx = await newContext(browser, server.url, DESKTOP);
    const desk = await deskCtx.newPage();
    await desk.goto(`/payment/${linkId}?lang=es`);
    const deskPay = new PaymentPage(desk);
    await deskPay.waitForText('Esperando tu pago');
    await deskPay.waitForText('TRC-20 (Tron)');
    await screenshot(desk, 'live-tron-hosted-pending-desktop-es');

    // The customer's wallet sends the USDT: mined in the next block, 1 of 20; 19 more confirm it.
    await tx.row(payment.id).waitFor();
    const mined = node.mineBlock({ transfers: [{ kind: 'trc20', to: MERCHANT_TRON, amount: 25_000_000n }] });
    const txid = mined.txids[0]!;
    await pay.waitForText('Payment received, waiting for network confirmations');
    await until(
      () => pay.confirmations(),
      (s) => s === 'Confirmations: 1 of 20',
    );
    await screenshot(customer, 'live-tron-hosted-detected-phone');
    node.mineEmpty(18);
    await until(
      () => pay.confirmations(),
      (s) => s === 'Confirmations: 19 of 20',
    );
    expect(await customer.getByText('Payment confirmed').count()).toBe(0);
    node.mineEmpty(1);
    await pay.waitForText('Payment confirmed');
    expect(await pay.sameDocument()).toBe(true);
    await screenshot(customer, 'live-tron-hosted-confirmed-phone');
    await deskPay.waitForText('Pago confirmado');
    await screenshot(desk, 'live-tron-hosted-confirmed-desktop-es');

    await until(
      () => tx.row(payment.id).getAttribute('data-status'),
      (s) => s === 'confirmed',
    );
    expect(await tx.sameDocument()).toBe(true);
    const row = await tx.row(payment.id).textContent().then(trim);
    expect(row).toContain('25.00 USDT');
    expect(row).toContain('Tron order');
    await screenshot(page, 'live-tron-transactions-confirmed-desktop');

    type Hook = { type: string; mode: string; data: Record<string, unknown> };
    const received = await until(
      () => Promise.resolve(hooks.received.slice()),
      (r) => r.some((h) => (JSON.parse(h.body) as Hook).type === 'payment.confirmed'),
    );
    const events = received.map((h) => {
      expect(verifyWebhookSignature(h.body, h.headers['coinlane-signature'] as string, secret).ok).toBe(true);
      return JSON.parse(h.body) as Hook;
    });
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.confirmed']);
    expect(events[1]!.data).toMatchObject({
      status: 'confirmed',
      network: 'tron',
      currency: 'USDT',
      address: MERCHANT_TRON,
      amountConfirmed: '25',
      txHash: txid,
      confirmations: 20,
    });
    // Every call to the node carried TronGrid's API key header.
    expect(node.requests.length).toBeGreaterThan(0);
    expect(node.requests.every((r) => r.apiKey === API_KEY)).toBe(true);

    expect(errors).toEqual([]);
    expect(customerErrors).toEqual([]);
    await deskCtx.close();
    await customerCtx.close();
    await ctx.close();
  });
});
