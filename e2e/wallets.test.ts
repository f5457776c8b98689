import { deriveAddresses } from '@coinlane/core/families/utxo/utxo-keys';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn } from '#app/test/smtp.ts';
import { trim } from './pages/merchant-payments-pages.ts';
import { collectErrors, horizontalOverflow, signUpAndSignIn, until } from './pages/merchant-session.ts';
import { goToPayouts, modeButton, WalletsPage } from './pages/payouts-pages.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { signInAccount } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Instant Payouts → Wallets, at desktop and phone width: a bad key or address shows the server's message under
 * the field; a single address and an extended key are added (the key with its first five addresses); each is
 * whitelisted with the e-mailed code (a wrong code says so under the code field, "Send a new code" counts down
 * the server's resend cooldown); the default follows the first whitelisted wallet of the coin and moves with
 * Set as Default; a wallet that an open live payment still uses cannot be deleted, a free one can.
 *
 * Litecoin is configured in regtest mode so regtest keys are accepted and live LTC payments get wallet addresses;
 * the API role only (no watcher), so no node is needed: nothing here touches the chain.
 */
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const REGTEST = { network: 'litecoin', chainMode: 'regtest' } as const;
const PASSWORD = 'Str0ng!pass';
const ADMIN = { email: 'wallets-admin@example.com', password: 'Adm1n!pass-e2e' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer(
    {
      ROLES: 'api',
      CHAIN_LITECOIN_RPC_URL: 'http://u:p@127.0.0.1:9',
      CHAIN_LITECOIN_MODE: 'regtest',
    },
    { admin: ADMIN },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('the Wallets tab at %s width', (label, viewport) => {
  const phone = viewport === PHONE;
  // The same key in both accounts, as another address type on the phone: two accounts' open payments never share
  // an address (the key's native segwit addresses are the desktop account's).
  const scriptType = phone ? 'p2sh-p2wpkh' : 'p2wpkh';
  const keyAddresses = deriveAddresses(TPUB, scriptType, REGTEST, 0, 5);

  it('shows field errors under the field, adds, whitelists, defaults and deletes wallets', async () => {
    const email = `wallets-${label}-${Date.now()}@example.com`;
    const ctx = await newContext(browser, server.url, viewport);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await signUpAndSignIn(page, server, { name: 'Wally Wallet', email, password: PASSWORD });
    const admin = await signInAccount(server, ADMIN);
    const users = await admin.call<Array<{ id: string; email: string }>>('GET', '/admin/users');
    await admin.call('POST', `/admin/users/${users.find((u) => u.email === email)!.id}/approve`);
    await modeButton(page, 'Live').click();
    await until(
      () => modeButton(page, 'Live').getAttribute('aria-pressed'),
      (v) => v === 'true',
    );

    await goToPayouts(page, phone);
    const wallets = new WalletsPage(page);
    await page.getByText('No wallets yet').waitFor();
    await wallets.openForm();

    // The server's refusals, under the address field; nothing is added.
    await wallets.fill({
      currency: 'LTC',
      address: `${deriveAddresses(TPUB, 'p2wpkh', REGTEST, 0, 1)[0]!.slice(0, -1)}h`,
    });
    await wallets.submit();
    await until(
      () => wallets.fieldError('Address or extended public key'),
      (m) => m === 'Invalid checksum',
    );
    expect(await wallets.formBanner()).toBeNull();
    await screenshot(page, `wallets-field-error-${label}`);
    await wallets.fill({ address: ZPUB });
    // Edited: the old message goes away at once.
    expect(await wallets.fieldError('Address or extended public key')).toBeNull();
    await wallets.submit();
    await until(
      () => wallets.fieldError('Address or extended public key'),
      (m) => m === 'This is a mainnet key; this network runs on regtest',
    );
    // A private key never leaves the browser.
    await wallets.fill({ address: `tprv${TPUB.slice(4)}` });
    await wallets.submit();
    expect(await wallets.fieldError('Address or extended public key')).toMatch(/^This is a PRIVATE key/);
    expect(await wallets.rows().count()).toBe(0);

    // A single address: no addresses to compare, the label as the panel's title.
    const single = deriveAddresses(TPUB, 'p2wpkh', REGTEST, 100, 1)[0]!;
    await wallets.fill({ address: single, label: 'Till' });
    await wallets.submit();
    await wallets.preview().getByRole('heading', { name: 'Till' }).waitFor();
    expect(await wallets.previewAddresses()).toEqual([]);
    await wallets.row('Till').waitFor();
    expect(await wallets.badges('Till')).toEqual(['Pending']);
    await wallets.preview().getByRole('button', { name: 'Done' }).click();

    // The same address again: refused, under the field.
    await wallets.openForm();
    await wallets.fill({ currency: 'LTC', address: single });
    await wallets.submit();
    await until(
      () => wallets.fieldError('Address or extended public key'),
      (m) => m === 'This wallet has already been added',
    );

    // An extended key: its first five addresses to compare.
    await wallets.fill({ address: TPUB, label: 'Main key', scriptType });
    await wallets.submit();
    await wallets
      .preview()
      .getByRole('heading', { name: 'Compare these addresses with your wallet app' })
      .waitFor();
    expect(await wallets.previewAddresses()).toEqual(keyAddresses.map((a, i) => [`m/0/${i}`, a]));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `wallets-key-preview-${label}`);

    // Verify the key: the code is mailed; a wrong code is refused under the field; Resend counts down.
    let before = server.smtp.mails.length;
    await wallets.preview().getByRole('button', { name: 'Verify now' }).click();
    const first = await server.smtp.waitForMail(email, { after: before, subject: /wallet verification/i });
    expect(first.text).toContain('Main key');
    const code = codeIn(first);
    await until(
      () => wallets.resendButton().textContent().then(trim),
      (s) => /^Send a new code \(\d+ s\)$/.test(s),
    );
    expect(await wallets.resendButton().isDisabled()).toBe(true);
    const shown = Number((await wallets.resendButton().textContent())!.match(/\((\d+) s\)/)![1]);
    expect(shown).toBeGreaterThan(50);
    expect(shown).toBeLessThanOrEqual(60);
    await wallets.enterCode(code === '000000' ? '111111' : '000000');
    await until(
      () => wallets.codeError(),
      (m) => m === 'Invalid verification code',
    );
    await screenshot(page, `wallets-verify-wrong-code-${label}`, { fullPage: false });
    // Still counting down, a second later.
    await until(
      () => wallets.resendButton().textContent().then(trim),
      (s) => Number(s.match(/\((\d+) s\)/)?.[1] ?? 99) < shown,
    );
    // Closed and opened again within the minute: no new mail, the first code still works.
    const mailsBefore = server.smtp.mails.length;
    await wallets.dialog().getByRole('button', { name: 'Close' }).click();
    await wallets.dialog().waitFor({ state: 'hidden' });
    await wallets.row('Main key').getByRole('button', { name: 'Verify', exact: true }).click();
    await wallets.codeInput().waitFor();
    expect(await wallets.resendButton().isDisabled()).toBe(true);
    await wallets.enterCode(code);
    await wallets.dialog().waitFor({ state: 'hidden' });
    await page.getByText('Wallet whitelisted.').waitFor();
    expect(server.smtp.mails.length).toBe(mailsBefore);
    await until(
      () => wallets.badges('Main key'),
      (b) => b.join() === 'Whitelisted,Default',
    );

    // Whitelisting the single address: whitelisted, not the default (the key was first).
    before = server.smtp.mails.length;
    await wallets.row('Till').getByRole('button', { name: 'Verify', exact: true }).click();
    const tillMail = await server.smtp.waitForMail(email, { after: before, subject: /wallet verification/i });
    await wallets.enterCode(codeIn(tillMail));
    await wallets.dialog().waitFor({ state: 'hidden' });
    await until(
      () => wallets.badges('Till'),
      (b) => b.join() === 'Whitelisted',
    );
    expect(await wallets.row('Main key').getByRole('button', { name: 'Set as Default' }).count()).toBe(0);
    await wallets.row('Till').getByRole('button', { name: 'Set as Default' }).click();
    await page.getByText('Default wallet updated.').waitFor();
    await until(
      () => Promise.all([wallets.badges('Till'), wallets.badges('Main key')]),
      ([t, m]) => t.join() === 'Whitelisted,Default' && m.join() === 'Whitelisted',
    );
    await wallets.row('Main key').getByRole('button', { name: 'Set as Default' }).click();
    await until(
      () => Promise.all([wallets.badges('Till'), wallets.badges('Main key')]),
      ([t, m]) => t.join() === 'Whitelisted' && m.join() === 'Whitelisted,Default',
    );
    await screenshot(page, `wallets-whitelisted-${label}`);

    // A live LTC payment receives to the default key's first address: that wallet cannot be deleted now.
    const res = await page.request.post('/api/v1/payments', { data: { amount: '0.01', currency: 'LTC' } });
    expect(res.status(), await res.text()).toBe(201);
    expect(((await res.json()) as { data: { address: string } }).data.address).toBe(keyAddresses[0]);
    await wallets.row('Main key').getByRole('button', { name: 'Delete Main key' }).click();
    await wallets.dialog().getByText('Are you sure you want to delete this wallet?').waitFor();
    await wallets.dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await wallets
      .dialog()
      .getByText(
        'This wallet still receives 1 open payment(s): wait until they are paid or expired before deleting it',
      )
      .waitFor();
    await screenshot(page, `wallets-delete-refused-${label}`, { fullPage: false });
    await wallets.dialog().getByRole('button', { name: 'Cancel' }).click();
    await wallets.dialog().waitFor({ state: 'hidden' });
    expect(await wallets.rows().count()).toBe(2);

    // The single address is free: deleted.
    await wallets.row('Till').getByRole('button', { name: 'Delete Till' }).click();
    await wallets.dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await wallets.dialog().waitFor({ state: 'hidden' });
    await page.getByText('Wallet deleted.').waitFor();
    await until(
      () => wallets.rows().count(),
      (n) => n === 1,
    );
    expect(await wallets.badges('Main key')).toEqual(['Whitelisted', 'Default']);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `wallets-after-delete-${label}`);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
