import type { Page } from 'playwright-core';

/** Page helper for the hosted payment page /payment/{linkId}, as a customer sees it. */
export class PaymentPage {
  constructor(readonly page: Page) {}

  async open(linkId: string) {
    await this.page.goto(`/payment/${linkId}`);
  }
  text(text: string | RegExp) {
    return this.page.getByText(text).first();
  }
  waitForText(text: string | RegExp, timeout?: number) {
    return this.text(text).waitFor({ timeout });
  }
  amountDue() {
    return this.page
      .getByTestId('amount-due')
      .textContent()
      .then((s) => (s ?? '').trim());
  }
  address() {
    return this.page
      .getByTestId('payment-address')
      .textContent()
      .then((s) => (s ?? '').trim());
  }
  statusBanner() {
    return this.page
      .getByTestId('status-banner')
      .textContent()
      .then((s) => (s ?? '').trim());
  }
  confirmations() {
    return this.page
      .getByTestId('confirmations')
      .textContent()
      .then((s) => (s ?? '').trim());
  }
  qr() {
    return this.page.getByRole('img', { name: /QR code/i });
  }
  /** The QR image has loaded and is drawn at this many CSS pixels. */
  async qrRendered(): Promise<{ loaded: boolean; width: number }> {
    await this.qr().waitFor();
    return this.qr().evaluate(async (el) => {
      const img = el as HTMLImageElement;
      if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }));
      return { loaded: img.naturalWidth > 0, width: img.getBoundingClientRect().width };
    });
  }
  copyAddress() {
    return this.page.getByRole('button', { name: 'Copy address' }).click();
  }
  copyUri() {
    return this.page.getByRole('button', { name: 'Copy payment URI' }).click();
  }
  simulate(kind: 'full' | 'partial' | 'over') {
    const name = {
      full: 'Simulate full payment',
      partial: 'Simulate partial payment',
      over: 'Simulate overpayment',
    }[kind];
    return this.page.getByRole('button', { name }).click();
  }
  tryAgain() {
    return this.page.getByRole('button', { name: 'Try Again' }).click();
  }
  chooseLanguage(lang: 'en' | 'es' | 'fr' | 'de') {
    return this.page.getByLabel(/Language|Idioma|Langue|Sprache/).selectOption(lang);
  }
  /** Marks the document, to prove later that the page never reloaded. */
  markDocument() {
    return this.page.evaluate(() => {
      (window as unknown as { __paymentPageMark: number }).__paymentPageMark = 42;
    });
  }
  sameDocument() {
    return this.page.evaluate(
      () => (window as unknown as { __paymentPageMark?: number }).__paymentPageMark === 42,
    );
  }
}
