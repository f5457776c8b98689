import type { Locator, Page } from 'playwright-core';

/** The merchant's Support page (/support, /support/:id). English labels. */
export class MerchantSupportPage {
  constructor(readonly page: Page) {}
  /** From the sidebar on a desktop; on a phone from the account menu (the bottom bar has no room for it). */
  async openFromNavigation({ phone = false }: { phone?: boolean } = {}) {
    if (phone) {
      await this.page.getByRole('button', { name: 'Account menu' }).click();
      await this.page.getByRole('menuitem', { name: 'Support' }).click();
    } else {
      await this.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Support' })
        .click();
    }
    await this.page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
  }
  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Open a ticket' });
  }
  async startTicket() {
    await this.page.getByRole('button', { name: 'New Ticket' }).first().click();
    await this.dialog().waitFor();
  }
  async fillTicket(t: { title: string; category: string; priority: string; message: string }) {
    const d = this.dialog();
    await d.getByLabel('Subject').fill(t.title);
    await d.getByLabel('Category').selectOption({ label: t.category });
    await d.getByLabel('Priority').selectOption({ label: t.priority });
    await d.getByLabel('Message').fill(t.message);
  }
  async submitTicket() {
    await this.page.getByRole('button', { name: 'Open Ticket' }).click();
  }
  messages(): Locator {
    return this.page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  }
  async reply(text: string) {
    await this.page.getByLabel('Your message').fill(text);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
    await this.messages().filter({ hasText: text }).waitFor();
  }
}

/** Support & Operations in the back-office (/admin/support). English labels. */
export class AdminSupportPage {
  constructor(readonly page: Page) {}
  row(title: string): Locator {
    return this.page.getByRole('row').filter({ hasText: title });
  }
  /** The status dropdown of a row that is on screen (the phone folds it into the first cell). */
  statusOf(title: string): Locator {
    return this.row(title).getByRole('combobox').locator('visible=true');
  }
  async view(title: string) {
    await this.row(title)
      .getByRole('button', { name: /^View ticket/ })
      .click();
    await this.thread().waitFor();
  }
  thread(): Locator {
    return this.page.getByRole('dialog');
  }
  async reply(text: string) {
    const d = this.thread();
    await d.getByLabel('Your reply').fill(text);
    await d.getByRole('button', { name: 'Send Reply' }).click();
    await d.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
  }
}
