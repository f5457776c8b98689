import type { TPayoutEntry, TPayoutRule, TPayoutSettings, TPayoutSummary } from '@coinlane/core/api/payouts';
import { T } from '@coinlane/core/texts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { type Call, entry, fail, initI18n, mockApi, ok, renderPage, rule, wallet } from '../testing/kit.tsx';
import InstantPayoutsPage from './instant-payouts-page.tsx';

beforeAll(initI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const SETTINGS: TPayoutSettings = {
  autoConversionEnabled: false,
  conversionCurrency: 'USDT',
  maxSlippageBps: 100,
};
const SUMMARY: TPayoutSummary = {
  totalConverted: [
    { currency: 'USDT', amount: '1234.56789' },
    { currency: 'EURC', amount: '10.5' },
  ],
  conversionCurrency: 'USDT',
  activeRules: 2,
  pendingPayouts: 1,
};

type Data = {
  settings?: TPayoutSettings;
  summary?: TPayoutSummary;
  rules?: TPayoutRule[];
  history?: TPayoutEntry[];
};

/** The page's reads; `other` answers writes. */
function api(data: Data = {}, other: (c: Call) => Response = () => ok(null)) {
  let settings = data.settings ?? SETTINGS;
  return mockApi((c) => {
    if (c.url === '/api/v1/payouts/settings' && c.method === 'PUT') {
      const res = other(c);
      if (res.ok) settings = { ...settings, ...(c.body as object) };
      return res.ok ? ok(settings) : res;
    }
    if (c.method !== 'GET') return other(c);
    if (c.url === '/api/v1/payouts/settings') return ok(settings);
    if (c.url === '/api/v1/payouts/summary') return ok(data.summary ?? SUMMARY);
    if (c.url === '/api/v1/payouts/rules') return ok({ rules: data.rules ?? [rule()] });
    if (c.url.startsWith('/api/v1/payouts/history'))
      return ok({ items: data.history ?? [], nextCursor: null });
    if (c.url === '/api/v1/wallets') return ok({ wallets: [wallet()] });
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

describe('Instant Payouts page', () => {
  it('has the four tabs in the spec’s order and the three cards, Total Converted to 4 decimals per stablecoin', async () => {
    api();
    renderPage(<InstantPayoutsPage />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Auto Conversion',
      'Wallets',
      'Rules',
      'History',
    ]);
    expect((await screen.findByTestId('summary-total-converted')).textContent).toBe('1,234.5679 USDT');
    expect(screen.getByTestId('summary-total-converted').getAttribute('title')).toBe('1,234.56789 USDT');
    expect(screen.getByTestId('summary-other-currencies').textContent).toBe('+ 10.5000 EURC');
    expect(screen.getByTestId('summary-active-rules').textContent).toBe('2');
    expect(screen.getByTestId('summary-pending-payouts').textContent).toBe('1');
  });

  it('shows the target currency only while Auto Conversion is on, and saves the three settings', async () => {
    const calls = api();
    renderPage(<InstantPayoutsPage />);
    const toggle = await screen.findByRole('switch', { name: 'Auto Conversion' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByLabelText('Target currency')).toBeNull();
    expect(screen.getByTestId('custody').textContent).toMatch(/nobody/);
    expect(screen.getByTestId('custody').textContent).toMatch(
      /SideShift\) holds the coins for the minutes of the swap/,
    );
    fireEvent.click(toggle);
    const target = (await screen.findByLabelText('Target currency')) as HTMLSelectElement;
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ autoConversionEnabled: true });
    expect(within(target).getAllByRole('option')).toHaveLength(10);
    fireEvent.change(target, { target: { value: 'EURC' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ conversionCurrency: 'EURC' }),
    );
    const slippage = screen.getByLabelText('Maximum slippage') as HTMLInputElement;
    expect(slippage.value).toBe('1');
    fireEvent.change(slippage, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(T.payoutSlippageInvalid('0.1', '5'))).toBeTruthy();
    fireEvent.change(slippage, { target: { value: '0.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ maxSlippageBps: 25 }),
    );
    expect(await screen.findByText('Conversion settings saved.')).toBeTruthy();
  });

  it('says Failed to update conversion settings when the change cannot be sent', async () => {
    api({}, () => {
      throw new TypeError('');
    });
    renderPage(<InstantPayoutsPage />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Auto Conversion' }));
    expect((await screen.findByRole('alert')).textContent).toBe(T.conversionSettingsFailed);
  });

  it('lists rules with their Active/Disabled toggle and deletes one after the spec’s question', async () => {
    const calls = api({
      rules: [
        rule(),
        rule({
          id: 'prl_2',
          fromCurrency: 'ETH',
          fromNetwork: 'ethereum',
          enabled: false,
          conversion: 'swap',
        }),
      ],
    });
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=rules');
    const rows = await screen.findAllByTestId('rule-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toMatch(/BTC \(Bitcoin\).*USDT.*Active/);
    expect(rows[0]!.textContent).toMatch(
      /From 0\.01000000 BTC.*Treasury.*0x529084…169EE7.*Exchange \(SideShift\)/,
    );
    expect(rows[1]!.textContent).toMatch(/ETH \(Ethereum\).*Disabled.*Swap on Ethereum/);
    fireEvent.click(within(rows[1]!).getByRole('switch'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        url: '/api/v1/payouts/rules/prl_2',
        method: 'PUT',
        body: { enabled: true },
      }),
    );
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(T.payoutRuleDeleteConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/payouts/rules/prl_1')).toBe(true),
    );
    expect(await screen.findByText('Rule deleted.')).toBeTruthy();
  });

  it('shows a refused toggle’s message, or Failed to update rule', async () => {
    let reply: () => Response = () =>
      fail(
        409,
        'An active rule already converts BTC on Bitcoin (to USDT, rule prl_9): disable or delete it first',
        'CONFLICT',
      );
    api({}, (c) => (c.method === 'PUT' ? reply() : ok(null)));
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=rules');
    const row = (await screen.findAllByTestId('rule-row'))[0]!;
    fireEvent.click(within(row).getByRole('switch'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/rule prl_9/);
    reply = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(T.payoutRuleUpdateFailed));
  });

  it('adds a rule from the header button and shows the server’s field message', async () => {
    const calls = api({ rules: [] }, (c) =>
      c.method === 'POST'
        ? fail(400, T.payoutWalletNotVerified, 'VALIDATION_ERROR', { walletId: T.payoutWalletNotVerified })
        : ok(null),
    );
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=rules');
    expect(await screen.findByText('No rules yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Rule' })[0]!);
    const form = await screen.findByRole('form', { name: 'Add a rule' });
    await within(form).findByLabelText('Wallet');
    fireEvent.click(within(form).getByRole('button', { name: 'Add Rule' }));
    expect(await within(form).findByText(T.payoutWalletNotVerified)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      fromCurrency: 'BTC',
      toCurrency: 'USDT',
      walletId: 'wal_usdt',
      minAmount: '0.01',
    });
  });

  it('shows the history to 8 decimals, pending as awaiting confirmation, addresses and hashes as 8...6', async () => {
    api({
      history: [
        entry({
          id: 'pyo_2',
          status: 'pending',
          convertedAmount: null,
          txHash: null,
          exchangeRate: null,
          fee: null,
          feeCurrency: null,
        }),
        entry(),
        entry({
          id: 'pyo_3',
          kind: 'shift',
          network: 'litecoin',
          originalCurrency: 'LTC',
          originalAmount: '1.5',
          status: 'failed',
          convertedAmount: null,
          failureReason: 'The exchange refunded the deposit',
        }),
      ],
    });
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=history');
    const rows = await screen.findAllByTestId('payout-row');
    expect(rows[0]!.textContent).toMatch(/Awaiting confirmation/);
    expect(rows[0]!.textContent).toMatch(/USDT awaiting confirmation/);
    expect(rows[1]!.textContent).toMatch(/0\.12345679 ETH/);
    expect(rows[1]!.textContent).toMatch(/401\.23456780 USDT/);
    expect(rows[1]!.textContent).toMatch(/1 ETH = 3,250\.01000000 USDT/);
    expect(rows[1]!.textContent).toMatch(/0x529084…169EE7/);
    expect(within(rows[1]!).getByTitle(/^0x9f2c1d8e/).textContent).toBe('0x9f2c1d…2b1c0d');
    expect(rows[2]!.textContent).toMatch(/Failed.*Exchange.*Litecoin/);
    expect(rows[2]!.textContent).toMatch(/The exchange refunded the deposit/);
  });

  it('filters the history by status', async () => {
    const calls = api({ history: [] });
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=history');
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/v1/payouts/history?status=pending')).toBe(true),
    );
  });

  it('Move now asks the server and says how many payments the next round moves, or that auto payout is on', async () => {
    let autoPayoutEnabled = false;
    const calls = api({ history: [] }, (c) =>
      c.url === '/api/v1/payouts/move-now'
        ? ok({ requestedAt: '2026-11-29T05:00:00.000Z', payments: 2, autoPayoutEnabled })
        : fail(404, 'Not found', 'NOT_FOUND'),
    );
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=history');
    fireEvent.click(await screen.findByRole('button', { name: 'Move now' }));
    expect(await screen.findByText('2 payments will be moved to your wallets within a minute.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/v1/payouts/move-now' && c.method === 'POST')).toHaveLength(1);
    autoPayoutEnabled = true;
    fireEvent.click(screen.getByRole('button', { name: 'Move now' }));
    expect(
      await screen.findByText('Auto payout is on: confirmed funds are moved to your wallets automatically.'),
    ).toBeTruthy();
  });

  it('says Failed to move funds when Move now cannot be sent', async () => {
    api({ history: [] }, () => fail(500, 'Internal error', 'INTERNAL'));
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=history');
    fireEvent.click(await screen.findByRole('button', { name: 'Move now' }));
    expect(await screen.findByText('Failed to move funds')).toBeTruthy();
  });

  it('says Failed to load data when a read fails, and speaks Spanish', async () => {
    mockApi(() => fail(500, '', 'INTERNAL_ERROR'));
    await i18n.changeLanguage('es');
    renderPage(<InstantPayoutsPage />, '/instant-payouts?tab=history');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Conversión automática',
      'Billeteras',
      'Reglas',
      'Historial',
    ]);
    expect((await screen.findAllByText(locales.es.errors.load)).length).toBeGreaterThan(0);
  });
});
