import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, signIn } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, sectionShot, viewShot } from './support/browser.ts';
import { signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * KYC documents (issue 16, decision 019) as the people involved use them: a merchant uploads an identity document
 * from Settings; a compliance administrator (users.verify) opens it from User Management, rejects it with a
 * reason, then verifies it; the merchant, on a phone, sees the reason and then 'Verified'. Screens in English and
 * French at both widths.
 */

let server: RunningServer;
let browser: Browser;
const COMPLIANCE = {
  email: 'kyc-compliance@example.com',
  password: 'C0mpliance!e2e',
  role: 'compliance_admin',
};
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Passport of Kira Kyc\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({}, { admin: COMPLIANCE });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The interface language of a page: remembered on the device, then the page reloaded. */
async function useLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('coinlane.lang', l), lang);
  await page.reload();
}

async function openDetails(page: Page, email: string, name: string) {
  await page.goto('/admin/users');
  await page.getByPlaceholder(/Search users|Rechercher/).fill(email);
  // The name in the row opens the details.
  await page.getByRole('button', { name, exact: true }).click();
  return page.getByRole('dialog');
}

describe('KYC documents', () => {
  it('a merchant uploads from Settings, a compliance admin views, rejects then verifies, the merchant sees it', async () => {
    const account = {
      name: 'Kira Kyc',
      email: `kira-${Date.now()}@example.com`,
      password: 'Str0ng!pass-e2e',
    };
    const merchant = await signUpMerchant(server, account);

    // The merchant, on a desktop, uploads a passport scan from Settings.
    const desk = await newContext(browser, server.url, DESKTOP);
    const page = await desk.newPage();
    await signIn(page, server, account);
    await page.goto('/settings');
    const section = page.locator('#kyc');
    await section.getByText('No document submitted yet', { exact: false }).waitFor();
    await section.getByLabel('Document type').selectOption('identity');
    await section
      .getByLabel('File')
      .setInputFiles({ name: 'passport_scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await section.getByText('Selected: passport_scan.pdf').waitFor();
    await section.getByRole('button', { name: 'Upload document' }).click();
    await section.getByText('Document uploaded: passport_scan.pdf').waitFor();
    await section.getByText('Your documents are waiting for review', { exact: false }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await sectionShot(section, 'kyc-settings-uploaded-desktop');

    // The compliance administrator finds the merchant and opens the document: an attachment, the bytes as sent.
    const staff = await newContext(browser, server.url, DESKTOP);
    const admin = await staff.newPage();
    await signIn(admin, server, COMPLIANCE);
    const dialog = await openDetails(admin, account.email, 'Kira Kyc');
    await dialog.getByText('passport scan.pdf').waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('link', { name: 'View passport scan.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('passport_scan.pdf');
    expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);
    await viewShot(admin, 'kyc-admin-documents-desktop');

    // Rejected with a reason: the merchant is mailed it and sees it in Settings.
    const reason = 'The photo page is cut off: please send a scan showing all four corners.';
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByLabel(/Reason for the rejection/).fill(reason);
    await viewShot(admin, 'kyc-admin-reject-desktop');
    await dialog.getByRole('button', { name: 'Reject documents' }).click();
    await dialog.getByText(`Rejected: ${reason}`).waitFor();
    const rejectedMail = await server.smtp.waitForMail(account.email, { subject: /not accepted/ });
    expect(rejectedMail.text).toContain(reason);
    await page.reload();
    await section.getByText(reason).waitFor();
    await sectionShot(section, 'kyc-settings-rejected-desktop');
    await merchant.call('PUT', '/settings', { language: 'fr' });
    await page.reload();
    await section.getByText('Refusé').waitFor();
    await sectionShot(section, 'kyc-settings-rejected-desktop-fr');

    // Then verified: the badge in the list follows.
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog
      .getByText('The documents of Kira Kyc are verified. The merchant has been e-mailed.')
      .waitFor();
    await server.smtp.waitForMail(account.email, { subject: /vérifiés/ });
    await viewShot(admin, 'kyc-admin-verified-desktop');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await admin
      .getByRole('row', { name: /Kira Kyc/ })
      .getByText('Verified')
      .waitFor();
    await useLanguage(admin, 'fr');
    const dialogFr = await openDetails(admin, account.email, 'Kira Kyc');
    await dialogFr.getByRole('link', { name: 'Voir passport scan.pdf' }).waitFor();
    await viewShot(admin, 'kyc-admin-verified-desktop-fr');

    // The merchant, on a phone, sees 'Verified' and can no longer change the documents.
    await merchant.call('PUT', '/settings', { language: 'en' });
    const phone = await newContext(browser, server.url, PHONE);
    const mobile = await phone.newPage();
    await signIn(mobile, server, account);
    await mobile.goto('/settings');
    const mine = mobile.locator('#kyc');
    await mine.getByText('Your documents are verified. They can no longer be changed.').waitFor();
    expect(await mine.getByRole('button', { name: 'Upload document' }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await horizontalOverflow(mobile)).toBeLessThanOrEqual(0);
    await sectionShot(mine, 'kyc-settings-verified-phone');
    await merchant.call('PUT', '/settings', { language: 'fr' });
    await mobile.reload();
    await mine.getByText('Vos documents sont vérifiés', { exact: false }).waitFor();
    await sectionShot(mine, 'kyc-settings-verified-phone-fr');

    // The review on a phone, in English and French.
    const staffPhone = await newContext(browser, server.url, PHONE);
    const adminPhone = await staffPhone.newPage();
    await signIn(adminPhone, server, COMPLIANCE);
    const small = await openDetails(adminPhone, account.email, 'Kira Kyc');
    await small.getByText('passport scan.pdf').scrollIntoViewIfNeeded();
    await viewShot(adminPhone, 'kyc-admin-verified-phone');
    expect(await horizontalOverflow(adminPhone)).toBeLessThanOrEqual(0);
    await useLanguage(adminPhone, 'fr');
    const smallFr = await openDetails(adminPhone, account.email, 'Kira Kyc');
    await smallFr.getByText('passport scan.pdf').scrollIntoViewIfNeeded();
    await viewShot(adminPhone, 'kyc-admin-verified-phone-fr');

    for (const ctx of [desk, staff, phone, staffPhone]) await ctx.close();
  });
});
