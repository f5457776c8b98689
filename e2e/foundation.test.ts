import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLink, LoginPage, loginCode, SignupPage } from './pages/auth-pages.ts';
import { signIn } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('public pages at %s width', (label, viewport) => {
  it('the landing page shows every section with figures from the configuration', async () => {
    const ctx = await newContext(browser, server.url, viewport);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    for (const anchor of ['features', 'use-cases', 'pricing']) {
      await page.locator(`#${anchor}`).waitFor({ state: 'attached' });
      expect(await page.locator(`#${anchor}`).count(), `#${anchor}`).toBe(1);
    }
    const overview = (await (await fetch(`${server.url}/api/v1/public/overview`)).json()) as {
      data: { feePercent: string; coinCount: number };
    };
    // The fee and the coin count shown come from the server's configuration.
    await page.getByText(`${overview.data.feePercent}%`).first().waitFor();
    await page.getByText(String(overview.data.coinCount)).first().waitFor();
    for (const audience of ['journalists', 'Charities', 'Freelancers']) {
      await page.getByText(new RegExp(audience, 'i')).first().waitFor();
    }
    // Fits the viewport: no horizontal scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `landing-${label}`);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('/docs renders the documentation from the static markdown', async () => {
    const ctx = await newContext(browser, server.url, viewport);
    const page = await ctx.newPage();
    await page.goto('/docs');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByText('/api/v1').first().waitFor();
    expect(await page.getByText('Loading documentation...').count()).toBe(0);
    await screenshot(page, `docs-${label}`);
    await ctx.close();
  });
});

describe('a new merchant', () => {
  const email = `merchant-${Date.now()}@example.com`;
  const password = 'Str0ng!pass';

  it('signs up, confirms the e-mail, signs in with the code, lands on the page asked for, changes settings and language, signs out', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();

    // Anonymous visitor asking for /settings goes to /login, keeping the page.
    await page.goto('/settings');
    await page.waitForURL(/\/login\?from=%2Fsettings/);

    // Sign up.
    const signup = new SignupPage(page);
    await signup.open();
    await signup.fill('Ada Lovelace', email, 'short', 'short');
    await signup.submit();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await signup.fill('Ada Lovelace', email, password);
    await signup.submit();
    await page
      .getByText('Account created successfully! Please check your email to confirm your account.')
      .waitFor();
    await page.waitForURL(/\/login$/);

    // Signing in before confirming is refused.
    const login = new LoginPage(page);
    await login.signIn(email, password);
    await page
      .getByRole('alert')
      .filter({ hasText: /confirm/i })
      .waitFor();

    // Confirm from the real e-mail.
    const mail = await server.smtp.waitForMail(email, { subject: /confirm/i });
    const link = confirmationLink(mail);
    expect(link).toContain(`${server.url}/confirm-email?token=`);
    await page.goto(link);
    await page.getByText('Email confirmed').waitFor();

    // Two-step sign-in, back to the page first asked for.
    await page.goto('/settings');
    await page.waitForURL(/\/login\?from=/);
    const before = server.smtp.mails.length;
    await login.signIn(email, password);
    await page.getByText('Credentials verified! OTP sent to your email for final authentication.').waitFor();
    await page.getByText(email).first().waitFor();
    const codeMail = await server.smtp.waitForMail(email, { after: before, subject: /code/i });
    const complete = page.getByRole('button', { name: 'Complete Login' });
    await page.getByLabel('Verification code').fill('12345');
    expect(await complete.isDisabled()).toBe(true);
    await login.enterCode(loginCode(codeMail));
    await page.waitForURL(/\/settings$/);
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await screenshot(page, 'settings-desktop');

    // Change settings: business name, light theme, German.
    await page.getByLabel('Business name').fill('Analytical Engines Ltd');
    await page.getByRole('radio', { name: 'Light' }).check({ force: true });
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('heading', { name: 'Persönliche Angaben' }).waitFor();

    // Kept on the server: after a reload everything is still there.
    await page.reload();
    await page.getByRole('heading', { name: 'Persönliche Angaben' }).waitFor();
    expect(await page.getByLabel('Name des Unternehmens').inputValue()).toBe('Analytical Engines Ltd');
    const settings = await page.evaluate(
      async () => ((await (await fetch('/api/v1/settings')).json()) as { data: unknown }).data,
    );
    expect(settings).toMatchObject({ theme: 'light', language: 'de' });
    await screenshot(page, 'settings-saved-de');

    // Sign out reaches /login and the session is gone.
    await page.getByRole('button', { name: 'Abmelden' }).first().click();
    await page.waitForURL(/\/login/);
    // Sign-out ends with a full page load of /login: ask with the context's cookies, not from the page.
    const session = await ctx.request.get('/api/v1/auth/session');
    expect(session.status()).toBe(401);
    await ctx.close();
  });

  it('uses the merchant area at phone width with the bottom bar', async () => {
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    await signIn(page, server, { email, password });
    const nav = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: /Start|Home/ }) });
    await nav.first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'dashboard-phone');
    await ctx.close();
  });
});
