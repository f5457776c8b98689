import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { swapForwarderFactoryAbi, testTokenAbi } from '@coinlane/contracts/abi';
import { deployForwarderFactory, deployUsdtLikeTestToken } from '@coinlane/contracts/deploy';
import { encodeV3Path } from '@coinlane/contracts/swap-forwarder-address';
import {
  createPoolWithLiquidity,
  deployUniswapV3,
  increaseTime,
  type Uniswap,
} from '@coinlane/contracts/uniswap-test-deploy';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type Address,
  decodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  parseEther,
  parseUnits,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { codeIn } from '#app/test/smtp.ts';
import { goToMerchantPage, PaymentLinksPage, trim } from './pages/merchant-payments-pages.ts';
import { collectErrors, horizontalOverflow, signUpAndSignIn, until } from './pages/merchant-session.ts';
import { PaymentPage } from './pages/payment-page.ts';
import {
  AutoConversionPanel,
  goToPayouts,
  HistoryPanel,
  modeButton,
  PayoutSummaryCards,
  RulesPanel,
  WalletsPage,
} from './pages/payouts-pages.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, screenshotPath } from './support/browser.ts';
import { signInAccount } from './support/merchant-api.ts';
import { startPriceFeed } from './support/price-feed.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 18's browser journey of auto-conversion on EVM (docs/decisions/024-auto-conversion.md), on a Hardhat 2 node
 * with the plain forwarder factory, Uniswap V3 deployed from the official npm packages' artifacts, a USDT-like test
 * token (no return values, zero-first approve), a WETH/USDT 0.3 % pool with full-range liquidity at 3,000 USDT per
 * ETH and more history than the TWAP window (CHAIN_ETHEREUM_SWAP_TWAP_SECONDS=60, evm_increaseTime), and the swap
 * factory deployed with the operator's command (`npm run evm:deploy-swap-factory`). The real server runs with its
 * watcher (which verifies both factories), job and API roles. An approved merchant in live mode turns Auto
 * Conversion on, adds and whitelists a USDT wallet, adds an ETH -> USDT rule, creates a live ETH link; a customer pays
 * the hosted page's deposit address on Hardhat. The merchant, who has the History tab open and never reloads it,
 * sees the entry appear awaiting confirmation (the flush transaction held in the node's mempool: automine off) and
 * then completed with the swap's transaction hash and the USDT received to 8 decimals, and Total Converted; on chain
 * the USDT is at the merchant's address and nothing stays at the deposit address. Desktop and phone, English and
 * French.
 */

const PASSWORD = 'Str0ng!pass';
const ADMIN = { email: 'swap-admin@example.com', password: 'Adm1n!pass-e2e' };
/** Hardhat accounts: 0 deploys Uniswap and provides liquidity, 1 is the customer, 3 the gas wallet, 4 the operator. */
const DEPLOYER = 0;
const CUSTOMER = 1;
const GAS = 3;
const OPERATOR = 4;
const TWAP_SECONDS = 60;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `units` (of a token of `decimals`) as the Payouts page shows them: `places` decimals rounded half-up, in `lang`. */
function shownAmount(units: bigint, decimals: number, places: number, lang: string): string {
  const scaled =
    places >= decimals
      ? units * 10n ** BigInt(places - decimals)
      : (units + 5n * 10n ** BigInt(decimals - places - 1)) / 10n ** BigInt(decimals - places);
  const [whole, fraction = ''] = formatUnits(scaled, places).split('.');
  const sample = new Intl.NumberFormat(lang, { minimumFractionDigits: 1 }).formatToParts(1.5);
  const decimal = sample.find((p) => p.type === 'decimal')!.value;
  return `${BigInt(whole!).toLocaleString(lang)}${decimal}${fraction.padEnd(places, '0')}`;
}

describe('auto-conversion of a live ETH payment to USDT, in the browser', () => {
  let node: Hardhat;
  let uniswap: Uniswap;
  let usdt: Address;
  let factory: Address;
  let swapFactory: Address;
  let feed: Awaited<ReturnType<typeof startPriceFeed>>;
  let server: RunningServer;
  let browser: Browser;
  let merchantCtx: BrowserContext;
  let page: Page;
  /** The merchant's USDT wallet: a fresh account with no funds and no history. */
  const merchantAddress = privateKeyToAccount(generatePrivateKey()).address;
  const email = `swap-${Date.now()}@example.com`;

  const mine = async (n: number) => {
    for (let i = 0; i < n; i++)
      await node.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
  };
  const usdtBalance = (of: Address) =>
    node.publicClient.readContract({
      address: usdt,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [of],
    });
  const wethBalance = (of: Address) =>
    node.publicClient.readContract({
      address: uniswap.weth,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [of],
    });
  /** A call of the merchant's API with the browser session (live mode), as the web app makes it. */
  const merchantApi = async <T>(p: string): Promise<T> => {
    const res = await page.request.get(`${server.url}/api/v1${p}`);
    const body = (await res.json()) as { success: boolean; data: T; error: { message: string } | null };
    if (!res.ok() || !body.success) throw new Error(`GET ${p}: ${res.status()} ${body.error?.message}`);
    return body.data;
  };
  const checkout = async (linkId: string) => {
    const res = await fetch(`${server.url}/api/v1/checkout/${linkId}`);
    return ((await res.json()) as { data: { payment: { id: string; address: string; amount: string } } }).data
      .payment;
  };
  const requiredConfirmations = async () => {
    const res = await fetch(`${server.url}/api/v1/currencies`);
    const list = (
      (await res.json()) as {
        data: Array<{ symbol: string; networks: Array<{ id: string; requiredConfirmations: number }> }>;
      }
    ).data;
    return list.find((c) => c.symbol === 'ETH')!.networks.find((n) => n.id === 'ethereum')!
      .requiredConfirmations;
  };
  /**
   * A screenshot at desktop width, then at phone width (no sideways scrolling; the whole page, without the bottom bar
   * that a full-page picture would draw over its middle), back to desktop.
   */
  const bothWidths = async (name: string) => {
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: screenshotPath(`${name}-phone`),
      fullPage: true,
      style: 'nav.fixed.bottom-0 { visibility: hidden; }',
    });
    await page.setViewportSize(DESKTOP);
  };

  beforeAll(async () => {
    ensureWebBuilt();
    node = await startHardhat();
    const clients = { wallet: node.wallets[DEPLOYER]!, publicClient: node.publicClient };
    factory = await deployForwarderFactory(clients);
    uniswap = await deployUniswapV3(clients);
    usdt = await deployUsdtLikeTestToken({
      ...clients,
      name: 'Tether USD (test)',
      symbol: 'USDT',
      decimals: 6,
    });
    // 1 ETH = 3,000 USDT, as the price feed says 1 ETH = 3,000 USD
    await createPoolWithLiquidity({
      ...clients,
      uniswap,
      tokenA: uniswap.weth,
      tokenB: usdt,
      fee: 3000,
      amountA: parseEther('100'),
      amountB: parseUnits('300000', 6),
    });
    // the pool's oracle must look back over the whole TWAP window by the time the payment is flushed
    await increaseTime(node.publicClient, TWAP_SECONDS * 2);
    // the operator deploys the swap factory with its command, bound to this chain's Uniswap contracts
    const deploy = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/deploy-swap-factory.ts',
        '--network',
        'ethereum',
        '--router',
        uniswap.router,
        '--weth',
        uniswap.weth,
        '--v3-factory',
        uniswap.v3Factory,
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          CHAIN_ETHEREUM_RPC_URL: node.url,
          CHAIN_ETHEREUM_MODE: 'regtest',
          DEPLOYER_KEY: HARDHAT_KEYS[OPERATOR]!,
        },
      },
    );
    if (deploy.status !== 0) throw new Error(`evm:deploy-swap-factory failed: ${deploy.stderr}`);
    swapFactory = getAddress(deploy.stdout.trim());
    expect(deploy.stderr).toContain(`Set CHAIN_ETHEREUM_SWAP_FACTORY=${swapFactory}`);
    feed = await startPriceFeed({ ethereum: 3_000, tether: 1, 'usd-coin': 1, litecoin: 80, bitcoin: 95_000 });
    server = await startServer(
      {
        ROLES: 'api,watcher,webhooks,scheduler',
        CHAIN_ETHEREUM_RPC_URL: node.url,
        CHAIN_ETHEREUM_MODE: 'regtest',
        CHAIN_ETHEREUM_TOKENS: `USDT:${usdt}`,
        CHAIN_ETHEREUM_FACTORY: factory,
        CHAIN_ETHEREUM_GAS_KEY: HARDHAT_KEYS[GAS]!,
        CHAIN_ETHEREUM_SWAP_FACTORY: swapFactory,
        CHAIN_ETHEREUM_SWAP_TWAP_SECONDS: String(TWAP_SECONDS),
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

  it('turns Auto Conversion on, adds a USDT wallet and an ETH -> USDT rule; a paid ETH link reaches the wallet as USDT, watched on History', async () => {
    merchantCtx = await newContext(browser, server.url, DESKTOP);
    page = await merchantCtx.newPage();
    const merchantErrors = collectErrors(page);
    await signUpAndSignIn(page, server, { name: 'Sam Swap', email, password: PASSWORD });
    const admin = await signInAccount(server, ADMIN);
    const users = await admin.call<Array<{ id: string; email: string }>>('GET', '/admin/users');
    await admin.call('POST', `/admin/users/${users.find((u) => u.email === email)!.id}/approve`);
    await modeButton(page, 'Live').click();
    await until(
      () => modeButton(page, 'Live').getAttribute('aria-pressed'),
      (v) => v === 'true',
    );

    // Instant Payouts → Auto Conversion: on, converting to USDT (the default target currency).
    await goToPayouts(page, false, 'Auto Conversion');
    const auto = new AutoConversionPanel(page);
    await auto.toggle().waitFor();
    expect(await auto.isOn()).toBe(false);
    await auto.turnOn();
    expect(await auto.targetCurrency().inputValue()).toBe('USDT');
    await bothWidths('auto-conversion-on');

    // Wallets: the merchant's USDT address on Ethereum, whitelisted with the e-mailed code.
    await page.getByRole('tab', { name: 'Wallets', exact: true }).click();
    const wallets = new WalletsPage(page);
    await page.getByText('No wallets yet').waitFor();
    await wallets.openForm();
    await wallets.fill({ currency: 'USDT', address: merchantAddress, label: 'Treasury USDT' });
    await wallets.submit();
    await wallets.row('Treasury USDT').waitFor();
    const before = server.smtp.mails.length;
    await wallets.preview().getByRole('button', { name: 'Verify now' }).click();
    const mail = await server.smtp.waitForMail(email, { after: before, subject: /wallet verification/i });
    await wallets.enterCode(codeIn(mail));
    await wallets.dialog().waitFor({ state: 'hidden' });
    await until(
      () => wallets.badges('Treasury USDT'),
      (b) => b.includes('Whitelisted'),
    );
    expect(await wallets.row('Treasury USDT').textContent().then(trim)).toContain('USDT (Ethereum)');

    // Rules: ETH on Ethereum -> USDT to that wallet; the route is read from the node's Uniswap pools.
    await page.getByRole('tab', { name: 'Rules', exact: true }).click();
    const rules = new RulesPanel(page);
    await page.getByText('No rules yet').waitFor();
    await rules.openForm();
    await rules.fill({ from: 'ETH' });
    if ((await rules.form().getByLabel('Network', { exact: true }).count()) > 0) {
      await rules.fill({ network: 'ethereum' });
    }
    await rules.fill({ to: 'USDT', wallet: 'Treasury USDT' });
    expect(await rules.form().getByLabel('Minimum amount').inputValue()).toBe('0.01');
    await screenshot(page, 'auto-conversion-rule-form-desktop');
    await rules.submit();
    await page.getByText('Rule added.').waitFor();
    await until(
      () => rules.rows().count(),
      (n) => n === 1,
    );
    const ruleRow = await rules.row('ETH (Ethereum)', 'USDT').textContent().then(trim);
    expect(ruleRow).toContain('Active');
    expect(ruleRow).toContain('Swap on Ethereum');
    expect(ruleRow).toContain(`${merchantAddress.slice(0, 8)}…${merchantAddress.slice(-6)}`);
    const summary = new PayoutSummaryCards(page);
    await until(
      () => summary.activeRules(),
      (t) => t === '1',
    );
    const [rule] = await merchantApi<{
      rules: Array<{ swapRoute: { tokens: string[]; fees: number[] } | null }>;
    }>('/payouts/rules').then((r) => r.rules);
    expect(rule!.swapRoute).toEqual({ tokens: [uniswap.weth, usdt], fees: [3000] });
    await bothWidths('auto-conversion-rules');

    // A live link of 300 USD: 0.1 ETH at the feed's 3,000 USD.
    await goToMerchantPage(page, 'Payments', false);
    await page.waitForURL(/\/payment-links$/);
    const links = new PaymentLinksPage(page);
    const first = page.getByRole('button', { name: 'Create Your First Link' });
    await first.or(page.getByTestId('link-card').first()).first().waitFor();
    if (await first.isVisible()) await first.click();
    else await links.toggleForm();
    await links.form().waitFor();
    await links.fill({ crypto: 'ETH', amount: '300', description: 'Converted order' });
    const network = links.form().getByLabel('Network');
    if ((await network.count()) > 0) await network.selectOption('ethereum');
    await until(
      () => links.preview(),
      (s) => s.includes('ETH'),
    );
    await links.submit();
    await page.getByTestId('link-created').waitFor();
    const linkId = (await links.createdUrl()).split('/').pop()!;

    // The merchant opens History and watches it from here on, never reloading.
    await goToPayouts(page, false, 'History');
    const history = new HistoryPanel(page);
    await page.getByText('No payouts yet').waitFor();

    // The customer, on a phone, pays the hosted page's deposit address: a swapping forwarder of the rule's terms.
    const customerCtx = await newContext(browser, server.url, PHONE);
    const customer = await customerCtx.newPage();
    const customerErrors = collectErrors(customer);
    const pay = new PaymentPage(customer);
    await pay.open(linkId);
    await pay.waitForText('Waiting for your payment');
    const payment = await checkout(linkId);
    const deposit = getAddress(payment.address);
    expect(await pay.address()).toBe(deposit);
    expect(deposit).not.toBe(merchantAddress);
    const amount = parseEther(payment.amount);
    expect(amount).toBe(parseEther('0.1'));
    // the merchant's own flush call names the route the address commits to: the swap factory predicts it
    const flushCall = await merchantApi<{ to: Address; data: Hex; depositAddress: Address }>(
      `/payments/${payment.id}/flush-transaction`,
    );
    expect(flushCall).toMatchObject({ to: swapFactory, depositAddress: deposit });
    const call = decodeFunctionData({ abi: swapForwarderFactoryAbi, data: flushCall.data });
    expect(call.functionName).toBe('flush');
    const route = (call.args as readonly unknown[])[0] as {
      merchant: Address;
      tokenIn: Address;
      tokenOut: Address;
      path: Hex;
      slippageBps: number;
      twapSeconds: number;
      paymentSalt: Hex;
    };
    expect(route).toMatchObject({
      merchant: merchantAddress,
      tokenIn: zeroAddress,
      tokenOut: usdt,
      path: encodeV3Path([uniswap.weth, usdt], [3000]),
      slippageBps: 100,
      twapSeconds: TWAP_SECONDS,
    });
    expect(
      await node.publicClient.readContract({
        address: swapFactory,
        abi: swapForwarderFactoryAbi,
        functionName: 'predict',
        args: [route],
      }),
    ).toBe(deposit);
    await screenshot(customer, 'auto-conversion-hosted-pending-phone');

    const required = await requiredConfirmations();
    const hash = await node.wallets[CUSTOMER]!.sendTransaction({ to: deposit, value: amount });
    expect((await node.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    // From here blocks come only when mined here: the flush transaction waits in the mempool until then.
    await node.setAutomine(false);
    await pay.waitForText('Payment received, waiting for network confirmations');
    await mine(required - 1);
    await pay.waitForText('Payment confirmed');
    await screenshot(customer, 'auto-conversion-hosted-confirmed-phone');

    // The flush job's slot (once a minute) signs the swap flush: History shows it awaiting confirmation.
    const pendingSince = Date.now();
    await until(
      () => history.rows().count(),
      (n) => n === 1,
      300_000,
    );
    const pending = await history.entry();
    console.info(
      `e2e auto-conversion: confirmed -> History shows the entry in ${Date.now() - pendingSince} ms`,
    );
    expect(pending.status).toBe('Awaiting confirmation');
    expect(pending.text).toContain('Swap');
    expect(pending.text).toContain('0.10000000 ETH');
    expect(pending.text).toContain('USDT awaiting confirmation');
    expect(pending.wallet).toBe(`${merchantAddress.slice(0, 8)}…${merchantAddress.slice(-6)}`);
    expect(pending.walletTitle).toBe(merchantAddress);
    const flushTx = pending.txTitle as Hex;
    expect(flushTx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(pending.tx).toBe(`${flushTx.slice(0, 8)}…${flushTx.slice(-6)}`);
    // still in the mempool: the deposit address holds the ETH, the merchant nothing yet
    expect(await node.publicClient.getTransactionReceipt({ hash: flushTx }).catch(() => null)).toBeNull();
    expect(await node.publicClient.getBalance({ address: deposit })).toBe(amount);
    expect(await usdtBalance(merchantAddress)).toBe(0n);
    await until(
      () => summary.pendingPayouts(),
      (t) => t === '1',
    );
    await bothWidths('auto-conversion-history-pending');

    // Mined: the job reads the receipt, the entry completes with the swap's output.
    await mine(1);
    const receipt = await node.publicClient.getTransactionReceipt({ hash: flushTx });
    expect(receipt.status).toBe('success');
    expect(receipt.to).toBe(swapFactory.toLowerCase());
    const completedSince = Date.now();
    await until(
      () => history.entry().then((e) => e.status),
      (s) => s === 'Completed',
      300_000,
    );
    console.info(
      `e2e auto-conversion: mined -> History shows it completed in ${Date.now() - completedSince} ms`,
    );
    await node.setAutomine(true);

    // On chain: USDT at the merchant's address, nothing left at the deposit address, no ETH delivered instead.
    const received = await usdtBalance(merchantAddress);
    // 0.1 ETH at 3,000 less the 0.3 % pool fee and a 0.1 % price impact
    expect(received).toBeGreaterThan(parseUnits('298', 6));
    expect(received).toBeLessThan(parseUnits('300', 6));
    expect(await node.publicClient.getBalance({ address: deposit })).toBe(0n);
    expect(await usdtBalance(deposit)).toBe(0n);
    expect(await wethBalance(deposit)).toBe(0n);
    expect(await node.publicClient.getBalance({ address: merchantAddress })).toBe(0n);
    expect(await usdtBalance(swapFactory)).toBe(0n);

    const done = await history.entry();
    expect(done.text).toContain('0.10000000 ETH');
    expect(done.text).toContain(`${shownAmount(received, 6, 8, 'en')} USDT`);
    expect(done.text).toMatch(/1 ETH = [\d,]+\.\d{8} USDT/);
    expect(done.txTitle).toBe(flushTx);
    expect(done.tx).toBe(`${flushTx.slice(0, 8)}…${flushTx.slice(-6)}`);
    await until(
      () => summary.totalConverted(),
      (t) => t === `${shownAmount(received, 6, 4, 'en')} USDT`,
    );
    await until(
      () => summary.pendingPayouts(),
      (t) => t === '0',
    );
    const detail = await merchantApi<{ flushTx: string | null }>(`/payments/${payment.id}`);
    expect(detail.flushTx).toBe(flushTx);
    await bothWidths('auto-conversion-history-completed');

    // The same page in French (the account's language, which the app follows once signed in).
    const api = await signInAccount(server, { email, password: PASSWORD });
    await api.call('PUT', '/settings', { language: 'fr' });
    await page.evaluate(() => localStorage.setItem('coinlane.lang', 'fr'));
    await page.reload();
    await page.getByRole('tab', { name: 'Historique' }).waitFor();
    await until(
      () => history.entry().then((e) => e.status),
      (s) => s === 'Terminé',
    );
    const fr = await history.entry();
    expect(fr.text).toContain(`${shownAmount(received, 6, 8, 'fr')} USDT`);
    expect(fr.text).toContain(`${shownAmount(parseEther('0.1'), 18, 8, 'fr')} ETH`);
    expect(fr.tx).toBe(`${flushTx.slice(0, 8)}…${flushTx.slice(-6)}`);
    await until(
      () => summary.totalConverted(),
      (t) => t === `${shownAmount(received, 6, 4, 'fr')} USDT`,
    );
    await bothWidths('auto-conversion-history-fr');
    await page.getByRole('tab', { name: 'Règles' }).click();
    await page.getByTestId('rule-row').first().waitFor();
    await bothWidths('auto-conversion-rules-fr');
    await page.getByRole('tab', { name: 'Conversion automatique' }).click();
    await page.getByLabel('Devise cible').waitFor();
    await bothWidths('auto-conversion-on-fr');
    await api.call('PUT', '/settings', { language: 'en' });

    expect(merchantErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
    await customerCtx.close();
  });
});
