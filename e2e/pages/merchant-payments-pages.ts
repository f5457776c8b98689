import type { Page } from 'playwright-core';

/** An element's text, trimmed. */
export const trim = (s: string | null) => (s ?? '').trim();

/** The merchant's navigation: the sidebar on a desktop, the bottom bar on a phone. */
export async function goToMerchantPage(
  page: Page,
  name: 'Transactions' | 'Payments' | 'Dashboard' | 'Payouts' | 'Subscriptions',
  phone: boolean,
) {
  if (phone) {
    const bar = page.getByRole('navigation', { name: 'Quick navigation' });
    await bar.getByRole('link', { name: name === 'Dashboard' ? 'Home' : name }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
  }
}

/** Page helper for /payment-links: the create form, the created panel, the cards and the Analytics tab. */
export class PaymentLinksPage {
  constructor(readonly page: Page) {}
  toggleForm() {
    return this.page.getByRole('button', { name: /^(Create New Link|Cancel)$/ }).click();
  }
  form() {
    return this.page.getByTestId('create-link-form');
  }
  async fill(v: { amount?: string; fiat?: string; crypto?: string; network?: string; description?: string }) {
    const f = this.form();
    if (v.fiat) await f.getByLabel('Currency', { exact: true }).selectOption(v.fiat);
    if (v.crypto) await f.getByLabel('Cryptocurrency').selectOption(v.crypto);
    if (v.network) await f.getByLabel('Network').selectOption(v.network);
    if (v.amount !== undefined) await f.getByLabel('Amount').fill(v.amount);
    if (v.description !== undefined) await f.getByLabel('Description').fill(v.description);
  }
  submit() {
    return this.form().getByRole('button', { name: 'Create Payment Link' }).click();
  }
  preview() {
    return this.page.getByTestId('crypto-preview').textContent().then(trim);
  }
  createdUrl() {
    return this.page.getByTestId('created-url').inputValue();
  }
  cards() {
    return this.page.getByTestId('link-card');
  }
  tab(name: 'Payment Links' | 'Analytics') {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }
  figure(id: 'an-total' | 'an-active' | 'an-value' | 'an-rate') {
    return this.page.getByTestId(id).textContent().then(trim);
  }
}

/** Page helper for /transactions. */
export class TransactionsPage {
  constructor(readonly page: Page) {}
  row(id: string) {
    return this.page.locator(`[data-testid="transaction-row"][data-id="${id}"]`);
  }
  rows() {
    return this.page.getByTestId('transaction-row');
  }
  count() {
    return this.page.getByTestId('tx-count').textContent().then(trim);
  }
  search(text: string) {
    return this.page.getByLabel('Search').fill(text);
  }
  status(value: '' | 'confirmed' | 'pending' | 'failed') {
    return this.page.getByLabel('Status').selectOption(value);
  }
  crypto(value: '' | 'BTC' | 'ETH' | 'USDT') {
    return this.page.getByLabel('Cryptocurrency').selectOption(value);
  }
  exportCsv() {
    return this.page.getByRole('button', { name: 'Export CSV' }).click();
  }
  /** The 'n/required' text of a row's confirmations bar, or null when it shows none. */
  async confirmations(id: string): Promise<[number, number] | null> {
    const loc = this.row(id).getByTestId('confirmations-value');
    if ((await loc.count()) === 0) return null;
    const [n, of] = (await loc.textContent().then(trim)).split('/').map(Number);
    return [n!, of!];
  }
  markDocument() {
    return this.page.evaluate(() => {
      (window as unknown as { __txMark: number }).__txMark = 7;
    });
  }
  sameDocument() {
    return this.page.evaluate(() => (window as unknown as { __txMark?: number }).__txMark === 7);
  }
}
