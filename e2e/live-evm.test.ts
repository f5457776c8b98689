import { forwarderFactoryAbi, testTokenAbi } from '@coinlane/contracts/abi';
import { deployForwarderFactory, deployTestToken } from '@coinlane/contracts/deploy';
import { T } from '@coinlane/core/texts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Address, decodeFunctionData, type Hex, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { codeIn } from '#app/test/smtp.ts';
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
 * Issue 7's browser journey on a real EVM chain, the twin of live-litecoin.test.ts: a Hardhat 2 node with the
 * forwarder factory and a 6-decimal USDC-like ERC-20 deployed here, the real server with its watcher and job roles
 * (CHAIN_ETHEREUM_RPC_URL, _MODE=regtest, _TOKENS, _FACTORY, _GAS_KEY). An approved merchant in live mode adds a
 * USDC wallet on Instant Payouts → Wallets with the checksummed address of a fresh account (a mistyped checksum is
 * refused under the field first), in forwarder mode, whitelists it with the e-mailed code and creates a live USDC
 * link. A customer (phone and desktop) opens it: the hosted page shows the 0x deposit address, equal to the
 * factory's `predict(merchant, salt)`, its QR code and an EIP-681 URI with chain id 31337 and the exact token base
 * units; another Hardhat account pays part then the rest with the token's `transfer`; the page goes partial ->
 * detected -> confirmed live as blocks are mined, the merchant's Transactions page shows it confirmed, and the
 * server's `evm.flush` job moves exactly the amount paid to the merchant's address, leaving the forwarder empty.
 * Then an ETH payment to a single-address wallet of the same account.
 */

const PASSWORD = 'Str0ng!pass';
const ADMIN = { email: 'evm-admin@example.com', password: 'Adm1n!pass-e2e' };
/** Hardhat accounts: 0 deploys, 1 and 2 are customers, 3 is the operator's gas wallet (only the server uses it). */
const DEPLOYER = 0;
const CUSTOMER = 1;
const ETH_CUSTOMER = 2;
const GAS = 3;

/** The address with the case of its first hex letter flipped: still an address, its EIP-55 checksum broken. */
function breakChecksum(address: Address): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i]!;
  return (
    address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1)
  );
}

type CheckoutPayment = {
  id: string;
  address: string;
  amount: string;
  currency: string;
  network: string;
  paymentUri: string;
  requiredConfirmations: number;
};

describe('live EVM payments on a Hardhat node, in the browser', () => {
  let node: Hardhat;
  let feed: Awaited<ReturnType<typeof startPriceFeed>>;
  let server: RunningServer;
  let browser: Browser;
  let factory: Address;
  let usdc: Address;
  /** The merchant's own address: a fresh account with no funds and no history. */
  const merchantAddress = privateKeyToAccount(generatePrivateKey()).address;
  const gasAddress = privateKeyToAccount(HARDHAT_KEYS[GAS]!).address;
  let merchantCtx: BrowserContext;
  let page: Page;
  let merchantErrors: string[];

  /** Mines `n` blocks one `evm_mine` at a time (`hardhat_mine` of several answers some with a zero parent hash). */
  const mine = async (n: number) => {
    for (let i = 0; i < n; i++)
      await node.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
  };
  /** USDC held by `of`, now or at the end of block `blockNumber`. */
  const usdcBalance = (of: Address, blockNumber?: bigint) =>
    node.publicClient.readContract({
      address: usdc,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [of],
      ...(blockNumber !== undefined ? { blockNumber } : {}),
    });
  /** A call of the merchant's API with the browser session (live mode), as the web app makes it. */
  const merchantApi = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`${server.url}/api/v1${path}`);
    const body = (await res.json()) as { success: boolean; data: T; error: { message: string } | null };
    if (!res.ok() || !body.success) throw new Error(`GET ${path}: ${res.status()} ${body.error?.message}`);
    return body.data;
  };
  const checkout = async (linkId: string): Promise<CheckoutPayment> => {
    const res = await fetch(`${server.url}/api/v1/checkout/${linkId}`);
    return ((await res.json()) as { data: { payment: CheckoutPayment } }).data.payment;
  };
  /**
   * The QR code the page shows (from the browser's cache, as drawn) is the one the server renders now from the
   * payment's current URI (`paymentUri` of the checkout, checked separately). Returns it.
   */
  const shownQr = async (pay: PaymentPage, paymentId: string): Promise<string> => {
    await pay.qrRendered();
    const src = (await pay.qr().getAttribute('src'))!;
    const shown = await pay.page.evaluate(
      (u) => fetch(u, { cache: 'force-cache' }).then((r) => r.text()),
      src,
    );
    const now = await fetch(`${server.url}/api/v1/payments/${paymentId}/qr.svg?now=${Date.now()}`);
    expect(shown === (await now.text()), `the QR code shown (${src}) is the payment's current one`).toBe(
      true,
    );
    return shown;
  };
  const requiredConfirmations = async (symbol: string) => {
    const res = await fetch(`${server.url}/api/v1/currencies`);
    const list = (
      (await res.json()) as {
        data: Array<{ symbol: string; networks: Array<{ id: string; requiredConfirmations: number }> }>;
      }
    ).data;
    const coin = list.find((c) => c.symbol === symbol);
    return coin!.networks.find((n) => n.id === 'ethereum')!.requiredConfirmations;
  };

  /** Adds an Ethereum wallet of `merchantAddress` on the Wallets tab and whitelists it with the e-mailed code. */
  async function addWhitelistedWallet(
    currency: 'USDC' | 'ETH',
    receiveMode: 'forwarder' | 'single',
    label: string,
  ) {
    const wallets = new WalletsPage(page);
    await wallets.openForm();
    await wallets.fill({ currency, address: merchantAddress, label, receiveMode });
    await wallets.submit();
    await wallets.preview().waitFor();
    // An address has no derived addresses to compare: the panel offers the verification only.
    expect(await wallets.preview().getByRole('listitem').count()).toBe(0);
    await wallets.row(label).waitFor();
    expect(await wallets.badges(label)).toEqual(['Pending']);
    const before = server.smtp.mails.length;
    await wallets.preview().getByRole('button', { name: 'Verify now' }).click();
    await wallets.dialog().getByText('We sent a 6-digit code to your email.', { exact: false }).waitFor();
    const mail = await server.smtp.waitForMail(emailOf(), { after: before, subject: /wallet verification/i });
    expect(mail.text).toContain(label);
    await wallets.enterCode(codeIn(mail));
    await wallets.dialog().waitFor({ state: 'hidden' });
    await until(
      () => wallets.badges(label),
      (b) => b.join() === 'Whitelisted,Default',
    );
    return wallets;
  }

  /** Creates a live payment link on the Payment Links page; returns its id. */
  async function createLink(crypto: 'USDC' | 'ETH', usd: string, expected: string, description: string) {
    await goToMerchantPage(page, 'Payments', false);
    await page.waitForURL(/\/payment-links$/);
    const links = new PaymentLinksPage(page);
    const first = page.getByRole('button', { name: 'Create Your First Link' });
    const created = page.getByTestId('link-created');
    await first.or(page.getByTestId('link-card').first()).first().waitFor();
    if (await first.isVisible()) await first.click();
    else await links.toggleForm();
    await links.form().waitFor();
    await links.fill({ crypto, amount: usd, description });
    // A coin offered on several networks asks which one (Ethereum is the one with a node here).
    const network = links.form().getByLabel('Network');
    if ((await network.count()) > 0) await network.selectOption('ethereum');
    await until(
      () => links.preview(),
      (s) => s.includes(expected),
    );
    await links.submit();
    await created.waitFor();
    return (await links.createdUrl()).split('/').pop()!;
  }

  let email = '';
  const emailOf = () => email;

  beforeAll(async () => {
    ensureWebBuilt();
    node = await startHardhat();
    const clients = { wallet: node.wallets[DEPLOYER]!, publicClient: node.publicClient };
    factory = await deployForwarderFactory(clients);
    usdc = await deployTestToken({ ...clients, name: 'USD Coin (test)', symbol: 'USDC', decimals: 6 });
    const mint = await node.wallets[DEPLOYER]!.writeContract({
      address: usdc,
      abi: testTokenAbi,
      functionName: 'mint',
      args: [node.wallets[CUSTOMER]!.account.address, parseUnits('1000', 6)],
    });
    await node.publicClient.waitForTransactionReceipt({ hash: mint });
    // 1 USDC = 1 USD and 1 ETH = 3,000 USD: a 25.00 USD link asks 25 USDC, a 30.00 USD link about 0.01 ETH.
    feed = await startPriceFeed({ ethereum: 3_000, 'usd-coin': 1, tether: 1, litecoin: 80, bitcoin: 95_000 });
    server = await startServer(
      {
        ROLES: 'api,watcher,webhooks,scheduler',
        CHAIN_ETHEREUM_RPC_URL: node.url,
        CHAIN_ETHEREUM_MODE: 'regtest',
        CHAIN_ETHEREUM_TOKENS: `USDC:${usdc}`,
        CHAIN_ETHEREUM_FACTORY: factory,
        CHAIN_ETHEREUM_GAS_KEY: HARDHAT_KEYS[GAS]!,
        RATES_API_URL: feed.url,
      },
      { admin: ADMIN },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await merchantCtx?.close();
    await browser?.close();
    await server?.stop();
    await feed?.close();
    await node?.stop();
  });

  it('forwarder USDC: the hosted page shows the predicted address, goes partial, detected, confirmed; the job flushes it to the merchant', async () => {
    email = `live-evm-${Date.now()}@example.com`;
    merchantCtx = await newContext(browser, server.url, DESKTOP);
    page = await merchantCtx.newPage();
    merchantErrors = collectErrors(page);
    await signUpAndSignIn(page, server, { name: 'Evan Ether', email, password: PASSWORD });
    const admin = await signInAccount(server, ADMIN);
    const users = await admin.call<Array<{ id: string; email: string }>>('GET', '/admin/users');
    await admin.call('POST', `/admin/users/${users.find((u) => u.email === email)!.id}/approve`);
    await modeButton(page, 'Live').click();
    await until(
      () => modeButton(page, 'Live').getAttribute('aria-pressed'),
      (v) => v === 'true',
    );

    // Instant Payouts → Wallets: a mistyped checksum is refused under the address field; nothing is added.
    await goToPayouts(page, false);
    const wallets = new WalletsPage(page);
    await page.getByText('No wallets yet').waitFor();
    await wallets.openForm();
    await wallets.fill({ currency: 'USDC', address: breakChecksum(merchantAddress), label: 'Hardhat USDC' });
    // An address on an EVM network chooses how it receives: forwarder deposit addresses by default.
    expect(await wallets.form().getByLabel('Receive payments').inputValue()).toBe('forwarder');
    await wallets.submit();
    await until(
      () => wallets.fieldError('Address or extended public key'),
      (m) => m !== null,
    );
    expect(await wallets.fieldError('Address or extended public key')).toBe(T.evmAddressChecksum);
    expect(await wallets.formBanner()).toBeNull();
    expect(await wallets.rows().count()).toBe(0);
    await screenshot(page, 'live-evm-wallet-checksum-error-desktop');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'live-evm-wallet-checksum-error-phone');
    await page.setViewportSize(DESKTOP);
    // Corrected (the checksummed address of the fresh account), in forwarder mode, and whitelisted.
    await addWhitelistedWallet('USDC', 'forwarder', 'Hardhat USDC');
    const usdcRow = await wallets.row('Hardhat USDC').textContent().then(trim);
    expect(usdcRow).toContain('USDC (Ethereum)');
    expect(usdcRow).toContain(merchantAddress.slice(0, 8));
    expect(usdcRow).toContain('Forwarder deposit addresses');
    await screenshot(page, 'live-evm-wallet-whitelisted-desktop');

    const linkId = await createLink('USDC', '25', '25.00 USDC', 'EVM order');

    // The merchant watches the Transactions page, never reloaded from here on.
    await goToMerchantPage(page, 'Transactions', false);
    await page.waitForURL(/\/transactions$/);
    const tx = new TransactionsPage(page);
    await page.getByText('No transactions yet').waitFor();
    await page.locator('[data-live="open"]').waitFor();
    await tx.markDocument();

    // The customer, on a phone: the deposit address is the factory's prediction for (merchant, the payment's salt).
    const customerCtx = await newContext(browser, server.url, PHONE);
    await customerCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const customer = await customerCtx.newPage();
    const customerErrors = collectErrors(customer);
    const pay = new PaymentPage(customer);
    await pay.open(linkId);
    await pay.waitForText('Waiting for your payment');
    await pay.waitForText('Real-time updates active');
    const payment = await checkout(linkId);
    const deposit = payment.address as Address;
    expect(deposit).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(deposit).not.toBe(merchantAddress);
    expect(await pay.address()).toBe(deposit);
    // The salt comes from the merchant's own flush call (GET /payments/{id}/flush-transaction).
    const flushCall = await merchantApi<{
      to: Address;
      data: Hex;
      chainId: number;
      value: string;
      depositAddress: Address;
      merchantAddress: Address;
    }>(`/payments/${payment.id}/flush-transaction`);
    expect(flushCall).toMatchObject({ to: factory, chainId: 31337, value: '0', depositAddress: deposit });
    expect(flushCall.merchantAddress).toBe(merchantAddress);
    const call = decodeFunctionData({ abi: forwarderFactoryAbi, data: flushCall.data });
    expect(call.functionName).toBe('flush');
    const [merchantArg, salt, tokens] = call.args as [Address, Hex, readonly Address[]];
    expect(merchantArg).toBe(merchantAddress);
    expect(tokens).toContain(usdc);
    const predicted = await node.publicClient.readContract({
      address: factory,
      abi: forwarderFactoryAbi,
      functionName: 'predict',
      args: [merchantAddress, salt],
    });
    expect(predicted).toBe(deposit);
    expect(await node.publicClient.getCode({ address: deposit })).toBeUndefined();

    // Which token: its contract, under the address (a wallet may hold several tokens named USDC).
    expect(await customer.getByTestId('token-contract').textContent().then(trim)).toBe(
      `USDC token contract: ${usdc}`,
    );
    expect(await pay.amountDue()).toBe('25.00');
    expect(
      await customer.getByText('on the Ethereum (ERC-20) network', { exact: false }).count(),
    ).toBeGreaterThan(0);
    const qr = await pay.qrRendered();
    expect(qr.loaded).toBe(true);
    expect(qr.width).toBeGreaterThanOrEqual(160);
    // EIP-681: the token contract on chain 31337, transfer to the deposit address, in base units (6 decimals).
    const uri = `ethereum:${usdc}@31337/transfer?address=${deposit}&uint256=25000000`;
    expect(payment.paymentUri).toBe(uri);
    const fullQr = await shownQr(pay, payment.id);
    await pay.copyUri();
    await customer.getByText('Payment URI copied!').waitFor();
    expect(await customer.evaluate(() => navigator.clipboard.readText())).toBe(uri);
    expect(await customer.getByText('Test mode', { exact: true }).count()).toBe(0);
    expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
    await pay.markDocument();
    await screenshot(customer, 'live-evm-hosted-pending-phone');
    const deskCtx = await newContext(browser, server.url, DESKTOP);
    const desk = await deskCtx.newPage();
    const deskErrors = collectErrors(desk);
    const deskPay = new PaymentPage(desk);
    await deskPay.open(linkId);
    await deskPay.waitForText('Waiting for your payment');
    expect(await deskPay.address()).toBe(deposit);
    expect((await deskPay.qrRendered()).loaded).toBe(true);
    await deskPay.waitForText('Real-time updates active');
    expect(await horizontalOverflow(desk)).toBeLessThanOrEqual(0);
    await screenshot(desk, 'live-evm-hosted-pending-desktop');

    // Part of it, with the token's transfer from another account: partial, the rest is asked, in a new URI.
    await tx.row(payment.id).waitFor();
    const customerWallet = node.wallets[CUSTOMER]!;
    const transfer = async (amount: bigint) => {
      const hash = await customerWallet.writeContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [deposit, amount],
      });
      expect((await node.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    };
    const sentAt = Date.now();
    await transfer(parseUnits('10', 6));
    await pay.waitForText('Partial payment received. Please send the remaining amount.');
    const partialMs = Date.now() - sentAt;
    await until(
      () => pay.amountDue(),
      (a) => a === '15.00',
    );
    await pay.waitForText('Received 10.00 of 25.00 USDC');
    expect(await pay.sameDocument()).toBe(true);
    // The QR code and "Copy payment URI" now ask for the remaining 15 USDC, not the full 25 again.
    const rest = `ethereum:${usdc}@31337/transfer?address=${deposit}&uint256=15000000`;
    expect((await checkout(linkId)).paymentUri).toBe(rest);
    await until(
      async () => {
        await pay.copyUri();
        return customer.evaluate(() => navigator.clipboard.readText());
      },
      (s) => s === rest,
    );
    expect(await shownQr(pay, payment.id)).not.toBe(fullQr);
    await screenshot(customer, 'live-evm-hosted-partial-phone');
    await deskPay.waitForText('Partial payment received. Please send the remaining amount.');
    await screenshot(desk, 'live-evm-hosted-partial-desktop');

    // The rest: detected at inclusion with one confirmation, confirmed once the required blocks are mined.
    const required = await requiredConfirmations('USDC');
    expect(required).toBeGreaterThan(2);
    await transfer(parseUnits('15', 6));
    await pay.waitForText('Payment received, waiting for network confirmations');
    await until(
      () => pay.confirmations(),
      (s) => s === `Confirmations: 1 of ${required}`,
    );
    await screenshot(customer, 'live-evm-hosted-detected-phone');
    await deskPay.waitForText('Payment received, waiting for network confirmations');
    await screenshot(desk, 'live-evm-hosted-detected-desktop');
    await mine(required - 2);
    await until(
      () => pay.confirmations(),
      (s) => s === `Confirmations: ${required - 1} of ${required}`,
    );
    const minedAt = Date.now();
    await mine(1);
    await pay.waitForText('Payment confirmed');
    console.info(
      `e2e live-evm: transfer -> page partial ${partialMs} ms; last block -> page confirmed ${Date.now() - minedAt} ms`,
    );
    await pay.waitForText('You can now close this page');
    expect(await pay.sameDocument()).toBe(true);
    expect(await horizontalOverflow(customer)).toBeLessThanOrEqual(0);
    await screenshot(customer, 'live-evm-hosted-confirmed-phone');
    await deskPay.waitForText('Payment confirmed');
    await screenshot(desk, 'live-evm-hosted-confirmed-desktop');

    // The merchant's Transactions page shows it confirmed, live.
    await until(
      () => tx.row(payment.id).getAttribute('data-status'),
      (s) => s === 'confirmed',
    );
    expect(await tx.sameDocument()).toBe(true);
    const row = await tx.row(payment.id).textContent().then(trim);
    expect(row).toContain('25.00 USDC');
    expect(row).toContain('Confirmed');
    expect(row).toContain('EVM order');
    await screenshot(page, 'live-evm-transactions-confirmed-desktop');

    // Not moved yet: "Move now" shows the flush call the merchant can send from any wallet (the row is as the
    // last list read left it; the job's flush below does not change it until the page reads the list again).
    const funds = tx.row(payment.id).getByTestId('forwarder-funds');
    expect(await funds.textContent().then(trim)).toContain('In its deposit address');
    await funds.getByRole('button', { name: 'Move now' }).click();
    const moveDialog = page.getByTestId('flush-transaction');
    await moveDialog.waitFor();
    const callText = await moveDialog.textContent().then(trim);
    expect(callText).toContain(merchantAddress);
    expect(callText).toContain(factory);
    expect(callText).toContain(deposit);
    expect(callText).toContain('31337');
    await screenshot(page, 'live-evm-move-now-desktop', { fullPage: false });
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'live-evm-move-now-phone', { fullPage: false });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await moveDialog.waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);

    // The evm.flush job (one slot a minute) moves the tokens from the forwarder to the merchant's address. Its slot
    // may come before or after this point, so the balances before it are read at the block before the flush's.
    const flushStarted = Date.now();
    const flushed = await until(
      () => merchantApi<{ flushedAt: string | null; flushTx: Hex | null }>(`/payments/${payment.id}`),
      (p) => p.flushedAt !== null,
      300_000,
    );
    console.info(`e2e live-evm: confirmed -> flushed by the job in ${Date.now() - flushStarted} ms`);
    expect(flushed.flushTx).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await node.publicClient.getTransactionReceipt({ hash: flushed.flushTx! });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(gasAddress.toLowerCase());
    expect(receipt.to?.toLowerCase()).toBe(factory.toLowerCase());
    expect(await usdcBalance(deposit, receipt.blockNumber - 1n)).toBe(25_000_000n);
    expect(await usdcBalance(merchantAddress, receipt.blockNumber - 1n)).toBe(0n);
    expect(await usdcBalance(merchantAddress)).toBe(25_000_000n);
    expect(await usdcBalance(deposit)).toBe(0n);
    expect(await node.publicClient.getCode({ address: deposit })).toMatch(/^0x.+/);
    // Read again, the Transactions page says the money was moved, with the flush transaction.
    await page.reload();
    await until(
      () => tx.row(payment.id).getByTestId('forwarder-funds').textContent().then(trim),
      (t) => t.includes('Moved to your wallet'),
    );
    await tx.row(payment.id).getByTitle(flushed.flushTx!).waitFor();

    expect(merchantErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
    expect(deskErrors).toEqual([]);
    await deskCtx.close();
    await customerCtx.close();
  });

  it('single-address ETH: the hosted page asks a unique amount to the merchant address itself; confirmed live', async () => {
    expect(page, 'runs after the forwarder journey (same merchant)').toBeDefined();
    await goToPayouts(page, false);
    const wallets = await addWhitelistedWallet('ETH', 'single', 'Hardhat ETH');
    const ethRow = await wallets.row('Hardhat ETH').textContent().then(trim);
    expect(ethRow).toContain('ETH (Ethereum)');
    expect(ethRow).toContain('This address (unique amounts)');
    await screenshot(page, 'live-evm-wallets-two-desktop');
    const linkId = await createLink('ETH', '30', 'ETH', 'ETH order');

    const customerCtx = await newContext(browser, server.url, DESKTOP);
    const customer = await customerCtx.newPage();
    const customerErrors = collectErrors(customer);
    const pay = new PaymentPage(customer);
    await pay.open(linkId);
    await pay.waitForText('Waiting for your payment');
    await pay.waitForText('Real-time updates active');
    const payment = await checkout(linkId);
    expect(payment.address).toBe(merchantAddress);
    expect(await pay.address()).toBe(merchantAddress);
    const wei = parseEther(payment.amount);
    // About 30 USD at 3,000 USD per ETH, made unique by a few base units at most.
    expect(wei >= parseEther('0.01') && wei < parseEther('0.0101')).toBe(true);
    expect(payment.paymentUri).toBe(`ethereum:${merchantAddress}@31337?value=${wei}`);
    // Shown with at least ETH's 8 display decimals, every digit of the unique amount kept.
    const [whole, fraction = ''] = payment.amount.split('.');
    expect(await pay.amountDue()).toBe(`${whole}.${fraction.padEnd(8, '0')}`);
    expect((await pay.qrRendered()).loaded).toBe(true);
    await pay.markDocument();
    await screenshot(customer, 'live-evm-eth-single-pending-desktop');

    const balanceBefore = await node.publicClient.getBalance({ address: merchantAddress });
    const hash = await node.wallets[ETH_CUSTOMER]!.sendTransaction({ to: merchantAddress, value: wei });
    expect((await node.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    await pay.waitForText('Payment received, waiting for network confirmations');
    const required = await requiredConfirmations('ETH');
    await until(
      () => pay.confirmations(),
      (s) => s === `Confirmations: 1 of ${required}`,
    );
    await mine(required - 1);
    await pay.waitForText('Payment confirmed');
    expect(await pay.sameDocument()).toBe(true);
    await screenshot(customer, 'live-evm-eth-single-confirmed-desktop');
    // Straight to the merchant: exactly the amount asked, nothing to flush.
    expect((await node.publicClient.getBalance({ address: merchantAddress })) - balanceBefore).toBe(wei);
    const detail = await merchantApi<{ status: string; amountReceived: string; flushedAt: string | null }>(
      `/payments/${payment.id}`,
    );
    expect(detail).toMatchObject({ status: 'confirmed', amountReceived: payment.amount, flushedAt: null });

    expect(merchantErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
    await customerCtx.close();
  });
});
