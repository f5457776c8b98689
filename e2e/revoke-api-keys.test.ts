import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '#app/test/smtp.ts';
import { ApiKeysPage } from './pages/api-keys-pages.ts';
import { horizontalOverflow, signIn, signUpAndSignIn, until } from './pages/merchant-session.ts';
import { modeButton } from './pages/payouts-pages.ts';
import { clippedTexts, RevokeKeysLinkPage, RevokeKeysSection } from './pages/revoke-keys-pages.ts';
import {
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  sectionShot,
  viewShot,
} from './support/browser.ts';
import { signInAccount } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Revoking every API key at once. API keys keep working after a password reset (integrations must not break);
 * the reset's notice mail carries a single-use link that revokes them all, and the settings page has an
 * "API keys" section doing the same behind a confirmation dialog. A merchant makes a test and a live key in the
 * browser, resets the password through "Forgot password", sees the keys still work, revokes them from the mailed
 * link (401 afterwards; the used link is then refused), then revokes a new key from Settings, in English and in
 * Spanish, at desktop and phone width.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'revoke-admin@example.com', password: 'Adm1n!pass-e2e' };
const merchant = { name: 'Rosa Revoke', email: `revoke-${Date.now()}@example.com`, password: 'Str0ng!pass' };
const NEW_PASSWORD = 'N3w!pass-after-reset';
beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({}, { admin: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** GET /api/v1/payments with the key as a Bearer token, as an integration calls it: the status. */
async function keyStatus(key: string): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/payments`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}
const statuses = (keys: string[]) => Promise.all(keys.map(keyStatus));

/** An element's computed background as sRGB bytes (Tailwind's colours are oklch(): a canvas converts them). */
function backgroundRgb(el: Locator): Promise<[number, number, number]> {
  return el.evaluate((e) => {
    const c = document.createElement('canvas');
    c.width = 1;
    c.height = 1;
    const g = c.getContext('2d')!;
    g.fillStyle = getComputedStyle(e).backgroundColor;
    g.fillRect(0, 0, 1, 1);
    const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
    return [r!, gr!, b!] as [number, number, number];
  });
}

/** The button is red (the danger variant). */
async function expectRed(button: Locator) {
  const [r, g, b] = await backgroundRgb(button);
  expect(r, `rgb(${r}, ${g}, ${b})`).toBeGreaterThan(150);
  expect(r - Math.max(g, b), `rgb(${r}, ${g}, ${b})`).toBeGreaterThan(80);
}

/** Creates a key on /api-keys through the form and returns the full key shown once. */
async function createKey(page: Page, name: string): Promise<string> {
  const keys = new ApiKeysPage(page);
  await keys.openCreateForm();
  await keys.create(name);
  const key = await keys.shownKey();
  await keys.dismissKey();
  await keys.row(name).waitFor();
  return key;
}

async function openSettingsSection(page: Page): Promise<RevokeKeysSection> {
  await page.goto('/settings');
  const revoke = new RevokeKeysSection(page);
  await revoke.section.waitFor();
  await revoke.section.scrollIntoViewIfNeeded();
  return revoke;
}

describe('revoking every API key', () => {
  let testKey = '';
  let liveKey = '';
  let revokeLink = '';

  it('keys of both modes survive a password reset; the link of the notice mail revokes them once', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    await signUpAndSignIn(page, server, merchant);

    // A test key, then (the account approved by an administrator) a live key, both made in the browser.
    await page.goto('/api-keys');
    await page.getByText('No API keys yet').waitFor();
    testKey = await createKey(page, 'Shop (test)');
    expect(testKey).toMatch(/^cl_test_/);
    const admin = await signInAccount(server, ADMIN);
    const users = await admin.call<Array<{ id: string; email: string }>>('GET', '/admin/users');
    await admin.call('POST', `/admin/users/${users.find((u) => u.email === merchant.email)!.id}/approve`);
    await modeButton(page, 'Live').click();
    await until(
      () => modeButton(page, 'Live').getAttribute('aria-pressed'),
      (v) => v === 'true',
    );
    await page.getByText('No API keys yet').waitFor();
    liveKey = await createKey(page, 'Shop (live)');
    expect(liveKey).toMatch(/^cl_live_/);
    expect(await statuses([testKey, liveKey])).toEqual([200, 200]);

    // Signs out, and resets the password through "Forgot password?".
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForURL(/\/login/);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    const beforeReset = server.smtp.mails.length;
    await page.getByLabel('Email').fill(merchant.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText('If an account exists for this address, we have sent a link to reset your password.')
      .waitFor();
    const resetMail = await server.smtp.waitForMail(merchant.email, {
      after: beforeReset,
      subject: /reset your/i,
    });
    const resetLink = linkIn(resetMail, '/reset-password');
    expect(resetLink).toContain(`${server.url}/reset-password?token=`);
    await page.goto(resetLink);
    const beforeNotice = server.smtp.mails.length;
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Your password has been changed. Please sign in with your new password.').waitFor();

    // The notice: the keys keep working, and a button to revoke them all.
    const notice = await server.smtp.waitForMail(merchant.email, {
      after: beforeNotice,
      subject: /^Your Coinlane password was changed$/,
    });
    expect(notice.text).toContain('2 API keys keep working');
    revokeLink = linkIn(notice, '/revoke-api-keys');
    expect(revokeLink).toMatch(new RegExp(`^${server.url}/revoke-api-keys\\?token=[^&\\s]+$`));
    expect(notice.html).toContain(`href="${revokeLink}"`);
    expect(notice.html).toContain('>Revoke all API keys</a>');
    expect(await statuses([testKey, liveKey])).toEqual([200, 200]);

    // The link's page: a title, the explanation, one red button; arriving revokes nothing.
    const link = new RevokeKeysLinkPage(page);
    await page.goto(revokeLink);
    await link.heading('Revoke all API keys').waitFor();
    await page
      .getByText(/^Every API key of your account, in test and live mode, stops working at once\./)
      .waitFor();
    expect(await link.buttons().count()).toBe(1);
    await expectRed(link.button());
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'revoke-link-desktop');

    const phoneCtx = await newContext(browser, server.url, PHONE);
    const phonePage = await phoneCtx.newPage();
    const phoneLink = new RevokeKeysLinkPage(phonePage);
    await phonePage.goto(revokeLink);
    await phoneLink.heading('Revoke all API keys').waitFor();
    await phoneLink.button().waitFor();
    expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
    expect(await clippedTexts(phonePage.locator('main')), 'text cut in link-phone-en').toEqual([]);
    await screenshot(phonePage, 'revoke-link-phone');
    expect(await statuses([testKey, liveKey])).toEqual([200, 200]);

    // The click revokes both keys, in both modes.
    await link.button().click();
    await link.heading('API keys revoked').waitFor();
    await page.getByRole('status').filter({ hasText: '2 API keys were revoked.' }).waitFor();
    await page.getByText('Sign in and create new keys on the API Keys page when you are ready.').waitFor();
    await screenshot(page, 'revoke-link-done-desktop');
    expect(await statuses([testKey, liveKey])).toEqual([401, 401]);

    // The same link again: nothing happens on arrival, and the button says the link is no longer valid.
    await page.reload();
    await link.heading('Revoke all API keys').waitFor();
    await link.button().click();
    await link.heading('Link no longer valid').waitFor();
    await page
      .getByText(
        'This link is invalid, was already used, or has expired. Sign in and revoke your keys from Settings.',
      )
      .waitFor();
    await screenshot(page, 'revoke-link-used-desktop');
    await phoneLink.button().click();
    await phoneLink.heading('Link no longer valid').waitFor();
    expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
    await screenshot(phonePage, 'revoke-link-used-phone');
    // Its "Sign in" leads to the sign-in page.
    await phonePage.getByRole('link', { name: 'Sign in' }).click();
    await phonePage.waitForURL(/\/login$/);
    await phoneCtx.close();
    await ctx.close();
  });

  it('Settings: a new key is revoked from the "API keys" section after a confirmation', async () => {
    expect(revokeLink).not.toBe('');
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    // The new password works; the revoked keys are gone from the list.
    await signIn(page, server, { email: merchant.email, password: NEW_PASSWORD });
    await page.goto('/api-keys');
    await page.getByText('No API keys yet').waitFor();
    const key = await createKey(page, 'Fresh integration');
    expect(await keyStatus(key)).toBe(200);

    const revoke = await openSettingsSection(page);
    await revoke.section.getByRole('heading', { name: 'API keys', exact: true }).waitFor();
    await revoke.section.getByText('Stop every API key at once.').waitFor();
    await revoke.section.getByText(/^API keys keep working after a password change or reset/).waitFor();
    await expectRed(revoke.button());
    await sectionShot(revoke.section, 'revoke-settings-section-desktop');

    // Cancel changes nothing.
    await revoke.button().click();
    await revoke.dialog().getByRole('heading', { name: 'Revoke all API keys?' }).waitFor();
    await revoke
      .dialog()
      .getByText(/^Every integration that uses one of your keys stops working/)
      .waitFor();
    await expectRed(revoke.footerButton('Revoke all keys'));
    await viewShot(page, 'revoke-settings-dialog-desktop');
    await revoke.footerButton('Cancel').click();
    await revoke.dialog().waitFor({ state: 'hidden' });
    expect(await keyStatus(key)).toBe(200);

    // Confirmed: the green banner, and the key answers 401.
    await revoke.button().click();
    await revoke.footerButton('Revoke all keys').click();
    await revoke.dialog().waitFor({ state: 'hidden' });
    await revoke
      .banner()
      .filter({
        hasText: '1 API key was revoked. Create a new key on the API Keys page for your integrations.',
      })
      .waitFor();
    const [r, g, b] = await backgroundRgb(revoke.banner());
    expect(g, `green banner, rgb(${r}, ${g}, ${b})`).toBeGreaterThan(Math.max(r, b));
    await sectionShot(revoke.section, 'revoke-settings-done-desktop');
    expect(await keyStatus(key)).toBe(401);
    await page.goto('/api-keys');
    await page.getByText('No API keys yet').waitFor();

    // At phone width: the section and the dialog; confirming with no key left says so.
    const phoneCtx = await newContext(browser, server.url, PHONE);
    const phonePage = await phoneCtx.newPage();
    await signIn(phonePage, server, { email: merchant.email, password: NEW_PASSWORD });
    const phoneRevoke = await openSettingsSection(phonePage);
    await phoneRevoke.button().waitFor();
    expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
    expect(await clippedTexts(phoneRevoke.section), 'text cut in settings-section-phone-en').toEqual([]);
    await sectionShot(phoneRevoke.section, 'revoke-settings-section-phone');
    await phoneRevoke.button().click();
    await phoneRevoke.dialog().getByRole('heading', { name: 'Revoke all API keys?' }).waitFor();
    expect(await clippedTexts(phoneRevoke.dialog()), 'text cut in settings-dialog-phone-en').toEqual([]);
    await viewShot(phonePage, 'revoke-settings-dialog-phone');
    await phoneRevoke.footerButton('Revoke all keys').click();
    await phoneRevoke
      .banner()
      .filter({ hasText: 'You had no active API keys: nothing was revoked.' })
      .waitFor();
    await sectionShot(phoneRevoke.section, 'revoke-settings-none-phone');
    await phoneCtx.close();
    await ctx.close();
  });

  it('Settings in Spanish: the section, the dialog and the banner at desktop and phone width', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, server, { email: merchant.email, password: NEW_PASSWORD });
    await page.goto('/settings');
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');

    const revoke = await openSettingsSection(page);
    await revoke.section.getByRole('heading', { name: 'Claves API', exact: true }).waitFor();
    await revoke.section.getByText('Detén todas las claves API a la vez.').waitFor();
    await revoke.button('Revocar todas las claves API').waitFor();
    await sectionShot(revoke.section, 'revoke-settings-section-es-desktop');
    await revoke.button('Revocar todas las claves API').click();
    await revoke.dialog().getByRole('heading', { name: '¿Revocar todas las claves API?' }).waitFor();
    await revoke.footerButton('Cancelar').waitFor();
    await revoke.footerButton('Revocar todas').waitFor();
    await viewShot(page, 'revoke-settings-dialog-es-desktop');
    await revoke.footerButton('Cancelar').click();
    await revoke.dialog().waitFor({ state: 'hidden' });

    // A key to revoke, so the phone shows the Spanish banner with its count (made through the API: the browser
    // journey of /api-keys is above, in English).
    const api = await signInAccount(server, { email: merchant.email, password: NEW_PASSWORD });
    const created = await api.call<{ key: string }>('POST', '/api-keys', { name: 'Tienda' });
    expect(await keyStatus(created.key)).toBe(200);

    // The phone: the language saved on the server applies after sign-in.
    const phoneCtx: BrowserContext = await newContext(browser, server.url, PHONE);
    const phonePage = await phoneCtx.newPage();
    await signIn(phonePage, server, { email: merchant.email, password: NEW_PASSWORD });
    const phoneRevoke = await openSettingsSection(phonePage);
    await phonePage.waitForFunction(() => document.documentElement.lang === 'es');
    await phoneRevoke.button('Revocar todas las claves API').waitFor();
    await phoneRevoke.section.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
    expect(await clippedTexts(phoneRevoke.section), 'text cut in settings-section-phone-es').toEqual([]);
    await sectionShot(phoneRevoke.section, 'revoke-settings-section-es-phone');
    await phoneRevoke.button('Revocar todas las claves API').click();
    await phoneRevoke.dialog().getByRole('heading', { name: '¿Revocar todas las claves API?' }).waitFor();
    expect(await clippedTexts(phoneRevoke.dialog()), 'text cut in settings-dialog-phone-es').toEqual([]);
    await viewShot(phonePage, 'revoke-settings-dialog-es-phone');
    await phoneRevoke.footerButton('Revocar todas').click();
    await phoneRevoke
      .banner()
      .filter({
        hasText:
          'Se revocó 1 clave API. Crea una clave nueva en la página Claves API para tus integraciones.',
      })
      .waitFor();
    expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
    expect(await clippedTexts(phoneRevoke.section), 'text cut in settings-done-phone-es').toEqual([]);
    await sectionShot(phoneRevoke.section, 'revoke-settings-done-es-phone');
    expect(await keyStatus(created.key)).toBe(401);
    await phoneCtx.close();
    await ctx.close();
  });
});
