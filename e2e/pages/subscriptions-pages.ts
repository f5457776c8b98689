import type { Locator, Page } from 'playwright-core';
import { trim } from './merchant-payments-pages.ts';

/**
 * Page helpers for subscriptions: the merchant's /subscriptions (plans, the three cards, the Subscribers tab with
 * its test clock), the public subscribe page /subscribe/{planId} and the subscriber's portal.
 */

/** Settings: the sidebar on a desktop; the account menu on a phone. */
export async function goToSettings(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
  }
  await page.waitForURL(/\/settings$/);
}

/**
 * A plan's price as drawn ('$25.00 / month'): the layout sets the interval apart from the amount, with no space in
 * the text, so the text is read as rendered.
 */
export const shownPrice = (price: Locator) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text as the layout draws it, spaced
  price.innerText().then((s) => trim(s).replace(/\s+/g, ' '));

export type PlanInput = {
  name: string;
  price: string;
  currency?: 'USD' | 'BTC' | 'ETH' | 'USDT';
  interval?: 'monthly' | 'yearly';
  description?: string;
  /** One input per line, empty lines included (the form leaves them out when it saves). */
  features?: string[];
};

export type SummaryFigure = 'summary-revenue' | 'summary-subscribers' | 'summary-plans';

export class SubscriptionsPage {
  constructor(readonly page: Page) {}

  /** Waits until the page has its heading and its three cards. */
  async ready() {
    await this.page.waitForURL(/\/subscriptions$/);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    await this.page.getByTestId('summary-plans').waitFor();
  }

  /** A figure card's figure. */
  figure(id: SummaryFigure) {
    return this.page.getByTestId(id).textContent().then(trim);
  }
  /** A figure card whole: label, figure and hint. */
  figureCard(id: SummaryFigure): Locator {
    return this.page.locator('[data-figure-card]').filter({ has: this.page.getByTestId(id) });
  }

  /** A tab by its label, in the interface language. */
  tab(name: string) {
    return this.page.getByRole('tab', { name }).click();
  }

  openCreateForm() {
    return this.page.getByRole('button', { name: 'Create Plan' }).first().click();
  }
  form(): Locator {
    return this.page.getByTestId('plan-form');
  }
  async fillPlan(p: PlanInput) {
    const f = this.form();
    await f.getByLabel('Plan name').fill(p.name);
    if (p.currency) await f.getByLabel('Currency').selectOption(p.currency);
    if (p.interval) await f.getByLabel('Billing interval').selectOption(p.interval);
    await f.getByLabel('Price').fill(p.price);
    if (p.description !== undefined) await f.getByLabel('Description').fill(p.description);
    const features = p.features ?? [];
    for (let i = 0; i < features.length; i++) {
      const input = f.getByRole('textbox', { name: `Feature ${i + 1}`, exact: true });
      if ((await input.count()) === 0) await f.getByRole('button', { name: 'Add feature' }).click();
      await input.fill(features[i]!);
    }
  }
  submitPlan() {
    return this.form().getByRole('button', { name: 'Create Plan' }).click();
  }

  planCards(): Locator {
    return this.page.getByTestId('plan-card');
  }
  planCard(name: string): Locator {
    return this.planCards().filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  subscriberRows(): Locator {
    return this.page.getByTestId('subscriber-row');
  }
  subscriber(email: string): Locator {
    return this.subscriberRows().filter({ hasText: email });
  }
  /** What a subscriber's row shows: status (upper case), next payment, total paid. */
  async subscriberFigures(email: string) {
    const row = this.subscriber(email);
    return {
      status: await row.getByTestId('subscriber-status').textContent().then(trim),
      nextPayment: await row.getByTestId('next-payment').textContent().then(trim),
      totalPaid: await row.getByTestId('total-paid').textContent().then(trim),
    };
  }
  status(email: string) {
    return this.subscriber(email).getByTestId('subscriber-status').textContent().then(trim);
  }
  /** Presses one of the test-clock steps of a subscriber's row. */
  moveClock(email: string, step: '+1 day' | '+1 period' | 'Past grace') {
    return this.subscriber(email)
      .getByRole('group', { name: `Move the test clock of ${email}` })
      .getByRole('button', { name: step, exact: true })
      .click();
  }
  /** The banner the page shows after an action (the test clock moved...). */
  notice(text: string | RegExp): Locator {
    return this.page.getByText(text);
  }
}

/** The public subscribe page, as a visitor sees it. */
export class SubscribePage {
  constructor(readonly page: Page) {}
  async ready() {
    await this.page.getByTestId('plan-name').waitFor();
  }
  planName() {
    return this.page.getByTestId('plan-name').textContent().then(trim);
  }
  price() {
    return shownPrice(this.page.getByTestId('plan-price'));
  }
  features() {
    return this.page
      .getByRole('region', { name: 'What’s included' })
      .getByRole('listitem')
      .allTextContents()
      .then((l) => l.map(trim));
  }
  /** Fills the e-mail, picks the coin by its option text ('BTC on Bitcoin') and presses Subscribe. */
  async subscribe(email: string, coin: string) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Pay with').selectOption({ label: coin });
    await this.page.getByRole('button', { name: 'Subscribe' }).click();
  }
}

/** The subscriber's portal (/subscription-portal?token=...). */
export class PortalPage {
  constructor(readonly page: Page) {}
  status() {
    return this.page.getByTestId('subscription-status').textContent().then(trim);
  }
  async cancelNow() {
    await this.page.getByRole('button', { name: 'Cancel now' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Cancel your subscription now?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel now' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  done() {
    return this.page.getByTestId('portal-done').textContent().then(trim);
  }
}

/**
 * The visible selects whose chosen option is cut off: a copy of the select holding only that option, as wide as it
 * needs (its text, paddings and arrow, as the browser draws them), is wider than the select.
 */
export function clippedSelects(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('select'))
      .filter((sel) => {
        if (sel.getClientRects().length === 0 || !sel.parentElement) return false;
        const probe = sel.cloneNode(false) as HTMLSelectElement;
        probe.removeAttribute('id');
        const option = document.createElement('option');
        option.text = sel.selectedOptions[0]?.text ?? '';
        probe.append(option);
        Object.assign(probe.style, { width: 'max-content', position: 'absolute', visibility: 'hidden' });
        sel.parentElement.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return needed > sel.getBoundingClientRect().width + 0.5;
      })
      .map((sel) => sel.selectedOptions[0]?.text ?? ''),
  );
}
