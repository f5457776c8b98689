import type { TPosDevice } from '@coinlane/core/api/pos';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../pos-locales.ts';
import { PosDevicesCard } from './pos-devices-card.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { posDevices: locales.en } },
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
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const device = (over: Partial<TPosDevice> = {}): TPosDevice => ({
  id: 'dev_1',
  name: 'Front counter',
  mode: 'test',
  fiatCurrency: 'EUR',
  status: 'paired',
  credentialPrefix: 'cl_pos_test_AbCd',
  pairingExpiresAt: null,
  pairedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  ...over,
});

function serve(handler: (url: string, method: string, body: unknown) => Response) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call.url, call.method, call.body);
    }),
  );
  return calls;
}
const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PosDevicesCard />
    </QueryClientProvider>,
  );

describe('point-of-sale devices on the API Keys page', () => {
  it('pairs a device: name and currency, then the one-time code, its link and QR code', async () => {
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    const calls = serve((_url, method) =>
      method === 'POST'
        ? ok({
            device: device({
              status: 'pairing',
              credentialPrefix: null,
              fiatCurrency: 'CHF',
              name: 'Till 2',
            }),
            pairing: { code: 'ABCD-EFGH', url: 'http://localhost:3000/pos#pair=ABCDEFGH', expiresAt },
          })
        : ok([]),
    );
    renderCard();
    await screen.findByText(/No devices yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Pair a device' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show pairing code' }));
    expect(await screen.findByText('Give the device a name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: '  Till 2 ' } });
    fireEvent.change(screen.getByLabelText('Currency of its keypad'), { target: { value: 'CHF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pairing code' }));
    const dialog = await screen.findByTestId('pos-pairing');
    expect(within(dialog).getByTestId('pos-pairing-code').textContent).toBe('ABCD-EFGH');
    expect(within(dialog).getByTestId('pos-pairing-link').textContent).toBe(
      'http://localhost:3000/pos#pair=ABCDEFGH',
    );
    expect(within(dialog).getByRole('img', { name: 'QR code of the pairing link' })).toBeTruthy();
    expect(within(dialog).getByText(/Expires in (9:5\d|10:00)/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Till 2', fiatCurrency: 'CHF' });
  });

  it('revokes a device only after the confirmation', async () => {
    const calls = serve((_url, method) =>
      method === 'DELETE' ? ok({ id: 'dev_1', revokedAt: 'x' }) : ok([device()]),
    );
    renderCard();
    const row = await screen.findByTestId('pos-device-row');
    expect(row.textContent).toContain('cl_pos_test_AbCd…••••');
    expect(row.textContent).toContain('Paired');
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke device' }));
    expect(await screen.findByText('Device revoked.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/pos/devices/dev_1');
  });
});
