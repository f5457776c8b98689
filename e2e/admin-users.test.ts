import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, signIn } from './pages/merchant-session.ts';
import { PaymentPage } from './pages/payment-page.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * The back-office's User Management (issue 16) as an administrator uses it: find a merchant, open its details and
 * suspend it. From then on its hosted pages start no new payment and say so to the payer, while the payment a
 * customer had already started is still shown; the merchant's own session is over.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'users-admin@example.com', password: 'Adm1n!pass-e2e' };

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({}, { admin: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkout(linkId: string) {
  const res = await fetch(`${server.url}/api/v1/checkout/${linkId}`);
  return ((await res.json()) as { data: { payment: { id: string; status: string } | null } }).data;
}

describe('suspending a merchant', () => {
  it('stops its hosted pages from starting payments, and keeps the one under way', async () => {
    const merchant = await signUpMerchant(server, {
      name: 'Paula Paused',
      email: `paused-${Date.now()}@example.com`,
    });
    const link = () =>
      merchant.call<{ id: string }>('POST', '/payment-links', {
        fiatAmount: '25.00',
        currency: 'LTC',
        description: 'Print subscription',
      });
    const underWay = await link();
    const fresh = await link();

    // A customer opens the first link on a phone: the page starts the payment.
    const customer = await newContext(browser, server.url, PHONE);
    const first = new PaymentPage(await customer.newPage());
    await first.open(underWay.id);
    await first.waitForText('Amount Due');
    const started = (await checkout(underWay.id)).payment;
    expect(started?.status).toBe('pending');

    // The administrator finds the merchant, approves it and suspends it from its details.
    const staff = await newContext(browser, server.url, DESKTOP);
    const page = await staff.newPage();
    await signIn(page, server, ADMIN);
    await page.goto('/admin/users');
    await page.getByPlaceholder('Search users...').fill(merchant.email);
    await page.getByRole('button', { name: 'Actions for Paula Paused' }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Transaction Data').waitFor();
    // A new account waits for approval (kyc_required is on by default): approve it, then suspend it.
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('Active').first().waitFor();
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Suspended').first().waitFor();
    await screenshot(page, 'admin-users-suspended');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page
      .getByRole('row', { name: /Paula Paused/ })
      .getByText('Suspended')
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The merchant's session is over.
    await expect(merchant.call('GET', '/payments')).rejects.toThrow(/401|403/);

    // A new customer on the second link is told plainly, with no button that cannot work.
    const second = new PaymentPage(await customer.newPage());
    await second.open(fresh.id);
    await second.waitForText('This merchant is not accepting payments right now');
    await second.waitForText('Nothing was charged. Please contact the merchant to pay another way.');
    expect(await second.page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    expect(await horizontalOverflow(second.page)).toBeLessThanOrEqual(0);
    await screenshot(second.page, 'admin-users-suspended-merchant-page-phone');
    expect((await checkout(fresh.id)).payment).toBeNull();

    // The first customer's payment is still on its page, still open.
    await first.page.reload();
    await first.waitForText('Amount Due');
    expect((await checkout(underWay.id)).payment).toMatchObject({ id: started!.id, status: 'pending' });
    await customer.close();
    await staff.close();
  });
});

describe('bulk actions', () => {
  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('approves several pending merchants at once, then suspends them at once, on %s', async (_, viewport) => {
    const tag = `bulk-${viewport.width}-${Date.now()}`;
    const names = ['Bea Bulk', 'Ben Bulk', 'Bo Bulk'];
    const merchants = [];
    for (const [i, name] of names.entries())
      merchants.push(await signUpMerchant(server, { name, email: `${tag}-${i}@example.com` }));

    const staff = await newContext(browser, server.url, viewport);
    const page = await staff.newPage();
    await signIn(page, server, ADMIN);
    await page.goto('/admin/users');
    await page.getByPlaceholder('Search users...').fill(tag);
    const rows = page.getByRole('row', { name: /Bulk/ });
    await expect.poll(() => rows.count()).toBe(3);

    const bulkOn = async (action: 'Approve Selected' | 'Suspend Selected', status: string) => {
      await page.getByLabel('Select all users shown').check();
      await page.getByRole('button', { name: 'Bulk Actions (3)' }).click();
      await page.getByRole('button', { name: action }).click();
      for (const name of names)
        await page
          .getByRole('row', { name: new RegExp(name) })
          .getByText(status)
          .waitFor();
      // The selection is cleared and the panel closes after a bulk action (spec section 4).
      await expect.poll(() => page.getByRole('button', { name: /Bulk Actions/ }).count()).toBe(0);
    };

    await bulkOn('Approve Selected', 'Active');
    await page.getByText('3 users approved.').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `admin-users-bulk-approved-${viewport.width}`);

    await bulkOn('Suspend Selected', 'Suspended');
    await page.getByText('3 users suspended.').waitFor();
    await screenshot(page, `admin-users-bulk-suspended-${viewport.width}`);

    // The server agrees: every one of them is suspended, and their sessions and keys are refused.
    await page.reload();
    await page.getByPlaceholder('Search users...').fill(tag);
    for (const name of names)
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByText('Suspended')
        .waitFor();
    for (const merchant of merchants)
      await expect(merchant.call('GET', '/payments')).rejects.toThrow(/401|403/);
    await staff.close();
  });
});

describe('admin roles', () => {
  it('a role given from the details shows the back-office, and its menu shrinks with a narrower role', async () => {
    const password = 'Str0ng!pass-staff';
    const staffAccount = { name: 'Sam Staff', email: `staff-${Date.now()}@example.com`, password };
    await signUpMerchant(server, staffAccount);

    const staff = await newContext(browser, server.url, DESKTOP);
    const staffPage = await staff.newPage();
    const admin = await newContext(browser, server.url, DESKTOP);
    const page = await admin.newPage();
    await signIn(page, server, ADMIN);

    const giveRole = async (role: string) => {
      await page.goto('/admin/users');
      await page.getByPlaceholder('Search users...').fill(staffAccount.email);
      await page.getByRole('button', { name: 'Actions for Sam Staff' }).click();
      await page.getByRole('menuitem', { name: 'View Details' }).click();
      const dialog = page.getByRole('dialog', { name: 'User details' });
      await dialog.getByLabel('Role').selectOption(role);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      // Giving or taking super admin asks first.
      const confirm = page.getByRole('dialog', { name: 'Change the admin role?' });
      if (await confirm.isVisible().catch(() => false))
        await confirm.getByRole('button', { name: 'Change role' }).click();
      await dialog.getByText(/now has the .* role/).waitFor();
    };
    const menu = async () => {
      const nav = staffPage.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link').first().waitFor();
      return (await nav.getByRole('link').allTextContents()).map((s) => s.trim()).filter(Boolean);
    };

    await giveRole('super_admin');
    await signIn(staffPage, server, staffAccount);
    await staffPage.goto('/admin/dashboard');
    const wide = await menu();
    expect(wide).toEqual(
      expect.arrayContaining(['Dashboard', 'Users', 'Transactions', 'Settings', 'Audit Log']),
    );

    await giveRole('compliance_admin');
    await staffPage.reload();
    await staffPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .waitFor();
    const narrow = await menu();
    expect(narrow).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Transactions']));
    expect(narrow).not.toContain('Settings');
    expect(narrow).not.toContain('Audit Log');
    expect(narrow.length).toBeLessThan(wide.length);
    await screenshot(staffPage, 'admin-roles-compliance-menu');

    // A page the role does not cover names the permission it needs.
    await staffPage.goto('/admin/settings');
    await staffPage.getByText('Access Denied').waitFor();
    await staffPage.getByText('settings.read').first().waitFor();
    await staff.close();
    await admin.close();
  });
});
