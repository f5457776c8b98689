import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, signIn } from './pages/merchant-session.ts';
import { PaymentPage } from './pages/payment-page.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * The back-office's User Management (issue 16) as an administrator uses it: find a merchant, open its details and
 * suspend it. From then on its hosted pages start no new payment and say so to the payer, while the payment a
 * customer had already started is still shown; the merchant's own session is over. Bulk approval and suspension,
 * and an admin role given from the details with the back-office's navigation shrinking for a narrower role. Every
 * journey runs whole at 1280 and 390 px (on a phone the navigation is the bottom bar and the account menu).
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
  // Each actor at each width: the administrator on a desktop while the customers use phones, then the other way.
  it.each([
    ['a desktop', 'phones', DESKTOP, PHONE],
    ['a phone', 'desktops', PHONE, DESKTOP],
  ])(
    'from %s stops its hosted pages (seen on %s) from starting payments, and keeps the one under way',
    async (_a, _c, adminViewport, customerViewport) => {
      const merchant = await signUpMerchant(server, {
        name: 'Paula Paused',
        email: `paused-${adminViewport.width}-${Date.now()}@example.com`,
      });
      const link = () =>
        merchant.call<{ id: string }>('POST', '/payment-links', {
          fiatAmount: '25.00',
          currency: 'LTC',
          description: 'Print subscription',
        });
      const underWay = await link();
      const fresh = await link();
      const customerWidth = customerViewport.width;

      // A customer opens the first link: the page starts the payment.
      const customer = await newContext(browser, server.url, customerViewport);
      const first = new PaymentPage(await customer.newPage());
      await first.open(underWay.id);
      await first.waitForText('Amount Due');
      const started = (await checkout(underWay.id)).payment;
      expect(started?.status).toBe('pending');

      // The administrator finds the merchant, approves it and suspends it from its details.
      const staff = await newContext(browser, server.url, adminViewport);
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
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-users-suspended-${adminViewport.width}`);
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
      await screenshot(second.page, `admin-users-suspended-merchant-page-${customerWidth}`);
      expect((await checkout(fresh.id)).payment).toBeNull();

      // The first customer's payment is still on its page, still open.
      await first.page.reload();
      await first.waitForText('Amount Due');
      expect((await checkout(underWay.id)).payment).toMatchObject({ id: started!.id, status: 'pending' });
      await customer.close();
      await staff.close();
    },
  );
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
  const texts = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])(
    'a role given from the details shows the back-office, and its menu shrinks with a narrower role, on %s',
    async (_, viewport) => {
      const phone = viewport === PHONE;
      const password = 'Str0ng!pass-staff';
      const staffAccount = {
        name: 'Sam Staff',
        email: `staff-${viewport.width}-${Date.now()}@example.com`,
        password,
      };
      await signUpMerchant(server, staffAccount);

      const staff = await newContext(browser, server.url, viewport);
      const staffPage = await staff.newPage();
      const admin = await newContext(browser, server.url, viewport);
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
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      };
      const sidebar = staffPage.getByRole('navigation', { name: 'Main navigation' });
      const bar = staffPage.getByRole('navigation', { name: 'Quick navigation' });
      /**
       * Where the staff member can go: the sidebar's links on a desktop; on a phone the bottom bar's (five at most)
       * and then the back-office pages in the account menu (without Merchant area and Sign Out, always there).
       */
      const menu = async (shot: string): Promise<{ all: string[]; bar: string[]; more: string[] }> => {
        if (!phone) {
          await sidebar.getByRole('link').first().waitFor();
          const all = texts(await sidebar.getByRole('link').allTextContents());
          await viewShot(staffPage, shot);
          return { all, bar: [], more: [] };
        }
        expect(await sidebar.isVisible()).toBe(false);
        await bar.getByRole('link').first().waitFor();
        const inBar = texts(await bar.getByRole('link').allInnerTexts());
        expect(inBar.length).toBeLessThanOrEqual(5);
        await staffPage.getByRole('button', { name: 'Account menu' }).click();
        // allInnerTexts does not wait: wait for the menu to be open first.
        await staffPage.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
        const items = texts(await staffPage.getByRole('menuitem').allInnerTexts());
        expect(items.slice(-2)).toEqual(['Merchant area', 'Sign Out']);
        await viewShot(staffPage, shot); // the bottom bar, and the account menu open over the page
        await staffPage.keyboard.press('Escape');
        await staffPage.getByRole('menu').waitFor({ state: 'hidden' });
        const more = items.slice(0, -2);
        return { all: [...inBar, ...more], bar: inBar, more };
      };

      await giveRole('super_admin');
      await signIn(staffPage, server, staffAccount);
      await staffPage.goto('/admin/dashboard');
      const wide = await menu(`admin-roles-super-admin-menu-${viewport.width}`);
      expect(wide.all).toEqual(
        expect.arrayContaining(['Dashboard', 'Users', 'Transactions', 'Settings', 'Audit Log']),
      );
      if (phone) {
        // Six pages: the first five in the bar, the Audit Log in the account menu.
        expect(wide.bar).toEqual(['Dashboard', 'Users', 'Transactions', 'Settings', 'Support']);
        expect(wide.more).toEqual(['Audit Log']);
      }
      expect(await horizontalOverflow(staffPage)).toBeLessThanOrEqual(0);

      await giveRole('compliance_admin');
      await staffPage.reload();
      await (phone ? bar : sidebar).getByRole('link', { name: 'Users' }).waitFor();
      const narrow = await menu(`admin-roles-compliance-menu-${viewport.width}`);
      expect(narrow.all).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Transactions']));
      expect(narrow.all).not.toContain('Settings');
      expect(narrow.all).not.toContain('Audit Log');
      expect(narrow.all.length).toBeLessThan(wide.all.length);
      if (phone) {
        expect(narrow.bar).toEqual(['Dashboard', 'Users', 'Transactions']);
        expect(narrow.more).toEqual([]);
      }
      expect(await horizontalOverflow(staffPage)).toBeLessThanOrEqual(0);

      // A page the role does not cover names the permission it needs.
      await staffPage.goto('/admin/settings');
      await staffPage.getByText('Access Denied').waitFor();
      await staffPage.getByText('settings.read').first().waitFor();
      expect(await horizontalOverflow(staffPage)).toBeLessThanOrEqual(0);
      await staff.close();
      await admin.close();
    },
  );
});
