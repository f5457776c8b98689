import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goToMerchantPage, PaymentLinksPage } from './pages/merchant-payments-pages.ts';
import { signIn, signUpAndSignIn } from './pages/merchant-session.ts';
import { PaymentPage } from './pages/payment-page.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { browserLog, expectNoCspViolation } from './support/browser-log.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * The security headers (apps/server/src/http/security-headers.ts) on the real server, under Chromium: a merchant
 * signs up and creates a test-mode payment link, a customer pays it on the hosted page with the test network's
 * button, and an admin opens the back-office. Every reply of our origin carries the Content-Security-Policy
 * (frame-ancestors 'none', no inline script) and X-Content-Type-Options nosniff, and no page breaks the policy
 * (newContext's check, support/browser-log.ts, fails the test on any violation; the last test proves it would).
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'csp-admin@example.com', password: 'Adm1n!pass-e2e' };
const merchant = { name: 'Policy Pastries', email: `csp-${Date.now()}@example.com`, password: 'Str0ng!pass' };
let linkId = '';

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({ TEST_NETWORK_BLOCK_SECONDS: '1' }, { admin: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Reply = { url: string; type: string; status: number; headers: Promise<Record<string, string>> };

/** Records every reply of our server to the context's pages (documents, bundles, API calls). */
function recordReplies(ctx: BrowserContext): Reply[] {
  const replies: Reply[] = [];
  ctx.on('response', (r) => {
    if (!r.url().startsWith(server.url)) return;
    const headers = r.allHeaders().catch((e: Error) => ({ error: e.message }) as Record<string, string>);
    replies.push({ url: r.url(), type: r.request().resourceType(), status: r.status(), headers });
  });
  return replies;
}

/**
 * The payment QR code (GET /api/v1/payments/:id/qr.svg, modules/payments/routes.ts) sets its own, stricter policy
 * for the SVG in place of the app's: no script or anything else at all, and no framing either.
 */
const QR_SVG = /\/api\/v1\/payments\/[^/]+\/qr\.svg(\?|$)/;
const QR_SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** Every reply carries the policy and nosniff; pages also X-Frame-Options. Returns the resource types seen. */
async function expectSecurityHeaders(replies: Reply[]): Promise<Set<string>> {
  expect(replies.length).toBeGreaterThan(0);
  for (const r of replies) {
    const h = await r.headers;
    const what = `${r.type} ${r.status} ${r.url}`;
    const csp = h['content-security-policy'] ?? '';
    expect(h['x-content-type-options'], what).toBe('nosniff');
    if (QR_SVG.test(r.url)) {
      expect(csp, what).toBe(QR_SVG_POLICY);
      continue;
    }
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).not.toContain('unsafe-eval');
    if (r.type === 'document') expect(h['x-frame-options'], what).toBe('DENY');
  }
  return new Set(replies.map((r) => r.type));
}

/** Nothing broke the policy, said both by the context's log and by the check itself. */
async function expectCleanConsole(ctx: BrowserContext) {
  await expectNoCspViolation(ctx);
  expect(browserLog(ctx).violations).toEqual([]);
}

describe('security headers and the Content-Security-Policy in the browser', () => {
  it('a merchant signs up and creates a test-mode payment link', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const replies = recordReplies(ctx);
    const page = await ctx.newPage();
    await signUpAndSignIn(page, server, merchant);
    await page.getByText('No confirmed transactions yet').waitFor();
    await screenshot(page, 'csp-merchant-dashboard');

    await goToMerchantPage(page, 'Payments', false);
    await page.waitForURL(/\/payment-links$/);
    await page.getByRole('button', { name: 'Create Your First Link' }).click();
    const links = new PaymentLinksPage(page);
    await links.form().waitFor();
    await links.fill({ crypto: 'BTC', amount: '25', description: 'CSP order' });
    await links.submit();
    await page.getByTestId('link-created').waitFor();
    linkId = (await links.createdUrl()).split('/').pop()!;
    expect(linkId).toMatch(/^lnk_/);
    // The link's QR code is drawn as a data: or blob: image, which img-src allows.
    const card = page.locator(`[data-testid="link-card"][data-id="${linkId}"]`);
    await card.getByRole('button', { name: 'Show QR Code' }).click();
    await card.getByTestId('link-qr').waitFor();
    await screenshot(page, 'csp-merchant-link-created');

    const types = await expectSecurityHeaders(replies);
    expect([...types]).toEqual(expect.arrayContaining(['document', 'script', 'stylesheet', 'fetch']));
    await expectCleanConsole(ctx);
    await ctx.close();
  });

  it('a customer pays it on the hosted payment page with the test network', async () => {
    expect(linkId).not.toBe('');
    const ctx = await newContext(browser, server.url, PHONE);
    const replies = recordReplies(ctx);
    const page = await ctx.newPage();
    const pay = new PaymentPage(page);
    const res = await page.goto(`/payment/${linkId}`);
    expect(res?.status()).toBe(200);
    const headers = await res!.allHeaders();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await pay.waitForText('Waiting for your payment');
    await pay.waitForText('Test mode — no real funds');
    expect((await pay.qrRendered()).loaded).toBe(true);
    await screenshot(page, 'csp-payment-pending-phone');

    await pay.simulate('full');
    await pay.waitForText('You can now close this page');
    await pay.waitForText('Payment confirmed');
    await screenshot(page, 'csp-payment-confirmed-phone');

    await expectSecurityHeaders(replies);
    await expectCleanConsole(ctx);
    await ctx.close();
  });

  it('an admin opens the back-office: the dashboard and user management', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const replies = recordReplies(ctx);
    const page = await ctx.newPage();
    await signIn(page, server, ADMIN);
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText(merchant.email).first().waitFor();
    await screenshot(page, 'csp-admin-dashboard');

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByText(merchant.email).first().waitFor();
    await screenshot(page, 'csp-admin-users');

    const types = await expectSecurityHeaders(replies);
    expect([...types]).toEqual(expect.arrayContaining(['document', 'script', 'fetch']));
    await expectCleanConsole(ctx);
    await ctx.close();
  });

  it('the check catches a violation: an inline script injected into a page is refused and reported', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
    });
    const log = browserLog(ctx);
    // Chromium's own message and the securitypolicyviolation event, both seen.
    const seen = async () => {
      await log.collect(ctx);
      return log.violations.map((v) => v.text).join('\n');
    };
    // (Recent Chromium, 156 here, words it "Executing inline script violates…"; older ones "Refused to execute…".)
    await expect.poll(seen).toMatch(/(Refused to execute|Executing) inline script .*Content Security Policy/);
    await expect.poll(seen).toMatch(/violation: script-src-elem blocked inline/);
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    await expect(expectNoCspViolation(ctx)).rejects.toThrow(
      /Content-Security-Policy violation in the browser/,
    );
    // Reported once: closing the context does not fail again.
    await ctx.close();
  });
});
