import type { TCryptocurrency } from '@coinlane/core/api/admin-cryptocurrencies';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { ROLE_PERMISSIONS, type TAdminPermission } from '@coinlane/core/permissions';
import { SYSTEM_SETTING_DEFAULTS } from '@coinlane/core/system-settings';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../../../lib/auth.ts';
import { locales as cryptoLocales } from '../../crypto-locales.ts';
import { locales as adminLocales } from '../../locales.ts';
import { locales } from '../../settings-locales.ts';
import { ADD_SUCCESS_CLOSE_MS } from './add-cryptocurrency-modal.tsx';
import SystemSettingsPage from './system-settings-page.tsx';

/**
 * The Cryptocurrencies tab of System Settings and its Add New Cryptocurrency modal (admin spec 2, 4, 5, 8, 9;
 * decision 020), against a fetch that answers as the server does.
 */
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { adminSettings: locales.en, admin: adminLocales.en, adminCrypto: cryptoLocales.en } },
    interpolation: { escapeValue: false },
  });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const viewer = (permissions: readonly TAdminPermission[]): TSessionUser => ({
  id: 'usr_1',
  email: 'admin@coinlane.test',
  name: 'Admin',
  avatarUrl: null,
  mode: 'test',
  status: 'active',
  isAdmin: true,
  permissions: [...permissions],
});

const row = (over: Partial<TCryptocurrency>): TCryptocurrency => ({
  id: 'cur_btc',
  symbol: 'BTC',
  name: 'Bitcoin',
  network: 'bitcoin',
  networkName: 'Bitcoin',
  family: 'utxo',
  decimals: 8,
  contractAddress: null,
  iconUrl: null,
  minAmount: '0.00000001',
  maxAmount: '1000000',
  feePercentage: null,
  requiredConfirmations: 1,
  enabled: true,
  live: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const BTC = row({});
const USDT = row({
  id: 'cur_usdt',
  symbol: 'USDT',
  name: 'Tether USD',
  network: 'polygon',
  networkName: 'Polygon',
  family: 'evm',
  decimals: 6,
  contractAddress: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
  minAmount: '0.01',
  feePercentage: '0.5',
  enabled: false,
});

type Call = { url: string; method: string; body: unknown };
const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status });
const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code, fields } }), { status });

function mockApi(handler: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  let list = [BTC, USDT];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer = handler(call);
      if (answer) {
        if (call.method === 'POST' && answer.status === 201)
          list = [...list, row({ id: 'cur_new', symbol: 'WBTC' })];
        return answer;
      }
      if (call.method === 'GET' && url === '/api/v1/admin/settings') return ok(SYSTEM_SETTING_DEFAULTS);
      if (call.method === 'GET' && url === '/api/v1/admin/fees') return ok([]);
      if (call.method === 'GET' && url === '/api/v1/admin/cryptocurrencies') return ok(list);
      return fail(404, 'NOT_FOUND', 'unexpected');
    }),
  );
  return calls;
}
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderTab(user: TSessionUser) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKey, user);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/admin/settings?tab=cryptocurrencies']}>
        <SystemSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const superAdmin = viewer(ROLE_PERMISSIONS.super_admin);
const rowOf = async (symbol: string) => {
  const list = await screen.findByRole('list', { name: 'Supported cryptocurrencies' });
  return within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(symbol.slice(0, 4)))!;
};

describe('Cryptocurrencies tab', () => {
  it('lists each currency with Enabled, min, max and fee inputs, a delete button and Add New Cryptocurrency', async () => {
    mockApi();
    renderTab(superAdmin);
    const btc = await rowOf('BTC');
    expect(within(btc).getByRole('checkbox', { name: 'Enabled: BTC on Bitcoin' })).toHaveProperty(
      'checked',
      true,
    );
    expect((within(btc).getByLabelText(/Min amount/) as HTMLInputElement).value).toBe('0.00000001');
    expect((within(btc).getByLabelText(/Max amount/) as HTMLInputElement).value).toBe('1000000');
    const fee = within(btc).getByLabelText(/Fee %/) as HTMLInputElement;
    expect(fee.value).toBe('');
    expect(fee.placeholder).toBe('Platform');
    expect(within(btc).getAllByRole('button', { name: 'Delete BTC on Bitcoin' }).length).toBeGreaterThan(0);
    const usdt = await rowOf('USDT');
    expect(usdt.textContent).toContain('Disabled');
    expect(usdt.textContent).toContain('Token');
    expect(within(usdt).getByRole('checkbox')).toHaveProperty('checked', false);
    expect(screen.getByText('2 cryptocurrencies on 2 networks, 1 enabled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Cryptocurrency' })).toBeTruthy();
  });

  it('without settings.write: inputs disabled, no Add, no delete', async () => {
    mockApi();
    renderTab(viewer(['settings.read']));
    const btc = await rowOf('BTC');
    expect(within(btc).getByRole('checkbox')).toHaveProperty('disabled', true);
    expect(within(btc).getByLabelText(/Min amount/)).toHaveProperty('disabled', true);
    expect(within(btc).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New Cryptocurrency' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('saves the changed fields of each row with Save Changes, and shows a refusal beside its field', async () => {
    const calls = mockApi((c) => {
      if (c.method !== 'PUT') return undefined;
      if (c.url.endsWith('/cur_usdt')) {
        return fail(400, 'VALIDATION_ERROR', T.cryptoMaxAmountInvalid, {
          maxAmount: T.cryptoMaxAmountInvalid,
        });
      }
      return ok({ ...BTC, ...(c.body as object), feePercentage: '2' });
    });
    renderTab(superAdmin);
    const btc = await rowOf('BTC');
    fireEvent.click(within(btc).getByRole('checkbox'));
    fireEvent.change(within(btc).getByLabelText(/Fee %/), { target: { value: '2' } });
    const usdt = await rowOf('USDT');
    fireEvent.change(within(usdt).getByLabelText(/Max amount/), { target: { value: '0.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)).toEqual([
      {
        url: '/api/v1/admin/cryptocurrencies/cur_btc',
        method: 'PUT',
        body: { enabled: false, feePercentage: '2' },
      },
      { url: '/api/v1/admin/cryptocurrencies/cur_usdt', method: 'PUT', body: { maxAmount: '0.001' } },
    ]);
    expect(await within(await rowOf('USDT')).findByText(T.cryptoMaxAmountInvalid)).toBeTruthy();
    expect(screen.getByText(`Failed to save settings: ${T.cryptoMaxAmountInvalid}`)).toBeTruthy();
  });

  it('deletes after the spec’s confirmation, and says why when the server refuses', async () => {
    const calls = mockApi((c) =>
      c.method === 'DELETE' && c.url.endsWith('/cur_btc')
        ? fail(409, 'INVALID_STATE', T.cryptoInUse(3, 1))
        : c.method === 'DELETE'
          ? ok({ id: 'cur_usdt', deleted: true })
          : undefined,
    );
    renderTab(superAdmin);
    const btc = await rowOf('BTC');
    fireEvent.click(within(btc).getAllByRole('button', { name: 'Delete BTC on Bitcoin' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete cryptocurrency?' });
    expect(within(dialog).getByText(T.cryptoDeleteConfirm)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(T.cryptoDeleteFailed(T.cryptoInUse(3, 1)))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const usdt = await rowOf('USDT');
    fireEvent.click(within(usdt).getAllByRole('button', { name: 'Delete USDT on Polygon' })[0]!);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete cryptocurrency?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Tether USD')).toBeNull());
  });
});

describe('Add New Cryptocurrency', () => {
  const open = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Cryptocurrency' }));
    return screen.findByRole('dialog', { name: 'Add New Cryptocurrency' });
  };
  const field = (dialog: HTMLElement, label: string) =>
    within(dialog).getByLabelText(label) as HTMLInputElement;

  it('opens with the spec’s defaults and forces the symbol to upper case, at most 10 characters', async () => {
    mockApi();
    renderTab(superAdmin);
    const dialog = await open();
    expect(field(dialog, 'Minimum amount').value).toBe('0.00000001');
    expect(field(dialog, 'Minimum amount').step).toBe('0.00000001');
    expect(field(dialog, 'Maximum amount').value).toBe('1000000');
    expect(field(dialog, 'Fee percentage').value).toBe('2.5');
    expect(field(dialog, 'Decimals').value).toBe('8');
    expect((within(dialog).getByRole('checkbox', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const symbol = field(dialog, 'Symbol');
    expect(symbol.maxLength).toBe(10);
    fireEvent.change(symbol, { target: { value: 'wbtc' } });
    expect(symbol.value).toBe('WBTC');
  });

  it('shows each rule’s message beside its field and sends nothing', async () => {
    const calls = mockApi();
    renderTab(superAdmin);
    const dialog = await open();
    fireEvent.change(field(dialog, 'Symbol'), { target: { value: 'W' } });
    fireEvent.change(field(dialog, 'Minimum amount'), { target: { value: '0' } });
    fireEvent.change(field(dialog, 'Fee percentage'), { target: { value: '101' } });
    fireEvent.change(field(dialog, 'Decimals'), { target: { value: '19' } });
    fireEvent.change(field(dialog, 'Contract address (optional)'), { target: { value: '0x12' } });
    fireEvent.change(field(dialog, 'Icon URL (optional)'), { target: { value: 'icon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Cryptocurrency' }));
    for (const message of [
      T.cryptoSymbolInvalid,
      T.cryptoNameRequired,
      T.cryptoNetworkRequired,
      T.cryptoMinAmountInvalid,
      T.feePercentageRange,
      T.cryptoDecimalsRange,
      T.cryptoContractInvalid,
      T.cryptoIconUrlInvalid,
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    expect(field(dialog, 'Symbol').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(dialog, 'Minimum amount'), { target: { value: '5' } });
    fireEvent.change(field(dialog, 'Maximum amount'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Cryptocurrency' }));
    expect(within(dialog).getByText(T.cryptoMaxAmountInvalid)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('shows the server’s refusal beside its field, then on success says so and closes after 1.5 s', async () => {
    let attempt = 0;
    const calls = mockApi((c) => {
      if (c.method !== 'POST') return undefined;
      attempt += 1;
      return attempt === 1
        ? fail(409, 'CONFLICT', T.cryptoSymbolTaken, { symbol: T.cryptoSymbolTaken })
        : ok(row({ id: 'cur_new', symbol: 'WBTC' }), 201);
    });
    renderTab(superAdmin);
    const dialog = await open();
    fireEvent.change(field(dialog, 'Symbol'), { target: { value: 'wbtc' } });
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Wrapped Bitcoin' } });
    fireEvent.change(within(dialog).getByLabelText('Network'), { target: { value: 'ethereum' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Cryptocurrency' }));
    expect(await within(dialog).findByText(T.cryptoSymbolTaken)).toBeTruthy();
    expect(writes(calls)[0]).toEqual({
      url: '/api/v1/admin/cryptocurrencies',
      method: 'POST',
      body: {
        symbol: 'WBTC',
        name: 'Wrapped Bitcoin',
        network: 'ethereum',
        minAmount: '0.00000001',
        maxAmount: '1000000',
        feePercentage: '2.5',
        decimals: 8,
        contractAddress: '',
        iconUrl: '',
        enabled: true,
      },
    });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(within(dialog).getByLabelText('Network'), { target: { value: 'polygon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Cryptocurrency' }));
    expect(await within(dialog).findByText(T.cryptoAdded)).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(ADD_SUCCESS_CLOSE_MS - 100);
    });
    expect(screen.queryByRole('dialog', { name: 'Add New Cryptocurrency' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Cryptocurrency' })).toBeNull());
    // the list is asked again and shows the new row
    expect(await rowOf('WBTC')).toBeTruthy();
  });
});
