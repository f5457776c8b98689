import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, signIn, signUpAndSignIn, until } from './pages/merchant-session.ts';
import { launchBrowser, newContext, PHONE, screenshot, sectionShot } from './support/browser.ts';
import { type ApiMerchant, signInAccount } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * The point of sale (decision 026), as a shop would use it. The merchant pairs a tablet from the API Keys page (the
 * tablet opens the pairing link the QR code carries), rings up a sale on the keypad, simulates the customer's wallet
 * (test mode) and sees the large tick. Then the tablet's network drops: the page says "Reconnecting…", the next
 * sale is paid meanwhile, and once the network is back the page shows it paid. Today's sales and their total. A phone
 * paired by typing the code, in Spanish. Finally the merchant revokes the tablet, and the tablet says so. Screenshots
 * at tablet (1024) and phone (390) widths, in English and Spanish.
 */

const TABLET = { width: 1024, height: 768 };
let server: RunningServer;
let browser: Browser;
const merchant = { name: 'Paula Panadera', email: `pos-${Date.now()}@example.com`, password: 'Str0ng!pass' };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({ TEST_NETWORK_BLOCK_SECONDS: '1', API_RATE_LIMIT_PER_MINUTE: '10000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

async function context(viewport: { width: number; height: number }, lang = 'en') {
  const ctx = await newContext(browser, server.url, viewport);
  // A tablet is touch too.
  if (lang !== 'en') await ctx.addInitScript((l) => localStorage.setItem('coinlane.lang', l), lang);
  contexts.push(ctx);
  return ctx;
}

/** Taps the keys of an amount on the keypad ('.' is the decimal key, whatever the language shows). */
async function typeAmount(page: Page, amount: string, decimalLabel = 'Decimal point') {
  for (const ch of amount) {
    if (ch === '.') await page.getByRole('button', { name: decimalLabel, exact: true }).click();
    else await page.getByRole('button', { name: ch, exact: true }).click();
  }
}

/** The newest payment of the merchant (the sale the device just rang up), as the merchant's API shows it. */
async function newestPayment(api: ApiMerchant) {
  const list = await api.call<Array<{ id: string; status: string; metadata: Record<string, unknown> }>>(
    'GET',
    '/payments?limit=1',
  );
  return list[0]!;
}

describe('point of sale', () => {
  let desk: Page;
  let tablet: Page;
  let tabletCtx: BrowserContext;
  let api: ApiMerchant;

  it('pairs a tablet from the API Keys page with the link of the QR code', async () => {
    const deskCtx = await context({ width: 1280, height: 900 });
    desk = await deskCtx.newPage();
    await signUpAndSignIn(desk, server, merchant);
    api = await signInAccount(server, merchant);
    await desk.goto('/api-keys');
    const card = desk.getByTestId('pos-devices');
    await card.getByText('No devices yet.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Pair a device' }).click();
    await desk.getByLabel('Device name').fill('Front counter');
    await desk.getByLabel('Currency of its keypad').selectOption('EUR');
    await desk.getByRole('button', { name: 'Show pairing code' }).click();
    const pairing = desk.getByTestId('pos-pairing');
    await pairing.waitFor();
    const code = (await pairing.getByTestId('pos-pairing-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const link = (await pairing.getByTestId('pos-pairing-link').textContent())!;
    expect(link).toBe(`${server.url}/pos#pair=${code.replace('-', '')}`);
    await pairing.getByRole('img', { name: 'QR code of the pairing link' }).waitFor();
    await screenshot(desk, 'pos-pairing-desktop-en', { fullPage: false });
    await pairing.getByRole('button', { name: 'Done' }).last().click();
    await card.getByTestId('pos-device-row').filter({ hasText: 'Waiting for pairing' }).waitFor();

    tabletCtx = await context(TABLET);
    tablet = await tabletCtx.newPage();
    await tablet.goto(link);
    await tablet.getByTestId('pos-amount').waitFor();
    // The code left the address bar once used.
    expect(new URL(tablet.url()).hash).toBe('');
    await tablet.getByText('Paula Panadera').waitFor();
    await tablet.getByText('Front counter').waitFor();
    await desk.reload();
    await card.getByTestId('pos-device-row').filter({ hasText: 'Paired' }).waitFor();
    expect(await card.textContent()).toContain('cl_pos_test_');
    await sectionShot(card, 'pos-devices-desktop-en');
  });

  it('rings up a sale on the keypad, shows the QR code, and the large tick once paid', async () => {
    await typeAmount(tablet, '12.5');
    expect(await tablet.getByTestId('pos-amount').textContent()).toContain('€12.50');
    await tablet.getByRole('button', { name: 'BTC', exact: true }).click();
    expect(await tablet.getByRole('button', { name: 'BTC', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await screenshot(tablet, 'pos-keypad-tablet-en');
    await tablet.getByRole('button', { name: 'Charge €12.50' }).click();
    await tablet.getByTestId('pos-qr').waitFor();
    await tablet.getByText('Waiting for payment…').waitFor();
    await tablet.getByText(/Expires in \d+:\d\d/).waitFor();
    const sale = await newestPayment(api);
    expect(sale.metadata).toMatchObject({ posDeviceName: 'Front counter' });
    await screenshot(tablet, 'pos-qr-tablet-en');

    await tablet.getByRole('button', { name: 'Simulate full payment' }).click();
    await tablet.getByTestId('pos-paid-tick').waitFor();
    await tablet.getByRole('heading', { name: 'Paid' }).waitFor();
    await tablet.getByText('€12.50 received').waitFor();
    await screenshot(tablet, 'pos-paid-tablet-en');
    expect((await newestPayment(api)).status).toBe('confirmed');
    await tablet.getByRole('button', { name: 'New sale' }).click();
    await tablet.getByTestId('pos-amount').waitFor();
    expect(await tablet.getByTestId('pos-amount').textContent()).toContain('€0.00');
  });

  it('says Reconnecting… when the network drops, and shows the true status once it is back', async () => {
    await typeAmount(tablet, '5');
    await tablet.getByRole('button', { name: 'Charge €5.00' }).click();
    await tablet.getByTestId('pos-qr').waitFor();
    const sale = await newestPayment(api);
    expect(sale.status).toBe('pending');

    await tabletCtx.setOffline(true);
    await tablet.getByTestId('pos-reconnecting').waitFor();
    expect(await tablet.getByTestId('pos-reconnecting').textContent()).toContain('Reconnecting…');
    await screenshot(tablet, 'pos-reconnecting-tablet-en');

    // The customer pays while the counter is offline; the merchant's API sees it confirmed.
    await api.call('POST', `/payments/${sale.id}/simulate`);
    await until(
      async () => (await api.call<{ status: string }>('GET', `/payments/${sale.id}`)).status,
      (s) => s === 'confirmed',
    );
    // Still offline: the page cannot know yet.
    expect(await tablet.getByTestId('pos-paid-tick').count()).toBe(0);
    await tablet.getByTestId('pos-qr').waitFor();

    await tabletCtx.setOffline(false);
    await tablet.getByTestId('pos-paid-tick').waitFor();
    await tablet.getByText('€5.00 received').waitFor();
    await tablet.getByTestId('pos-reconnecting').waitFor({ state: 'detached' });
  });

  it('lists today’s sales with the total paid', async () => {
    await tablet.getByRole('button', { name: 'Today’s sales' }).click();
    const totals = tablet.getByTestId('pos-totals');
    await totals.waitFor();
    await until(
      () => totals.textContent(),
      (t) => !!t?.includes('€17.50') && !!t.includes('2 of 2 paid'),
    );
    expect(await tablet.locator('main li').count()).toBe(2);
    await screenshot(tablet, 'pos-sales-tablet-en');
    await tablet.getByRole('button', { name: 'Back to the keypad' }).click();
    await tablet.getByTestId('pos-paid-tick').waitFor();
  });

  it('works on a phone in Spanish, paired by typing the code', async () => {
    const added = await api.call<{ pairing: { code: string } }>('POST', '/pos/devices', {
      name: 'Mostrador móvil',
      fiatCurrency: 'EUR',
    });
    const phoneCtx = await context(PHONE, 'es');
    const phone = await phoneCtx.newPage();
    await phone.goto('/pos');
    await phone.getByRole('heading', { name: 'Vincula este dispositivo' }).waitFor();
    await screenshot(phone, 'pos-pair-phone-es');
    await phone.getByLabel('Código de vinculación').fill(added.pairing.code.toLowerCase());
    await phone.getByRole('button', { name: 'Vincular este dispositivo' }).click();
    await phone.getByTestId('pos-amount').waitFor();
    await typeAmount(phone, '3.2', 'Separador decimal');
    expect(await phone.getByTestId('pos-amount').textContent()).toContain('3,20');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'pos-keypad-phone-es');
    await phone.getByRole('button', { name: /^Cobrar 3,20/ }).click();
    await phone.getByTestId('pos-qr').waitFor();
    await phone.getByText('Esperando el pago…').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'pos-qr-phone-es');
    await phone.getByRole('button', { name: 'Simular pago parcial' }).click();
    await phone.getByText(/Pagado en parte: Faltan .* BTC por pagar/).waitFor();
    await screenshot(phone, 'pos-partial-phone-es');
    await phone.getByRole('button', { name: 'Simular pago completo' }).click();
    await phone.getByTestId('pos-paid-tick').waitFor();
    await phone.getByRole('heading', { name: 'Pagado' }).waitFor();
    await screenshot(phone, 'pos-paid-phone-es');
    // The phone's list holds its own sale only, not the tablet's.
    await phone.getByRole('button', { name: 'Ventas de hoy' }).click();
    await phone.getByText('1 de 1 pagadas').waitFor();
    expect(await phone.locator('main li').count()).toBe(1);
    await screenshot(phone, 'pos-sales-phone-es');

    // The tablet in Spanish too, for a look at the wider layout.
    const esTabletCtx = await context(TABLET, 'es');
    const esTablet = await esTabletCtx.newPage();
    await esTablet.goto('/pos');
    await esTablet.getByRole('heading', { name: 'Vincula este dispositivo' }).waitFor();
    await screenshot(esTablet, 'pos-pair-tablet-es');
  });

  it('revoking the tablet on the API Keys page stops it at once, and the tablet says so', async () => {
    await desk.goto('/api-keys');
    const row = desk.getByTestId('pos-device-row').filter({ hasText: 'Front counter' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await desk.getByRole('button', { name: 'Revoke device' }).click();
    await desk.getByText('Device revoked.').waitFor();
    await tablet.getByRole('heading', { name: 'This device is no longer paired' }).waitFor();
    await tablet.getByRole('heading', { name: 'Pair this device' }).waitFor();
    expect(await tablet.evaluate(() => localStorage.getItem('coinlane.pos.credential'))).toBeNull();
    await screenshot(tablet, 'pos-revoked-tablet-en');
    // The merchant's devices card on a phone: the revoked tablet is gone, the Spanish phone is listed.
    const phoneDeskCtx = await context(PHONE);
    const phoneDesk = await phoneDeskCtx.newPage();
    await signIn(phoneDesk, server, merchant);
    await phoneDesk.goto('/api-keys');
    const card = phoneDesk.getByTestId('pos-devices');
    await card.getByTestId('pos-device-row').filter({ hasText: 'Mostrador móvil' }).waitFor();
    expect(await card.getByTestId('pos-device-row').count()).toBe(1);
    expect(await horizontalOverflow(phoneDesk)).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await sectionShot(card, 'pos-devices-phone-en');
  });
});
