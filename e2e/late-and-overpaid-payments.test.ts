import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goToMerchantPage, TransactionsPage, trim } from './pages/merchant-payments-pages.ts';
import { collectErrors, horizontalOverflow, signUpAndSignIn, until } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Money that does not fit the amount due, seen by the merchant in the browser at desktop and phone width
 * (docs/decisions/013-late-and-overpaid-payments.md):
 * - a payment overpaid (271.74 USDT due, 298.914 received) shows what was received, what was due and the excess,
 *   and the volume counts what was received;
 * - a payment paid after its expiry (0.01 ETH, its 12 confirmations) shows "Paid late", not failed; its money is
 *   in the balance at once but not in the volume; the merchant accepts it, and it becomes confirmed and counts.
 * The payments are made with the merchant's own session from the page (the API a shop would call); the test
 * network confirms them, one block per second.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({ TEST_NETWORK_BLOCK_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A call to the API from the signed-in page (same origin, the session cookie): the reply's data. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  );
  if (reply.status >= 300)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.json)}`);
  return (reply.json as { data: T }).data;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent().then(trim);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('late and overpaid payments at %s width', (label, viewport) => {
  const phone = viewport === PHONE;

  it('shows the overpayment in full, flags the late payment, counts its money in the balance, and the merchant accepts it', async () => {
    const ctx = await newContext(browser, server.url, viewport);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signUpAndSignIn(page, server, {
      name: 'Lena Late',
      email: `late-${label}-${Date.now()}@example.com`,
      password: 'Str0ng!pass',
    });

    // An overpaid payment, and a payment whose window closes in 3 seconds.
    const over = await call<{ id: string }>(page, 'POST', '/payments', {
      amount: '271.74',
      currency: 'USDT',
      network: 'ethereum',
      description: `Overpaid order ${label}`,
    });
    await call(page, 'POST', `/payments/${over.id}/simulate`, { amount: '298.914' });
    const late = await call<{ id: string; expiresAt: string }>(page, 'POST', '/payments', {
      amount: '0.01',
      currency: 'ETH',
      description: `Late order ${label}`,
      expiresAt: new Date(Date.now() + 3000).toISOString(),
    });
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(late.expiresAt) - Date.now()) + 500));
    // Paid after the expiry.
    const paid = await call<{ payment: { status: string; exception: string } }>(
      page,
      'POST',
      `/payments/${late.id}/simulate`,
    );
    expect(paid.payment).toMatchObject({ status: 'expired', exception: 'paid_late' });

    await goToMerchantPage(page, 'Transactions', phone);
    await page.waitForURL(/\/transactions$/);
    const tx = new TransactionsPage(page);
    const lateRow = tx.row(late.id);
    const overRow = tx.row(over.id);
    await lateRow.waitFor();
    // Not "Failed": paid late, the attempt expired, the money shown; Accept once it has its confirmations.
    expect(await lateRow.getByTestId('tx-status').textContent().then(trim)).toBe('Paid late');
    expect(await lateRow.textContent().then(trim)).toContain('Expired');
    expect(await lateRow.getByTestId('tx-received').textContent().then(trim)).toBe('0.01000000');
    const accept = lateRow.getByRole('button', { name: 'Accept' });
    await accept.waitFor();
    expect(await lateRow.getByTestId('late-note').textContent().then(trim)).toBe(
      'Paid after the payment ended, and confirmed. Accept it to confirm the payment.',
    );
    // The overpayment: received, due and the excess; its USD value is what was received.
    await until(
      () => overRow.getAttribute('data-status'),
      (s) => s === 'confirmed',
    );
    expect(await overRow.getByTestId('tx-received').textContent().then(trim)).toBe('298.914');
    expect(await overRow.getByTestId('tx-due').textContent().then(trim)).toBe('Due 271.74 USDT');
    expect(await overRow.getByTestId('tx-excess').textContent().then(trim)).toBe('Excess 27.174 USDT');
    expect(await overRow.getByTestId('tx-usd').textContent().then(trim)).toBe('$298.91');
    expect(await overRow.textContent().then(trim)).toContain('Overpaid');
    // The volume counts what the confirmed payment received; the late payment is not in it yet.
    await until(
      () => text(page, 'summary-volume'),
      (s) => s === '$298.91',
    );
    expect(await text(page, 'summary-confirmed')).toBe('1');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `late-overpaid-transactions-${label}`);

    // The dashboard: the late money is in the balance (it is in the wallet), not in the volume.
    await goToMerchantPage(page, 'Dashboard', phone);
    await page.waitForURL(/\/dashboard$/);
    await until(
      () => text(page, 'balance-total'),
      (s) => s === '$333.91',
    );
    expect(await text(page, 'balance-ETH')).toBe('0.0100');
    expect(await text(page, 'balance-outside')).toBe(
      'Includes $35.00 received on payments that are not confirmed (paid late, or partly paid): not in Total Volume.',
    );
    expect(await text(page, 'balance-USDT')).toBe('298.9140');
    await until(
      () => text(page, 'stat-volume'),
      (s) => s === '$298.91',
    );
    const recent = page.getByTestId(phone ? 'recent-transactions-list' : 'recent-transactions');
    await recent.waitFor();
    expect(await recent.textContent().then(trim)).toContain('Paid late');
    expect(await recent.textContent().then(trim)).toContain('Received 298.914');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `late-overpaid-dashboard-before-accept-${label}`);

    // The merchant accepts the late payment: asked first, then it is confirmed.
    await goToMerchantPage(page, 'Transactions', phone);
    await page.waitForURL(/\/transactions$/);
    await lateRow.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept this late payment?' });
    await dialog.waitFor();
    expect(await dialog.textContent().then(trim)).toContain(
      '0.01000000 ETH arrived after this payment expired and has its confirmations.',
    );
    await viewShot(page, `late-accept-dialog-${label}`);
    await dialog.getByRole('button', { name: 'Accept payment' }).click();
    await until(
      () => lateRow.getAttribute('data-status'),
      (s) => s === 'confirmed',
    );
    expect(await lateRow.getByTestId('tx-status').textContent().then(trim)).toBe('Confirmed');
    expect(await lateRow.textContent().then(trim)).toContain('Paid late, accepted');
    expect(await lateRow.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await until(
      () => text(page, 'summary-volume'),
      (s) => s === '$333.91',
    );
    expect(await text(page, 'summary-confirmed')).toBe('2');
    await screenshot(page, `late-overpaid-transactions-accepted-${label}`);

    // A second accept (another tab, a retry) is refused with the catalogue's reason, never a 500.
    const again = await page.evaluate(
      async (id) => (await fetch(`/api/v1/payments/${id}/accept`, { method: 'POST' })).json(),
      late.id,
    );
    expect(again).toEqual({
      success: false,
      data: null,
      error: {
        code: 'INVALID_STATE',
        message: 'This late payment has already been accepted: it is confirmed',
      },
    });

    // The CSV: what was due, what was received, its USD value and the flag, after the spec's columns.
    const [download] = await Promise.all([page.waitForEvent('download'), tx.exportCsv()]);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(csv[0]).toBe(
      'Transaction ID,Amount,Currency,USD Amount,Status,Customer Email,Description,Date,Time,Confirmations,Required Confirmations,Amount Received,USD Confirmed,Exception,Refunded',
    );
    expect(csv.find((l) => l.startsWith(over.id))).toMatch(
      /^pay_\w+,271\.74,USDT,271\.74,confirmed,,Overpaid order \w+,[\d-]+,[\d:]+,12,12,298\.914,298\.91,paid_over,$/,
    );
    expect(csv.find((l) => l.startsWith(late.id))).toMatch(
      /^pay_\w+,0\.01,ETH,35\.00,confirmed,,Late order \w+,[\d-]+,[\d:]+,12,12,0\.01,35\.00,paid_late,$/,
    );

    // The dashboard: the volume now counts it, and agrees with the balance.
    await goToMerchantPage(page, 'Dashboard', phone);
    await page.waitForURL(/\/dashboard$/);
    await until(
      () => text(page, 'stat-volume'),
      (s) => s === '$333.91',
    );
    expect(await text(page, 'balance-total')).toBe('$333.91');
    // The balances are a query of their own: shown from before the accept until their new figures came.
    await until(
      () => page.getByTestId('balance-outside').count(),
      (n) => n === 0,
    );
    await screenshot(page, `late-overpaid-dashboard-accepted-${label}`);

    expect(errors).toEqual([]);
    await ctx.close();
  });
});
