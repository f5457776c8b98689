import type { Locator, Page } from 'playwright-core';

/** Page helpers for /api-keys and the settings page's Webhook Configuration section. */
export class ApiKeysPage {
  constructor(readonly page: Page) {}
  get newKeyAlert(): Locator {
    return this.page.getByTestId('new-api-key');
  }
  rows(): Locator {
    return this.page.getByTestId('api-key-row');
  }
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }
  async openCreateForm() {
    await this.page.getByRole('button', { name: 'Create API Key' }).first().click();
    await this.page.getByRole('heading', { name: 'New API key' }).waitFor();
  }
  async create(
    name: string,
    permissions: Array<'Read payments' | 'Create payments' | 'Manage webhooks'> = [],
  ) {
    await this.page.getByLabel('Name').fill(name);
    for (const p of permissions) await this.page.getByRole('checkbox', { name: new RegExp(p) }).check();
    await this.page.getByRole('button', { name: 'Create key' }).click();
    await this.newKeyAlert.waitFor();
  }
  /** The full key as shown in the alert. */
  shownKey(): Promise<string> {
    return this.newKeyAlert.getByLabel('Full API key').inputValue();
  }
  async dismissKey() {
    await this.newKeyAlert.getByRole('button', { name: 'I have copied it' }).click();
    await this.newKeyAlert.waitFor({ state: 'detached' });
  }
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }
}

export class WebhookSettings {
  constructor(readonly page: Page) {}
  get section(): Locator {
    return this.page.locator('#webhooks');
  }
  async configure(url: string, extraEvents: string[] = []) {
    await this.section.getByLabel('Webhook URL').fill(url);
    for (const ev of extraEvents) {
      await this.section.getByRole('checkbox', { name: new RegExp(ev.replace('.', '\\.')) }).check();
    }
    await this.section.getByRole('button', { name: 'Save webhook' }).click();
    await this.section.getByText('Webhook settings saved.').waitFor();
  }
  async revealSecret(): Promise<string> {
    await this.section.getByRole('button', { name: 'Reveal' }).click();
    return ((await this.section.getByTestId('webhook-secret').textContent()) ?? '').trim();
  }
  deliveries(): Locator {
    return this.section.getByTestId('webhook-delivery');
  }
}
