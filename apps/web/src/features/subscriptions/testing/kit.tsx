/**
 * What the Subscriptions page's tests share (imported by *.test.tsx only): the catalogue in i18next, plans and
 * subscribers as the API answers them, a fetch stand-in that records calls, and a render in a fresh query client.
 */
import type { TPlan, TSubscriber } from '@coinlane/core/api/subscriptions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { locales } from '../locales.ts';

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(
      (['en', 'es', 'fr', 'de'] as const).map((l) => [l, { subscriptions: locales[l] }]),
    ),
    interpolation: { escapeValue: false },
  });
  // jsdom does no layout or scrolling, and has no modal dialogs: open and close the element as a browser would.
  window.scrollTo = () => {};
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

export const plan = (over: Partial<TPlan> = {}): TPlan => ({
  id: 'pln_1',
  mode: 'test',
  name: 'Pro',
  description: 'Everything a growing shop needs',
  price: '29',
  currency: 'USD',
  interval: 'monthly',
  features: ['Unlimited links', 'Priority support'],
  active: true,
  renewalLeadDays: 3,
  graceDays: 7,
  activeSubscribers: 2,
  subscribeUrl: 'http://localhost:3000/subscribe/pln_1',
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...over,
});

export const subscriber = (over: Partial<TSubscriber> = {}): TSubscriber => ({
  id: 'sub_1',
  mode: 'test',
  email: 'ada@example.com',
  planId: 'pln_1',
  planName: 'Pro',
  status: 'active',
  cancelAtPeriodEnd: false,
  currency: 'USDT',
  network: 'tron',
  networkName: 'Tron',
  currentPeriodStart: '2026-11-05T10:00:00.000Z',
  currentPeriodEnd: '2026-12-05T10:00:00.000Z',
  nextPaymentAt: '2026-12-05T10:00:00.000Z',
  totalPaid: '29.00',
  credit: '0',
  cancelledAt: null,
  testClock: null,
  openInvoice: null,
  createdAt: '2026-11-05T10:00:00.000Z',
  ...over,
});

export type Call = { url: string; method: string; body: unknown };

export const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ success: true, data, error: null, ...extra }), { status: 200 });
export const fail = (status: number, message: string, code: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code, fields } }), { status });
export const page = (data: unknown[]) =>
  ok(data, { pagination: { limit: 20, offset: 0, total: data.length } });

/** Answers the session read in `mode`; every other call goes to `handler` and is recorded. */
export function mockApi(
  handler: (call: Call) => Response | Promise<Response>,
  mode: 'test' | 'live' = 'test',
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      if (url === '/api/v1/auth/current-user') {
        return ok({ user: { id: 'usr_1', email: 'shop@example.com', name: 'Shop', mode, status: 'active' } });
      }
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

export function renderWithQuery(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}
