import type { Locator, Page } from 'playwright-core';
import { goToMerchantPage, trim } from './merchant-payments-pages.ts';

/**
 * The merchant's navigation to Instant Payouts (the sidebar on a desktop, the bottom bar on a phone), then to one
 * of its tabs (Wallets unless said; the page opens on Auto Conversion).
 */
export async function goToPayouts(
  page: Page,
  phone: boolean,
  tab: 'Auto Conversion' | 'Wallets' | 'Rules' | 'History' = 'Wallets',
) {
  await goToMerchantPage(page, 'Payouts', phone);
  await page.waitForURL(/\/instant-payouts$/);
  if (tab !== 'Auto Conversion') {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.waitForURL(/\/instant-payouts\?tab=/);
  }
}

/** The Test / Live switch in the header. */
export function modeButton(page: Page, mode: 'Test' | 'Live'): Locator {
  return page.getByRole('banner').getByRole('button', { name: mode, exact: true });
}

/** Page helper for /instant-payouts, Wallets tab: the add form, the first-addresses panel, rows, dialogs. */
export class WalletsPage {
  constructor(readonly page: Page) {}

  form(): Locator {
    return this.page.getByRole('form', { name: 'Add a wallet' });
  }
  async openForm() {
    if ((await this.form().count()) === 0) {
      await this.page.getByRole('button', { name: 'Add Wallet', exact: true }).first().click();
    }
    await this.form().waitFor();
  }
  async fill(v: {
    currency?: string;
    address?: string;
    label?: string;
    scriptType?: string;
    receiveMode?: 'forwarder' | 'single';
  }) {
    const f = this.form();
    if (v.currency) await f.getByLabel('Currency').selectOption(v.currency);
    if (v.address !== undefined) await f.getByLabel('Address or extended public key').fill(v.address);
    if (v.label !== undefined) await f.getByLabel('Label').fill(v.label);
    if (v.scriptType) await f.getByLabel('Address type').selectOption(v.scriptType);
    // EVM addresses: how payments are received (a forwarder deposit address per payment, or the address itself).
    if (v.receiveMode) await f.getByLabel('Receive payments').selectOption(v.receiveMode);
  }
  submit() {
    return this.form().getByRole('button', { name: 'Add Wallet' }).click();
  }
  /** The message shown under a form field (its aria-describedby element when the field is invalid). */
  async fieldError(label: string): Promise<string | null> {
    const input = this.form().getByLabel(label, { exact: true });
    if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
    const id = await input.getAttribute('aria-describedby');
    if (!id) return null;
    return this.form().locator(`[id="${id}"]`).textContent().then(trim);
  }
  /** The banner of the form (an error that belongs to no field), or null. */
  async formBanner(): Promise<string | null> {
    const alert = this.form().getByRole('alert');
    return (await alert.count()) === 0 ? null : alert.textContent().then(trim);
  }
  preview(): Locator {
    return this.page.getByTestId('wallet-preview');
  }
  /** The derivation paths and addresses listed in the panel shown after adding a key. */
  async previewAddresses(): Promise<Array<[string, string]>> {
    const items = await this.preview().getByRole('listitem').all();
    return Promise.all(
      items.map(async (li) => {
        const [path, address] = await li.locator('span').allTextContents();
        return [trim(path ?? ''), trim(address ?? '')] as [string, string];
      }),
    );
  }
  rows(): Locator {
    return this.page.getByTestId('wallet-row');
  }
  row(label: string): Locator {
    return this.rows().filter({ has: this.page.getByText(label, { exact: true }) });
  }
  /** The badges of a row: 'Pending' or 'Whitelisted', and 'Default'. */
  async badges(label: string): Promise<string[]> {
    const texts = await this.row(label).locator('div').first().locator('span').allTextContents();
    return texts.map(trim).filter((t) => t === 'Pending' || t === 'Whitelisted' || t === 'Default');
  }
  notice(): Promise<string> {
    return this.page.getByRole('tabpanel').getByRole('status').first().textContent().then(trim);
  }
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  codeInput(): Locator {
    return this.dialog().getByLabel('Verification code');
  }
  async enterCode(code: string) {
    await this.codeInput().fill(code);
    await this.dialog().getByRole('button', { name: 'Verify', exact: true }).click();
  }
  /** The message under the code field, or null. */
  async codeError(): Promise<string | null> {
    const input = this.codeInput();
    if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
    const id = await input.getAttribute('aria-describedby');
    return id ? this.dialog().locator(`[id="${id}"]`).textContent().then(trim) : null;
  }
  resendButton(): Locator {
    return this.dialog().getByTestId('resend-code');
  }
}

/** Instant Payouts' Auto Conversion tab: the switch, the target currency (shown while on), the maximum slippage. */
export class AutoConversionPanel {
  constructor(readonly page: Page) {}

  toggle(): Locator {
    return this.page.getByRole('switch', { name: 'Auto Conversion' });
  }
  async isOn(): Promise<boolean> {
    return (await this.toggle().getAttribute('aria-checked')) === 'true';
  }
  /** Turns the switch on and waits until the server's answer shows the target currency. */
  async turnOn() {
    await this.toggle().waitFor();
    if (!(await this.isOn())) await this.toggle().click();
    await this.targetCurrency().waitFor();
    await this.page.getByText('Conversion settings saved.').waitFor();
  }
  targetCurrency(): Locator {
    return this.page.getByLabel('Target currency');
  }
  slippage(): Locator {
    return this.page.getByLabel('Maximum slippage');
  }
}

/** Instant Payouts' Rules tab: the add form (opened by the page's Add Rule button), the rules, their switches. */
export class RulesPanel {
  constructor(readonly page: Page) {}

  form(): Locator {
    return this.page.getByRole('form', { name: 'Add a rule' });
  }
  async openForm() {
    if ((await this.form().count()) === 0) {
      await this.page.getByRole('button', { name: 'Add Rule', exact: true }).first().click();
    }
    await this.form().waitFor();
  }
  /** Fills the form; the wallet is chosen by its label among the form's choices (the first one otherwise). */
  async fill(v: { from?: string; network?: string; to?: string; minAmount?: string; wallet?: string }) {
    const f = this.form();
    if (v.from) await f.getByLabel('From', { exact: true }).selectOption(v.from);
    if (v.network) await f.getByLabel('Network', { exact: true }).selectOption(v.network);
    if (v.to) await f.getByLabel('To', { exact: true }).selectOption(v.to);
    if (v.minAmount !== undefined) await f.getByLabel('Minimum amount').fill(v.minAmount);
    if (v.wallet) {
      const select = f.getByLabel('Wallet', { exact: true });
      const option = select.locator('option').filter({ hasText: v.wallet });
      await select.selectOption((await option.first().getAttribute('value'))!);
    }
  }
  submit() {
    return this.form().getByRole('button', { name: 'Add Rule' }).click();
  }
  /** The form's banner (a refusal that belongs to no field), or null. */
  async formBanner(): Promise<string | null> {
    const alert = this.form().getByRole('alert');
    return (await alert.count()) === 0 ? null : alert.first().textContent().then(trim);
  }
  /** The message under a form field, or null. */
  async fieldError(label: string): Promise<string | null> {
    const input = this.form().getByLabel(label, { exact: true });
    if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
    const id = await input.getAttribute('aria-describedby');
    return id
      ? this.form()
          .locator(`[id="${id.split(' ')[0]}"]`)
          .textContent()
          .then(trim)
      : null;
  }
  rows(): Locator {
    return this.page.getByTestId('rule-row');
  }
  /** The rule converting `from` (its label, "ETH (Ethereum)") to `to`. */
  row(from: string, to: string): Locator {
    return this.rows().filter({ hasText: from }).filter({ hasText: to });
  }
  /** The rule's Active / Disabled badge. */
  async state(from: string, to: string): Promise<string> {
    const badge = this.row(from, to).getByText(/^(Active|Disabled)$/);
    return badge.textContent().then(trim);
  }
}

/** One History entry as shown: its status badge, kind, amounts line, wallet and transaction (8…6, whole on hover). */
export type HistoryEntryView = {
  status: string;
  text: string;
  wallet: string;
  walletTitle: string | null;
  tx: string;
  txTitle: string | null;
};

/** Instant Payouts' History tab: the entries, newest first. Works in any language (by structure, not by text). */
export class HistoryPanel {
  constructor(readonly page: Page) {}

  rows(): Locator {
    return this.page.getByTestId('payout-row');
  }
  async entry(index = 0): Promise<HistoryEntryView> {
    const row = this.rows().nth(index);
    const dd = row.locator('dd');
    const wallet = dd.first();
    const tx = dd.last();
    const txHash = tx.locator('[title]');
    return {
      status: await row.locator('span').first().textContent().then(trim),
      text: await row.textContent().then(trim),
      wallet: await wallet.textContent().then(trim),
      walletTitle: await wallet.getAttribute('title'),
      tx: await tx.textContent().then(trim),
      txTitle: (await txHash.count()) > 0 ? await txHash.getAttribute('title') : null,
    };
  }
}

/** The page's three summary cards: Total Converted, Active Rules, Pending Payouts (their figures as shown). */
export class PayoutSummaryCards {
  constructor(readonly page: Page) {}

  totalConverted(): Promise<string> {
    return this.page.getByTestId('summary-total-converted').textContent().then(trim);
  }
  totalConvertedTitle(): Promise<string | null> {
    return this.page.getByTestId('summary-total-converted').getAttribute('title');
  }
  activeRules(): Promise<string> {
    return this.page.getByTestId('summary-active-rules').textContent().then(trim);
  }
  pendingPayouts(): Promise<string> {
    return this.page.getByTestId('summary-pending-payouts').textContent().then(trim);
  }
}
