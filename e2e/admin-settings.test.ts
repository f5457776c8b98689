import { T } from '@coinlane/core/texts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentLinksPage } from './pages/merchant-payments-pages.ts';
import { horizontalOverflow, signIn } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * System Settings as an administrator uses it (issue 16, decision 020): adding a cryptocurrency with bad then good
 * input in the Add New Cryptocurrency modal, and maintenance mode taking effect: a merchant on a phone sees the
 * banner and a change refused, and both go once it is turned off. Screenshots at 1280 and 390 px, in English and
 * Spanish.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'settings-admin@example.com', password: 'Adm1n!pass-e2e' };

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({}, { admin: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, server.url, DESKTOP);
  const page = await ctx.newPage();
  await signIn(page, server, ADMIN);
  return { ctx, page };
}

describe('Cryptocurrencies tab', () => {
  it('adds a cryptocurrency: the rules’ messages first, then “Cryptocurrency added successfully!”', async () => {
    const { ctx, page } = await adminPage();
    await page.goto('/admin/settings?tab=cryptocurrencies');
    const list = page.getByRole('list', { name: 'Supported cryptocurrencies' });
    await list.getByRole('listitem').first().waitFor();
    await screenshot(page, 'admin-settings-crypto-desktop-en');

    await page.getByRole('button', { name: 'Add New Cryptocurrency' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Cryptocurrency' });
    expect(await dialog.getByLabel('Minimum amount').inputValue()).toBe('0.00000001');
    expect(await dialog.getByLabel('Fee percentage').inputValue()).toBe('2.5');
    // bad input: a one-letter symbol, no name, no network, a zero minimum, a short contract
    await dialog.getByLabel('Symbol').fill('w');
    await dialog.getByLabel('Minimum amount').fill('0');
    await dialog.getByLabel('Contract address (optional)').fill('0x1234');
    await dialog.getByRole('button', { name: 'Add Cryptocurrency' }).click();
    for (const message of [
      T.cryptoSymbolInvalid,
      T.cryptoNameRequired,
      T.cryptoNetworkRequired,
      T.cryptoMinAmountInvalid,
      T.cryptoContractInvalid,
    ]) {
      await dialog.getByText(message).waitFor();
    }
    await viewShot(page, 'admin-settings-crypto-add-errors-desktop-en');

    // good input: the symbol is forced to upper case
    await dialog.getByLabel('Symbol').fill('wbtc');
    expect(await dialog.getByLabel('Symbol').inputValue()).toBe('WBTC');
    await dialog.getByLabel('Name').fill('Wrapped Bitcoin');
    await dialog.getByLabel('Network').selectOption('polygon');
    await dialog.getByLabel('Minimum amount').fill('0.0001');
    await dialog.getByLabel('Contract address (optional)').fill('0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6');
    await dialog.getByRole('button', { name: 'Add Cryptocurrency' }).click();
    await dialog.getByText(T.cryptoAdded).waitFor();
    await viewShot(page, 'admin-settings-crypto-added-desktop-en');
    await dialog.waitFor({ state: 'hidden' });
    const added = list.getByRole('listitem').filter({ hasText: 'Wrapped Bitcoin' });
    await added.waitFor();
    expect(await added.getByLabel(/Min amount/).inputValue()).toBe('0.0001');
    expect(await added.getByLabel(/Fee %/).inputValue()).toBe('2.5');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The tab on a phone, and in Spanish (one signed-in page: its width and remembered language change).
    const lists = { en: 'Supported cryptocurrencies', es: 'Criptomonedas admitidas' } as const;
    for (const lang of ['en', 'es'] as const) {
      await page.evaluate((l) => localStorage.setItem('coinlane.lang', l), lang);
      for (const [viewport, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        if (lang === 'en' && name === 'desktop') continue; // taken above
        await page.setViewportSize(viewport);
        await page.goto('/admin/settings?tab=cryptocurrencies');
        await page.getByRole('list', { name: lists[lang] }).getByRole('listitem').first().waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `admin-settings-crypto-${name}-${lang}`);
        await viewShot(page, `admin-settings-crypto-${name}-top-${lang}`);
      }
    }
    await page.getByRole('button', { name: 'Añadir nueva criptomoneda' }).click();
    await page.getByRole('dialog', { name: 'Añadir nueva criptomoneda' }).getByLabel('Símbolo').waitFor();
    await viewShot(page, 'admin-settings-crypto-add-phone-es');
    await ctx.close();
  });
});

describe('maintenance mode', () => {
  it('shows merchants a banner and refuses their changes while on; both go once it is off', async () => {
    const password = 'Str0ng!pass-e2e';
    const email = `maint-${Date.now()}@example.com`;
    await signUpMerchant(server, { name: 'Mona Maintained', email, password });
    const merchantCtx = await newContext(browser, server.url, PHONE);
    const shop = await merchantCtx.newPage();
    await signIn(shop, server, { email, password });
    const banner = shop.getByRole('status').filter({ hasText: 'The platform is under maintenance' });

    // The administrator turns maintenance mode on from the General tab and saves.
    const { ctx, page } = await adminPage();
    await page.goto('/admin/settings?tab=general');
    const toggle = page.getByRole('switch', { name: 'Maintenance mode' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').getByText('Saved').waitFor();
    await screenshot(page, 'admin-settings-maintenance-on-desktop-en');

    // The merchant, on a phone, sees the banner and a change refused with the reason.
    await shop.goto('/payment-links');
    await banner.waitFor();
    const links = new PaymentLinksPage(shop);
    await links.toggleForm();
    await links.fill({ amount: '25' });
    await shop.getByTestId('crypto-preview').waitFor(); // the form is priced and ready
    const [reply] = await Promise.all([
      shop.waitForResponse(
        (r) => r.url().endsWith('/api/v1/payment-links') && r.request().method() === 'POST',
      ),
      links.submit(),
    ]);
    expect(reply.status(), await reply.text()).toBe(503);
    await shop.getByText(T.maintenanceRefused).waitFor();
    expect(await horizontalOverflow(shop)).toBeLessThanOrEqual(0);
    await shop.evaluate(() => window.scrollTo(0, 0));
    await viewShot(shop, 'merchant-maintenance-refused-phone-en');
    await shop.goto('/dashboard');
    await banner.waitFor();
    await viewShot(shop, 'merchant-maintenance-banner-phone-en');

    // Turned off: the banner goes, and the change goes through.
    await toggle.click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').getByText('Saved').waitFor();
    await shop.goto('/payment-links');
    await shop.getByRole('button', { name: 'Create New Link' }).waitFor();
    expect(await banner.count()).toBe(0);
    await links.toggleForm();
    await links.fill({ amount: '25' });
    await shop.getByTestId('crypto-preview').waitFor();
    await links.submit();
    await shop.getByTestId('created-url').waitFor();
    expect(await banner.count()).toBe(0);
    await ctx.close();
    await merchantCtx.close();
  });
});
