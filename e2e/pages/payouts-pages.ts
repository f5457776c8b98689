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
