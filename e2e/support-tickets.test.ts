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
 * /admin/support; the merchant is told by e-mail with a link to the ticket and reads the answer. The journey runs
 * twice: opened and answered on a desktop and read on a phone, then opened and answered on a phone (account menu,
 * bottom bar) and read on a desktop. Then both sides in English and French at both widths, for looking at.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'support-admin@example.com', password: 'Adm1n!pass-e2e' };
const SUPPORT_INBOX = 'support@coinlane.local';

type Journey = {
  opens: string;
  reads: string;
  opensOn: typeof DESKTOP;
  readsOn: typeof DESKTOP;
  account: { name: string; email: string; password: string };
  ticket: { title: string; category: string; priority: string; message: string };
  answer: string;
  /** A part of the answer that the e-mail must not carry. */
  answerPart: string;
};
const JOURNEYS: Journey[] = [
  {
    opens: 'a desktop',
    reads: 'a phone',
    opensOn: DESKTOP,
    readsOn: PHONE,
    account: { name: 'Paula Printer', email: `paula-${Date.now()}@example.com`, password: 'Str0ng!pass-e2e' },
    ticket: {
      title: 'Webhook signature does not match',
      category: 'Technical',
      priority: 'High',
      message:
        'Since this morning our server refuses every webhook:\n"signature mismatch". Did the secret change?',
    },
    answer: 'The secret did not change. Your server reads the body after parsing it: verify the raw body.',
    answerPart: 'raw body',
  },
  {
    opens: 'a phone',
    reads: 'a desktop',
    opensOn: PHONE,
    readsOn: DESKTOP,
    account: { name: 'Pablo Potter', email: `pablo-${Date.now()}@example.com`, password: 'Str0ng!pass-e2e' },
    ticket: {
      title: 'Payout went to a removed wallet',
      category: 'Billing',
      priority: 'Urgent',
      message: 'Yesterday our payout went to the wallet we removed last week:\ncan it be sent again?',
    },
    answer: 'It left before the wallet was removed: the wallet history shows the date of each change.',
    answerPart: 'wallet history',
  },
];
/** The first journey's merchant and ticket, looked at again in both languages below. */
const [FIRST] = JOURNEYS as [Journey];
const MERCHANT = FIRST.account;
const TICKET = FIRST.ticket;
const ANSWER = FIRST.answer;

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

/**
 * The back-office's Support link: in the sidebar on a desktop, in the bottom bar on a phone; with `unresolved`, only
 * while it carries that red count.
 */
function adminSupportLink(admin: Page, phone: boolean, unresolved = 0) {
  const nav = admin.getByRole('navigation', { name: phone ? 'Quick navigation' : 'Main navigation' });
  if (unresolved === 0) return nav.getByRole('link', { name: 'Support', exact: true });
  return nav
    .getByRole('link', { name: /Support/ })
    .filter({ hasText: `${unresolved} unresolved ticket${unresolved === 1 ? '' : 's'}` });
}

describe('a merchant’s support ticket', () => {
  let merchant: ApiMerchant;
  let ticketId = '';

  it.each(JOURNEYS.map((run) => [run.opens, run.reads, run] as const))(
    'is opened from the Support page and answered from the back-office on %s, and read on %s',
    async (_opens, _reads, run) => {
      const { account, ticket } = run;
      const opens = run.opensOn === PHONE ? 'phone' : 'desktop';
      const reads = run.readsOn === PHONE ? 'phone' : 'desktop';
      const firstLine = ticket.message.split('\n')[0]!;
      const api = await signUpMerchant(server, account);

      // The merchant opens a ticket from its Support page.
      const shop = await newContext(browser, server.url, run.opensOn);
      const page = await shop.newPage();
      await signIn(page, server, account);
      const support = new MerchantSupportPage(page);
      await support.openFromNavigation({ phone: run.opensOn === PHONE });
      await page.getByText('No tickets yet').waitFor();
      await noOverflow(page);
      await screenshot(page, `support-merchant-empty-${opens}-en`);
      await support.startTicket();
      await support.submitTicket();
      await support.dialog().getByText('Please enter a subject').waitFor();
      await support.dialog().getByText('Please enter a message').waitFor();
      await viewShot(page, `support-merchant-new-ticket-errors-${opens}-en`);
      await support.fillTicket(ticket);
      await viewShot(page, `support-merchant-new-ticket-filled-${opens}-en`);
      const noticesBefore = server.smtp.mails.length;
      await support.submitTicket();
      await page.waitForURL(/\/support\/tkt_/);
      const id = page.url().split('/support/')[1]!;
      await support.messages().filter({ hasText: firstLine }).waitFor();
      await page.getByText('Open', { exact: true }).first().waitFor();
      await noOverflow(page);
      await screenshot(page, `support-merchant-ticket-${opens}-en`);

      // The operator is told at the support address, with a link to the ticket in the back-office.
      const notice = await server.smtp.waitForMail(SUPPORT_INBOX, {
        after: noticesBefore,
        subject: /New support ticket/,
      });
      expect(notice.subject).toBe(`New support ticket from ${account.name}: ${ticket.title}`);
      expect(notice.text).toContain(`> ${firstLine}`);
      const adminLink = linkIn(notice, '/admin/support');
      expect(adminLink).toBe(`${server.url}/admin/support?ticket=${id}`);

      // An administrator, at the same width, sees the badge, follows the link and answers.
      const adminPhone = run.opensOn === PHONE;
      const staff = await newContext(browser, server.url, run.opensOn);
      const admin = await staff.newPage();
      await signIn(admin, server, ADMIN);
      await adminSupportLink(admin, adminPhone, 1).waitFor();
      await screenshot(admin, `support-admin-badge-${opens}-en`);
      await admin.goto(adminLink.replace(server.url, ''));
      const back = new AdminSupportPage(admin);
      const thread = back.thread();
      await thread.getByText(firstLine).waitFor();
      await thread.getByText(account.email).waitFor();
      await noOverflow(admin);
      await viewShot(admin, `support-admin-open-thread-${opens}-en`);
      const before = server.smtp.mails.length;
      await back.reply(run.answer);
      await thread.getByText('Nobody yet').waitFor({ state: 'detached' });
      await viewShot(admin, `support-admin-replied-${opens}-en`);
      await thread.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(() => back.statusOf(ticket.title).inputValue()).toBe('in_progress');
      await back
        .row(ticket.title)
        .getByText(`#${id.slice(4, 12)}`)
        .waitFor();
      await screenshot(admin, `support-admin-answered-list-${opens}-en`);
      await noOverflow(admin);

      // The merchant is told by e-mail, with a link to its ticket (not the answer itself).
      const mail = await server.smtp.waitForMail(account.email, {
        after: before,
        subject: /New reply to your support ticket/,
      });
      expect(mail.subject).toBe(`New reply to your support ticket: ${ticket.title}`);
      expect(mail.text).not.toContain(run.answerPart);
      const link = linkIn(mail, '/support/');
      expect(link).toBe(`${server.url}/support/${id}`);

      // ...and reads the answer at the other width.
      const other = await newContext(browser, server.url, run.readsOn);
      const reader = await other.newPage();
      await signIn(reader, server, account);
      await reader.goto(link.replace(server.url, ''));
      const onOther = new MerchantSupportPage(reader);
      await onOther.messages().filter({ hasText: run.answer }).waitFor();
      await onOther.messages().filter({ hasText: 'Coinlane Support' }).waitFor();
      await reader.getByText('In Progress').first().waitFor();
      await noOverflow(reader);
      await screenshot(reader, `support-merchant-answer-${reads}-en`);
      const followUpsBefore = server.smtp.mails.length;
      await onOther.reply('Thank you, that was it.');
      const followUp = await server.smtp.waitForMail(SUPPORT_INBOX, {
        after: followUpsBefore,
        subject: /New message on support ticket/,
      });
      expect(followUp.subject).toContain(ticket.title);
      expect(followUp.text).toContain('> Thank you, that was it.');

      // The administrator resolves it: the badge goes.
      await admin.reload();
      await back.statusOf(ticket.title).selectOption('resolved');
      await adminSupportLink(admin, adminPhone).waitFor();
      await shop.close();
      await staff.close();
      await other.close();
      if (run === FIRST) {
        merchant = api;
        ticketId = id;
      }
    },
  );

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
