import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '#app/test/smtp.ts';
import { horizontalOverflow, signIn } from './pages/merchant-session.ts';
import { AdminSupportPage, MerchantSupportPage } from './pages/support-pages.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { type ApiMerchant, signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Support tickets (issue 16, decision 017): a merchant opens a ticket from its Support page; the operator is told
 * by e-mail (the admins' support address) with a link to the back-office; an administrator answers it from
 * /admin/support on a desktop; the merchant is told by e-mail with a link to the ticket and reads the answer on a
 * phone. Then both sides in English and French at both widths, for looking at.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'support-admin@example.com', password: 'Adm1n!pass-e2e' };
const MERCHANT = {
  name: 'Paula Printer',
  email: `paula-${Date.now()}@example.com`,
  password: 'Str0ng!pass-e2e',
};
const TICKET = {
  title: 'Webhook signature does not match',
  category: 'Technical',
  priority: 'High',
  message:
    'Since this morning our server refuses every webhook:\n"signature mismatch". Did the secret change?',
};
const ANSWER = 'The secret did not change. Your server reads the body after parsing it: verify the raw body.';

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({}, { admin: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noOverflow = async (page: Page) => expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

describe('a merchant’s support ticket', () => {
  let merchant: ApiMerchant;
  let ticketId = '';

  it('is opened from the Support page, answered from the back-office, and read on a phone', async () => {
    merchant = await signUpMerchant(server, MERCHANT);

    // The merchant opens a ticket from its Support page, on a desktop.
    const shop = await newContext(browser, server.url, DESKTOP);
    const page = await shop.newPage();
    await signIn(page, server, MERCHANT);
    const support = new MerchantSupportPage(page);
    await support.openFromNavigation();
    await page.getByText('No tickets yet').waitFor();
    await screenshot(page, 'support-merchant-empty-desktop-en');
    await support.startTicket();
    await support.submitTicket();
    await support.dialog().getByText('Please enter a subject').waitFor();
    await support.dialog().getByText('Please enter a message').waitFor();
    await viewShot(page, 'support-merchant-new-ticket-errors-desktop-en');
    await support.fillTicket(TICKET);
    await viewShot(page, 'support-merchant-new-ticket-desktop-en');
    await support.submitTicket();
    await page.waitForURL(/\/support\/tkt_/);
    ticketId = page.url().split('/support/')[1]!;
    await support.messages().filter({ hasText: 'signature mismatch' }).waitFor();
    await page.getByText('Open', { exact: true }).first().waitFor();
    await screenshot(page, 'support-merchant-ticket-desktop-en');

    // The operator is told at the support address, with a link to the ticket in the back-office.
    const notice = await server.smtp.waitForMail('support@coinlane.local', {
      subject: /New support ticket/,
      timeoutMs: 20_000,
    });
    expect(notice.subject).toBe(`New support ticket from ${MERCHANT.name}: ${TICKET.title}`);
    expect(notice.text).toContain('> Since this morning our server refuses every webhook:');
    const adminLink = linkIn(notice, '/admin/support');
    expect(adminLink).toBe(`${server.url}/admin/support?ticket=${ticketId}`);

    // An administrator sees the badge, follows the link and answers, on a desktop.
    const staff = await newContext(browser, server.url, DESKTOP);
    const admin = await staff.newPage();
    await signIn(admin, server, ADMIN);
    const nav = admin.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Support 1 unresolved ticket' }).waitFor();
    await screenshot(admin, 'support-admin-badge-desktop-en');
    await admin.goto(adminLink.replace(server.url, ''));
    const back = new AdminSupportPage(admin);
    const thread = back.thread();
    await thread.getByText('Since this morning our server refuses every webhook:').waitFor();
    await thread.getByText(MERCHANT.email).waitFor();
    await viewShot(admin, 'support-admin-open-thread-desktop-en');
    const before = server.smtp.mails.length;
    await back.reply(ANSWER);
    await thread.getByText('Nobody yet').waitFor({ state: 'detached' });
    await viewShot(admin, 'support-admin-replied-desktop-en');
    await thread.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => back.statusOf(TICKET.title).inputValue()).toBe('in_progress');
    await back
      .row(TICKET.title)
      .getByText(`#${ticketId.slice(4, 12)}`)
      .waitFor();
    await screenshot(admin, 'support-admin-list-desktop-en');
    await noOverflow(admin);

    // The merchant is told by e-mail, with a link to its ticket (not the answer itself).
    const mail = await server.smtp.waitForMail(MERCHANT.email, {
      after: before,
      subject: /New reply to your support ticket/,
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe(`New reply to your support ticket: ${TICKET.title}`);
    expect(mail.text).not.toContain('raw body');
    const link = linkIn(mail, '/support/');
    expect(link).toBe(`${server.url}/support/${ticketId}`);

    // ...and reads the answer on a phone.
    const phone = await newContext(browser, server.url, PHONE);
    const mobile = await phone.newPage();
    await signIn(mobile, server, MERCHANT);
    await mobile.goto(link.replace(server.url, ''));
    const onPhone = new MerchantSupportPage(mobile);
    await onPhone.messages().filter({ hasText: ANSWER }).waitFor();
    await onPhone.messages().filter({ hasText: 'Coinlane Support' }).waitFor();
    await mobile.getByText('In Progress').first().waitFor();
    await noOverflow(mobile);
    await screenshot(mobile, 'support-merchant-answer-phone-en');
    await onPhone.reply('Thank you, that was it.');
    const followUp = await server.smtp.waitForMail('support@coinlane.local', {
      subject: /New message on support ticket/,
      timeoutMs: 20_000,
    });
    expect(followUp.text).toContain('> Thank you, that was it.');

    // The administrator resolves it: the badge goes.
    await admin.reload();
    await back.statusOf(TICKET.title).selectOption('resolved');
    await nav.getByRole('link', { name: 'Support', exact: true }).waitFor();
    await shop.close();
    await staff.close();
    await phone.close();
  });

  it.each([
    ['en', 'desktop', DESKTOP],
    ['en', 'phone', PHONE],
    ['fr', 'desktop', DESKTOP],
    ['fr', 'phone', PHONE],
  ] as const)('both sides in %s on a %s, for looking at', async (lang, label, viewport) => {
    await merchant.call('PUT', '/settings', { language: lang });
    const shop = await newContext(browser, server.url, viewport);
    const page = await shop.newPage();
    await signIn(page, server, MERCHANT);
    await page.goto('/support');
    await page.getByRole('link', { name: new RegExp(TICKET.title) }).waitFor();
    await noOverflow(page);
    await screenshot(page, `support-merchant-list-${label}-${lang}`);
    await page.goto(`/support/${ticketId}`);
    await page.getByText(ANSWER).waitFor();
    await noOverflow(page);
    await screenshot(page, `support-merchant-thread-${label}-${lang}`);
    await page
      .getByRole('button', { name: lang === 'fr' ? 'Nouveau ticket' : 'New Ticket' })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await viewShot(page, `support-merchant-new-ticket-${label}-${lang}`);

    const staff = await newContext(browser, server.url, viewport);
    const admin = await staff.newPage();
    await signIn(admin, server, ADMIN);
    // The back-office follows the browser's chosen language (the sign-in above is in English).
    await admin.evaluate((l) => localStorage.setItem('coinlane.lang', l), lang);
    await admin.goto('/admin/support');
    await admin.getByRole('row').filter({ hasText: TICKET.title }).waitFor();
    if (label === 'phone') {
      // The phone's bottom bar keeps five items with readable labels; Support is one of them.
      const bar = admin.getByRole('navigation', {
        name: lang === 'fr' ? 'Navigation rapide' : 'Quick navigation',
      });
      await bar.getByRole('link', { name: lang === 'fr' ? 'Assistance' : 'Support' }).waitFor();
      expect(await bar.getByRole('link').count()).toBe(5);
    }
    await noOverflow(admin);
    await screenshot(admin, `support-admin-list-${label}-${lang}`);
    await admin.goto(`/admin/support?ticket=${ticketId}`);
    await admin.getByRole('dialog').getByText(ANSWER).waitFor();
    await viewShot(admin, `support-admin-thread-${label}-${lang}`);
    if (label === 'phone' && lang === 'fr') {
      // Reopened (the last look): the red count shows on the phone's bar and on the tab.
      await admin.getByRole('dialog').getByRole('combobox').selectOption('open');
      await admin.getByRole('dialog').getByRole('button', { name: 'Fermer' }).first().click();
      await admin
        .getByRole('navigation', { name: 'Navigation rapide' })
        .getByRole('link', { name: /Assistance/ })
        .filter({ hasText: '1 ticket non résolu' })
        .waitFor();
      await admin.getByRole('tab', { name: /1 ticket non résolu/ }).waitFor();
      await screenshot(admin, 'support-admin-badge-phone-fr');
    }
    await shop.close();
    await staff.close();
  });
});
