import { deriveAddresses } from '@coinlane/core/families/utxo/utxo-keys';
import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasLitecoind,
  type Litecoind,
  litecoindMissing,
  requireLitecoindOnCi,
  startLitecoind,
} from '#app/test/litecoind.ts';
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
 * Issue 6's browser journey on a real chain: a merchant whose account an administrator approved switches to
 * live mode, adds a tpub wallet on Instant Payouts → Wallets (checks its first five addresses), whitelists it
 * with the e-mailed code, and creates a live LTC payment link. A customer on a phone opens it: the hosted page
 * shows the rltc1 address the wallet derives at m/0/0 and its QR code; the node's wallet pays it; the page turns
 * to "waiting for confirmations" from the mempool and to confirmed after 6 mined blocks, without reload; the
 * merchant's Transactions page shows it confirmed, and the merchant's live webhook endpoint receives signed
 * payment.created and payment.confirmed events carrying the transaction. Against `litecoind -regtest` and the real server with its
 * watcher role (CHAIN_LITECOIN_RPC_URL, CHAIN_LITECOIN_MODE=regtest).
 */
requireLitecoindOnCi();
if (!hasLitecoind()) console.warn(`e2e live-litecoin: skipped: ${litecoindMissing}`);

// m/84'/1'/0' of the public "abandon ... about" mnemonic as a tpub (apps/server/src/modules/wallets/wallets.test.ts);
// its rltc addresses were checked with `litecoind -regtest deriveaddresses` (packages/core/src/families/utxo/utxo-keys.test.ts).
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const RLTC = [
  'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
  'rltc1qd7spv5q28348xl4myc8zmh983w5jx32cwn4h9f',
  'rltc1qxdyjf6h5d6qxap4n2dap97q4j5ps6ua8vmutcu',
  'rltc1qynpgs6wap6h9uvy7j0xlesew2w82qn03mxcskv',
  'rltc1q677973lw0w796gttpy52f296jqaaksz0gsh9ga',
];
const PASSWORD = 'Str0ng!pass';
const ADMIN = { email: 'ops-admin@example.com', password: 'Adm1n!pass-e2e' };

describe.skipIf(!hasLitecoind())('a live LTC payment on litecoind -regtest, in the browser', () => {
  let node: Litecoind;
  let feed: Awaited<ReturnType<typeof startPriceFeed>>;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    node = await startLitecoind();
    // 1 LTC = 80 USD: a 8.00 USD link asks 0.1 LTC.
    feed = await startPriceFeed({ litecoin: 80, bitcoin: 95_000, ethereum: 3_000, tether: 1, 'usd-coin': 1 });
    hooks = await startWebhookReceiver();
    server = await startServer(
      {
        ROLES: 'api,watcher,webhooks,scheduler',
        CHAIN_LITECOIN_RPC_URL: node.url,
        CHAIN_LITECOIN_MODE: 'regtest',
        RATES_API_URL: feed.url,
        // The merchant's webhook receiver listens on loopback.
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
    await node?.stop();
  });

  it('whitelists a tpub wallet, and a customer pays the hosted page from the node: detected, then confirmed live', async () => {
    expect(deriveAddresses(TPUB, 'p2wpkh', { network: 'litecoin', chainMode: 'regtest' }, 0, 5)).toEqual(
      RLTC,
    );
    const email = `live-ltc-${Date.now()}@example.com`;
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signUpAndSignIn(page, server, { name: 'Lina Litecoin', email, password: PASSWORD });

    // Pending accounts stay in test mode, with the reason.
    await modeButton(page, 'Live').click();
    await page.getByText('Live mode is available once your account has been approved.').waitFor();
    expect(await modeButton(page, 'Live').getAttribute('aria-pressed')).toBe('false');

    // An administrator approves the account (the back-office API, as the admin console calls it).
    const admin = await signInAccount(server, ADMIN);
    const users = await admin.call<Array<{ id: string; email: string; status: string }>>(
      'GET',
      '/admin/users',
    );
    const merchant = users.find((u) => u.email === email)!;
    expect(merchant.status).toBe('pending');
    await admin.call('POST', `/admin/users/${merchant.id}/approve`);

    await modeButton(page, 'Live').click();
    await until(
      () => modeButton(page, 'Live').getAttribute('aria-pressed'),
      (v) => v === 'true',
    );

    // The merchant's live webhook endpoint (set through the API; the browser journey of webhook settings is
    // e2e/api-keys-webhooks.test.ts).
    const api = await signInAccount(server, { email, password: PASSWORD });
    await api.call('POST', '/auth/mode', { mode: 'live' });
    const { secret } = await api.call<{ secret: string }>('PUT', '/webhooks/config', {
      url: hooks.url,
      events: ['payment.created', 'payment.confirmed'],
    });
    expect(secret).toMatch(/^whsec_/);

    // Instant Payouts → Wallets: add the tpub; the first five addresses are shown to compare.
    await goToPayouts(page, false);
    const wallets = new WalletsPage(page);
    await page.getByText('No wallets yet').waitFor();
    await wallets.openForm();
    await wallets.fill({ currency: 'LTC', address: TPUB, label: 'Regtest wallet' });
    // A tpub lets the merchant choose the address type; native segwit is the default.
    expect(await wallets.form().getByLabel('Address type').inputValue()).toBe('p2wpkh');
    await wallets.submit();
    await wallets.preview().waitFor();
    expect(await wallets.previewAddresses()).toEqual(RLTC.map((a, i) => [`m/0/${i}`, a]));
    await wallets.row('Regtest wallet').waitFor();
    expect(await wallets.badges('Regtest wallet')).toEqual(['Pending']);
    expect(await wallets.row('Regtest wallet').textContent().then(trim)).toContain('tpubDC8m…4zbQ1M');
    await screenshot(page, 'live-ltc-wallet-added-desktop');

    // Whitelist it with the e-mailed code.
    const before = server.smtp.mails.length;
    await wallets.preview().getByRole('button', { name: 'Verify now' }).click();
    await wallets.dialog().getByText('We sent a 6-digit code to your email.', { exact: false }).waitFor();
    const mail = await server.smtp.waitForMail(email, { after: before, subject: /wallet verification/i });
    expect(mail.text).toContain('Regtest wallet');
    await wallets.enterCode(codeIn(mail));
    await wallets.dialog().waitFor({ state: 'hidden' });
    await page.getByText('Wallet whitelisted.').waitFor();
    await until(
      () => wallets.badges('Regtest wallet'),
      (b) => b.join() === 'Whitelisted,Default',
    );
    await screenshot(page, 'live-ltc-wallet-whitelisted-desktop');

    // A live LTC payment link, priced in USD from the market rate.
    await goToMerchantPage(page, 'Payments', false);
    await page.waitForURL(/\/payment-links$/);
    const links = new PaymentLinksPage(page);
    await page.getByRole('button', { name: 'Create Your First Link' }).click();
    await links.form().waitFor();
    await links.fill({ crypto: 'LTC', amount: '8', description: 'Regtest order' });
    await until(
      () => links.preview(),
      (s) => s.includes('0.10000000 LTC'),
    );
    await links.submit();
    await page.getByTestId('link-created').waitFor();
    const linkId = (await links.createdUrl()).split('/').pop()!;

    // The merchant watches the Transactions page (live mode), never reloaded from here on.
    await goToMerchantPage(page, 'Transactions', false);
    await page.waitForURL(/\/transactions$/);
    const tx = new TransactionsPage(page);
    await page.getByText('No transactions yet').waitFor();
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
      data: { payment: { id: string; address: string; amount: string; requiredConfirmations?: number } };
    };
    const payment = checkout.data.payment;
    expect(payment.address).toBe(RLTC[0]);
    expect(await pay.address()).toBe(RLTC[0]);
    expect(await pay.amountDue()).toBe('0.10000000');
    const qr = await pay.qrRendered();
    expect(qr.loaded).toBe(true);
    expect(qr.width).toBeGreaterThanOrEqual(160);
    expect(await customer.getByText('Test mode', { exact: true }).count()).toBe(0);
    expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
    await pay.markDocument();
    await screenshot(customer, 'live-ltc-hosted-pending-phone');
    // The same page at desktop width.
    const deskCtx = await newContext(browser, server.url, DESKTOP);
    const desk = await deskCtx.newPage();
    await desk.goto(`/payment/${linkId}`);
    const deskPay = new PaymentPage(desk);
    await deskPay.waitForText('Waiting for your payment');
    expect(await deskPay.address()).toBe(RLTC[0]);
    expect((await deskPay.qrRendered()).loaded).toBe(true);
    await deskPay.waitForText('Real-time updates active');
    await screenshot(desk, 'live-ltc-hosted-pending-desktop');

    // Paid from the node's wallet: seen in the mempool, the page turns without reload.
    await tx.row(payment.id).waitFor();
    const sentAt = Date.now();
    const txid = await node.wallet.call<string>('sendtoaddress', [payment.address, payment.amount]);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    await pay.waitForText('Payment received, waiting for network confirmations');
    const detectedMs = Date.now() - sentAt;
    await until(
      () => pay.confirmations(),
      (s) => s === 'Confirmations: 0 of 6',
    );
    expect(await pay.sameDocument()).toBe(true);
    await screenshot(customer, 'live-ltc-hosted-detected-phone');
    await screenshot(desk, 'live-ltc-hosted-detected-desktop');

    // One block: 1 of 6; then five more: confirmed, still the same document.
    await node.mine(1);
    await until(
      () => pay.confirmations(),
      (s) => s === 'Confirmations: 1 of 6',
    );
    const minedAt = Date.now();
    await node.mine(5);
    await pay.waitForText('Payment confirmed');
    console.info(
      `e2e live-litecoin: broadcast -> page shows it ${detectedMs} ms; 6th block -> page confirmed ${Date.now() - minedAt} ms`,
    );
    await pay.waitForText('You can now close this page');
    expect(await pay.sameDocument()).toBe(true);
    expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
    await screenshot(customer, 'live-ltc-hosted-confirmed-phone');
    await deskPay.waitForText('Payment confirmed');
    await screenshot(desk, 'live-ltc-hosted-confirmed-desktop');

    // The merchant's Transactions page shows it confirmed, live.
    await until(
      () => tx.row(payment.id).getAttribute('data-status'),
      (s) => s === 'confirmed',
    );
    expect(await tx.sameDocument()).toBe(true);
    const row = await tx.row(payment.id).textContent().then(trim);
    expect(row).toContain('0.10000000 LTC');
    expect(row).toContain('Confirmed');
    expect(row).toContain('Regtest order');
    await screenshot(page, 'live-ltc-transactions-confirmed-desktop');

    // The webhook endpoint got the payment's creation and its confirmation, signed with the endpoint's secret.
    type Hook = { id: string; type: string; mode: string; data: Record<string, unknown> };
    const received = await until(
      () => Promise.resolve(hooks.received.slice()),
      (r) => r.some((h) => (JSON.parse(h.body) as Hook).type === 'payment.confirmed'),
    );
    const events = received.map((h) => {
      expect(verifyWebhookSignature(h.body, h.headers['coinlane-signature'] as string, secret).ok).toBe(true);
      return JSON.parse(h.body) as Hook;
    });
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.confirmed']);
    expect(events.every((e) => e.mode === 'live' && e.data.id === payment.id)).toBe(true);
    expect(events[1]!.data).toMatchObject({
      status: 'confirmed',
      address: RLTC[0],
      amount: '0.1',
      amountReceived: '0.1',
      amountConfirmed: '0.1',
      currency: 'LTC',
      txHash: txid,
      confirmations: 6,
      description: 'Regtest order',
    });
    expect(events[1]!.data.transfers).toEqual([
      expect.objectContaining({ txid, amount: '0.1', status: 'confirmed', confirmations: 6 }),
    ]);

    expect(errors).toEqual([]);
    expect(customerErrors).toEqual([]);
    await deskCtx.close();
    await customerCtx.close();
    await ctx.close();
  });
});
