/**
 * What the Instant Payouts page's tests share (imported by *.test.tsx only): the catalogue in i18next, wallets,
 * rules and history entries as the API answers them, a fetch stand-in that records calls, and a render in a fresh
 * query client and router.
 */
import type { TPayoutEntry, TPayoutRule } from '@coinlane/core/api/payouts';
import type { TWallet } from '@coinlane/core/api/wallets';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { locales } from '../locales.ts';

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(
      (['en', 'es', 'fr', 'de'] as const).map((l) => [l, { payouts: locales[l] }]),
    ),
    interpolation: { escapeValue: false },
  });
  // jsdom has no modal dialogs: open and close the element as a browser would.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

export const wallet = (over: Partial<TWallet> = {}): TWallet => ({
  id: 'wal_usdt',
  currency: 'USDT',
  network: 'ethereum',
  chainMode: 'mainnet',
  kind: 'address',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  scriptType: 'evm',
  label: 'Treasury',
  isDefault: true,
  verified: true,
  verifiedAt: '2026-11-25T10:00:00.000Z',
  nextIndex: 0,
  gapLimitNeeded: null,
  receiveMode: 'forwarder',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const rule = (over: Partial<TPayoutRule> = {}): TPayoutRule => ({
  id: 'prl_1',
  fromCurrency: 'BTC',
  fromNetwork: 'bitcoin',
  toCurrency: 'USDT',
  walletId: 'wal_usdt',
  wallet: {
    label: 'Treasury',
    currency: 'USDT',
    network: 'ethereum',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  },
  minAmount: '0.01',
  enabled: true,
  conversion: 'shift',
  swapRoute: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

export const entry = (over: Partial<TPayoutEntry> = {}): TPayoutEntry => ({
  id: 'pyo_1',
  paymentId: 'pay_1',
  ruleId: 'prl_1',
  kind: 'swap',
  network: 'ethereum',
  originalAmount: '0.123456789012345678',
  originalCurrency: 'ETH',
  convertedAmount: '401.2345678',
  payoutCurrency: 'USDT',
  exchangeRate: '3250.01',
  fee: '0.000412',
  feeCurrency: 'ETH',
  feeDetails: {},
  walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  status: 'completed',
  txHash: '0x9f2c1d8e7b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d',
  failureReason: null,
  createdAt: '2026-11-28T14:05:00.000Z',
  completedAt: '2026-11-28T14:06:00.000Z',
  ...over,
});

export type Call = { url: string; method: string; body: unknown };

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
export const fail = (status: number, message: string, code: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code, fields } }), { status });

/** Records every call and answers it with `handler`. */
export function mockApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

export function renderPage(ui: ReactNode, path = '/instant-payouts') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
