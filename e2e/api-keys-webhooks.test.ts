import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeysPage, WebhookSettings } from './pages/api-keys-pages.ts';
import { signIn, signUpAndSignIn as signUpAndSignInAs } from './pages/merchant-session.ts';
import {
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  sectionShot,
  viewShot,
} from './support/browser.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * API keys and webhooks from the browser: a merchant creates a key in the UI, copies it, and uses it with curl;
 * a deleted or rotated key stops working; a webhook URL pointing to a local receiver gets a signed test event
 * that then shows in the recent deliveries, and a resend marked as such. At desktop and phone width.
 */

type Received = { headers: http.IncomingHttpHeaders; body: string; method: string; url: string };

let server: RunningServer;
let browser: Browser;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
const PASSWORD = 'Str0ng!pass';

beforeAll(async () => {
  ensureWebBuilt();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        method: req.method ?? '',
        url: req.url ?? '',
      });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/coinlane-hook`;
  // The receiver is on loopback: allow private webhook targets for this server only.
  server = await startServer({ ALLOW_PRIVATE_WEBHOOKS: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => receiver?.close(r));
});

/** `curl -s -H "Authorization: Bearer <key>" <server>/api/v1/payments`: the status and the parsed body. */
function curlPayments(key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      ['-s', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${key}`, `${server.url}/api/v1/payments`],
      (err, stdout) => {
        if (err) return reject(err);
        const cut = stdout.lastIndexOf('\n');
        resolve({ status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) });
      },
    );
  });
}

/** Signs a new merchant up and in through the browser (pages/merchant-session.ts). */
const signUpAndSignIn = (page: Page, email: string) =>
  signUpAndSignInAs(page, server, { name: 'Grace Hopper', email, password: PASSWORD });

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('API keys and webhooks at %s width', (label, viewport) => {
  const email = `keys-${label}-${Date.now()}@example.com`;
  const phone = viewport === PHONE;

  /** Sidebar on desktop; the account menu (Settings, API Keys, Support, Sign Out) on the phone. */
  async function goTo(page: Page, name: 'API Keys' | 'Settings') {
    if (phone) {
      await page.getByRole('button', { name: 'Account menu' }).click();
      // allInnerTexts does not wait: wait for the menu to be open first.
      await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
      const items = await page.getByRole('menuitem').allInnerTexts();
      expect(items.map((s) => s.trim())).toEqual(['Settings', 'API Keys', 'Support', 'Sign Out']);
      await page.getByRole('menuitem', { name }).click();
    } else {
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      // allInnerTexts does not wait: right after sign-in the shell may still be rendering.
      await nav.getByRole('link', { name: 'Settings' }).waitFor();
      const links = (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
      // Spec order: ..., Payouts, API Keys, Documentation, Settings; then Support (docs/decisions/017).
      expect(links.indexOf('API Keys')).toBeGreaterThan(links.indexOf('Dashboard'));
      expect(links.slice(links.indexOf('API Keys'))).toEqual([
        'API Keys',
        'Documentation',
        'Settings',
        'Support',
      ]);
      await nav.getByRole('link', { name }).click();
    }
  }

  it('creates a key, copies it, uses it with curl, rotates and deletes keys', async () => {
    const ctx = await newContext(browser, server.url, viewport);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signUpAndSignIn(page, email);

    await goTo(page, 'API Keys');
    await page.waitForURL(/\/api-keys$/);
    const keys = new ApiKeysPage(page);
    await page.getByText('No API keys yet').waitFor();
    await page.getByText(/Test keys start with cl_test_/).waitFor();
    await page.getByText(/Authorization: Bearer YOUR_API_KEY/).waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, `api-keys-empty-${label}`);

    // The form: read by default, the spec's descriptions, name required.
    await keys.openCreateForm();
    expect(await page.getByRole('checkbox', { name: /Read payments/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Create payments/ }).isChecked()).toBe(false);
    await page.getByText('View payment status and details').waitFor();
    await page.getByText('Create new payment links').waitFor();
    await page.getByText('Create and manage webhook endpoints').waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Please enter a key name').waitFor();
    await screenshot(page, `api-keys-form-invalid-${label}`);

    // Create, then the full key is shown once with the warning; copy it.
    await keys.create('Shop backend', ['Create payments']);
    await keys.newKeyAlert
      .getByText('Copy this key now and keep it somewhere safe: you will not be able to see it again.')
      .waitFor();
    const shown = await keys.shownKey();
    expect(shown).toMatch(/^cl_test_[0-9A-Za-z]{43}$/);
    await keys.newKeyAlert.getByRole('button', { name: 'Copy key' }).click();
    await keys.newKeyAlert.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await screenshot(page, `api-keys-created-${label}`);

    // The copied key works with curl: 200 and the envelope.
    const okCall = await curlPayments(copied);
    expect(okCall.status).toBe(200);
    expect(okCall.body).toMatchObject({ success: true, error: null });
    expect(okCall.body).toHaveProperty('data');

    // Dismissed, the full key is gone from the page; the list shows the prefix and a masked tail.
    await keys.dismissKey();
    const row = keys.row('Shop backend');
    await row.waitFor();
    expect(await page.getByText(shown).count()).toBe(0);
    await row.getByText(`${shown.slice(0, 12)}…••••`).waitFor();
    await row.getByText('read', { exact: true }).waitFor();
    await row.getByText('write', { exact: true }).waitFor();
    // Last used shows the curl call (written at most once a minute: the first use is recorded).
    await page.reload();
    await keys.row('Shop backend').waitFor();
    expect(await keys.row('Shop backend').locator('dd').nth(1).textContent()).not.toBe('Never');
    await screenshot(page, `api-keys-list-${label}`);

    // A second key, deleted through the confirmation dialog: curl then gets 401.
    await keys.openCreateForm();
    await keys.create('Temporary');
    const temp = await keys.shownKey();
    expect((await curlPayments(temp)).status).toBe(200);
    await keys.dismissKey();
    await keys
      .row('Temporary')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await keys
      .dialog()
      .getByText('Are you sure you want to delete this API key? This action cannot be undone.')
      .waitFor();
    await viewShot(page, `api-keys-delete-dialog-${label}`);
    await keys.dialog().getByRole('button', { name: 'Delete key' }).click();
    await page.getByText('API key deleted.').waitFor();
    await keys.row('Temporary').waitFor({ state: 'detached' });
    const denied = await curlPayments(temp);
    expect(denied.status).toBe(401);
    expect(denied.body).toMatchObject({ success: false });

    // Rotate: confirm, the new key is shown once, the old one stops working.
    await keys
      .row('Shop backend')
      .getByRole('button', { name: /^Rotate/ })
      .click();
    await keys
      .dialog()
      .getByText(/gets a new secret/)
      .waitFor();
    await viewShot(page, `api-keys-rotate-dialog-${label}`);
    await keys.dialog().getByRole('button', { name: 'Rotate key' }).click();
    await keys.newKeyAlert.getByText('Your rotated API key').waitFor();
    const rotated = await keys.shownKey();
    expect(rotated).not.toBe(shown);
    expect((await curlPayments(shown)).status).toBe(401);
    expect((await curlPayments(rotated)).status).toBe(200);
    await screenshot(page, `api-keys-rotated-${label}`);
    await keys.dismissKey();

    // Edit name and permissions.
    await keys.row('Shop backend').getByRole('button', { name: /^Edit/ }).click();
    await keys.dialog().getByLabel('Name').fill('Shop server');
    await keys
      .dialog()
      .getByRole('checkbox', { name: /Manage webhooks/ })
      .check();
    await viewShot(page, `api-keys-edit-dialog-${label}`);
    await keys.dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('API key updated.').waitFor();
    await keys.row('Shop server').getByText('webhook', { exact: true }).waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, `api-keys-final-${label}`);

    // Loading and failure states, made by holding or breaking the list request in the browser.
    let release: () => void = () => {};
    await page.route('**/api/v1/api-keys', (route) => {
      release = () => void route.continue();
    });
    await page.reload();
    await page.locator('[aria-busy="true"]').first().waitFor();
    await screenshot(page, `api-keys-loading-${label}`);
    release();
    await page.unroute('**/api/v1/api-keys');
    await page.route('**/api/v1/api-keys', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch API keys' }).waitFor();
    await screenshot(page, `api-keys-error-${label}`);
    await page.unroute('**/api/v1/api-keys');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('configures a webhook, sends a signed test event to a local receiver, and sees the delivery', async () => {
    const ctx = await newContext(browser, server.url, viewport);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server, { email, password: PASSWORD });

    await goTo(page, 'Settings');
    await page.waitForURL(/\/settings$/);
    const hooks = new WebhookSettings(page);
    await hooks.section.getByRole('heading', { name: 'Webhook Configuration' }).waitFor();
    await hooks.section.getByText('No deliveries yet').waitFor();
    await hooks.section.getByText(/own Save webhook button/).waitFor();
    expect(await hooks.section.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    expect(await hooks.section.getByLabel('Webhook URL').getAttribute('type')).toBe('url');
    await hooks.section.scrollIntoViewIfNeeded();
    await sectionShot(hooks.section, `webhooks-empty-${label}`);

    // A bad URL is refused before saving.
    await hooks.section.getByLabel('Webhook URL').fill('not a url');
    await hooks.section.getByRole('button', { name: 'Save webhook' }).click();
    await hooks.section
      .getByText(/Please enter a valid webhook URL/)
      .first()
      .waitFor();

    const countBefore = received.length;
    // The spec's three events come preselected; add partial payments.
    expect(await hooks.section.getByRole('checkbox', { name: /payment\.failed/ }).isChecked()).toBe(true);
    await hooks.configure(receiverUrl, ['payment.partial']);
    await sectionShot(hooks.section, `webhooks-saved-${label}`);

    // The secret is masked until Reveal.
    expect(await hooks.section.getByTestId('webhook-secret').textContent()).not.toMatch(/whsec_/);
    const secret = await hooks.revealSecret();
    expect(secret).toMatch(/^whsec_/);

    // Send test event: the result with its status code and duration.
    await hooks.section.getByRole('button', { name: 'Send test event' }).click();
    await hooks.section.getByText(/^Test event delivered: HTTP 200 in \d+ ms$/).waitFor();
    expect(received.length).toBe(countBefore + 1);
    const hit = received[received.length - 1]!;
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/coinlane-hook');
    const verification = verifyWebhookSignature(
      hit.body,
      hit.headers['coinlane-signature'] as string,
      secret,
    );
    expect(verification.ok).toBe(true);
    // And by hand: HMAC-SHA256 of "t.body" under the secret.
    const { createHmac } = await import('node:crypto');
    const header = String(hit.headers['coinlane-signature']);
    const t = /t=(\d+)/.exec(header)![1];
    expect(header).toContain(`v1=${createHmac('sha256', secret).update(`${t}.${hit.body}`).digest('hex')}`);
    const payload = JSON.parse(hit.body) as { id: string; type: string; mode: string };
    expect(payload).toMatchObject({ type: 'webhook.test', mode: 'test' });
    expect(hit.headers['coinlane-event-id']).toBe(payload.id);

    // The delivery appears in the recent deliveries, delivered; its attempt shows status and duration.
    const delivery = hooks.deliveries().filter({ hasText: 'webhook.test' }).first();
    await delivery.waitFor();
    await delivery.getByText('Delivered').waitFor();
    await delivery.getByRole('button', { expanded: false }).click();
    const attempt = delivery.getByTestId('webhook-attempt').first();
    await attempt.getByText('HTTP 200').waitFor();
    await attempt.getByText(/^\d+ ms$/).waitFor();
    await attempt.getByText('thanks').waitFor();
    await delivery.scrollIntoViewIfNeeded();
    await sectionShot(hooks.section, `webhooks-test-delivered-${label}`);

    // Resend: a second signed POST with the same event id, marked as a manual resend.
    await delivery.getByRole('button', { name: /^Resend/ }).click();
    await delivery.getByText('Event resent: HTTP 200').waitFor();
    expect(received.length).toBe(countBefore + 2);
    expect(received[received.length - 1]!.headers['coinlane-event-id']).toBe(payload.id);
    await delivery.getByText('Manual resend').waitFor();
    expect(await delivery.getByTestId('webhook-attempt').count()).toBe(2);
    await sectionShot(hooks.section, `webhooks-resent-${label}`);

    // Filter by state.
    await hooks.section.getByLabel('Delivery state').selectOption('failed');
    await hooks.section.getByText('No deliveries in this state').waitFor();
    await hooks.section.getByLabel('Delivery state').selectOption('delivered');
    await hooks.deliveries().first().waitFor();

    // Rotate the secret: confirm; the next test event is signed with the new one and, for 24 hours, the old one.
    await hooks.section.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog')
      .getByText(/For 24 hours they carry a second signature made with the current secret/)
      .waitFor();
    await viewShot(page, `webhooks-rotate-dialog-${label}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
    await hooks.section.getByText(/Signing secret rotated/).waitFor();
    const newSecret = ((await hooks.section.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await hooks.section.getByRole('button', { name: 'Send test event' }).click();
    await hooks.section.getByText(/^Test event delivered: HTTP 200/).waitFor();
    const last = received[received.length - 1]!;
    expect(
      verifyWebhookSignature(last.body, last.headers['coinlane-signature'] as string, newSecret).ok,
    ).toBe(true);
    expect(verifyWebhookSignature(last.body, last.headers['coinlane-signature'] as string, secret).ok).toBe(
      true,
    );
    expect(String(last.headers['coinlane-signature']).match(/v1=/g)).toHaveLength(2);
    await hooks.section
      .getByText(/^Your previous secret keeps working until .+: each request also carries/)
      .waitFor();

    // Saved on the server: after a reload the URL and events are still there.
    await page.reload();
    await hooks.section.getByLabel('Webhook URL').waitFor();
    expect(await hooks.section.getByLabel('Webhook URL').inputValue()).toBe(receiverUrl);
    expect(await hooks.section.getByRole('checkbox', { name: /payment\.partial/ }).isChecked()).toBe(true);
    expect(await hooks.section.getByRole('checkbox', { name: /payment\.expired/ }).isChecked()).toBe(false);
    await noHorizontalOverflow(page);
    await hooks.section.scrollIntoViewIfNeeded();
    await screenshot(page, `webhooks-final-${label}`);
    await sectionShot(hooks.section, `webhooks-final-section-${label}`);

    // Loading and failure states of the section, made by holding or breaking its requests in the browser.
    let release: () => void = () => {};
    await page.route('**/api/v1/webhooks/config', (route) => {
      release = () => void route.continue();
    });
    await page.reload();
    await hooks.section.locator('[aria-busy="true"]').first().waitFor();
    await sectionShot(hooks.section, `webhooks-loading-${label}`);
    release();
    await page.unroute('**/api/v1/webhooks/config');
    await page.route('**/api/v1/webhooks/events?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          data: null,
          error: { message: 'Internal error', code: 'INTERNAL' },
        }),
      }),
    );
    await page.reload();
    await hooks.section.getByRole('alert').filter({ hasText: 'Internal error' }).waitFor();
    await sectionShot(hooks.section, `webhooks-deliveries-error-${label}`);
    await page.unroute('**/api/v1/webhooks/events?*');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
