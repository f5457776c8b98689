import type { TApiKey } from '@coinlane/core/api/api-keys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import ApiKeysPage from './api-keys-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { apiKeys: locales.en }, de: { apiKeys: locales.de } },
    interpolation: { escapeValue: false },
  });
  // jsdom does no layout or modal dialogs: scroll nowhere, and open and close the element as a browser would.
  Element.prototype.scrollIntoView = () => {};
  // (modal dialogs): open and close the element as a browser would.
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
  void i18n.changeLanguage('en');
});

const FULL_KEY = `cl_test_AbCd${'x'.repeat(39)}`;
const key = (over: Partial<TApiKey> = {}): TApiKey => ({
  id: 'key_1',
  name: 'Shop backend',
  mode: 'test',
  keyPrefix: 'cl_test_AbCd',
  maskedKey: 'cl_test_AbCd…••••',
  permissions: ['read'],
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2027-01-30T10:00:00.000Z',
  ...over,
});

type Call = { url: string; method: string; body: unknown };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, message: string, code = 'BAD_REQUEST') =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code } }), { status });

const session = {
  user: { id: 'usr_1', email: 'a@example.com', name: 'Ada', mode: 'test', status: 'active' },
};

/** Answers the session, settings and point-of-sale device reads; everything else goes to `handler`. */
function mockApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      if (url === '/api/v1/auth/current-user') return ok(session);
      if (url === '/api/v1/settings') return ok({ apiKeyExpiryDays: 90 });
      // The point-of-sale devices card below the keys (pos-devices-card.test.tsx covers it).
      if (url === '/api/v1/pos/devices' && call.method === 'GET') return ok([]);
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ApiKeysPage />
    </QueryClientProvider>,
  );
}

describe('API Keys page', () => {
  it('lists keys with the masked tail, permissions, Never for unused, the mode and the curl snippet', async () => {
    mockApi(() =>
      ok([
        key(),
        key({
          id: 'key_2',
          name: 'Reporting',
          permissions: ['read', 'webhook'],
          lastUsedAt: '2026-11-20T09:00:00.000Z',
          expiresAt: null,
        }),
      ]),
    );
    renderPage();
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('cl_test_AbCd…••••')).toBeTruthy();
    expect(within(rows[0]!).getByText('Never')).toBeTruthy();
    expect(within(rows[1]!).getByText('webhook')).toBeTruthy();
    // No expiry reads Never too; a used key shows its date instead.
    expect(within(rows[1]!).getAllByText('Never')).toHaveLength(1);
    expect(screen.getByText('2 keys')).toBeTruthy();
    expect(await screen.findByText(/Test keys start with cl_test_/)).toBeTruthy();
    expect(
      screen.getByText(/curl -s -H "Authorization: Bearer YOUR_API_KEY" .*\/api\/v1\/payments/),
    ).toBeTruthy();
  });

  it('shows skeletons while loading, then the empty state', async () => {
    let release!: () => void;
    mockApi(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(ok([]));
        }),
    );
    const { container } = renderPage();
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeTruthy());
    release();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('creates a key with name and permissions (read by default), then shows it once with the warning', async () => {
    const created = { ...key({ permissions: ['read', 'write'] }), key: FULL_KEY };
    let list: TApiKey[] = [];
    const calls = mockApi((c) => {
      if (c.method === 'POST') {
        list = [key({ permissions: ['read', 'write'] })];
        return ok(created);
      }
      return ok(list);
    });
    renderPage();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create API Key' })[0]!);
    const read = screen.getByRole('checkbox', { name: /Read payments/ }) as HTMLInputElement;
    expect(read.checked).toBe(true);
    expect(screen.getByText('View payment status and details')).toBeTruthy();
    expect(screen.getByText('Create new payment links')).toBeTruthy();
    expect(screen.getByText('Create and manage webhook endpoints')).toBeTruthy();
    expect(screen.getByText(/New keys expire after .*\(90 days\)/)).toBeTruthy();

    // Name is required.
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Please enter a key name')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Shop backend ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Create payments/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const alert = await screen.findByTestId('new-api-key');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Shop backend',
      permissions: ['read', 'write'],
    });
    expect((within(alert).getByLabelText('Full API key') as HTMLInputElement).value).toBe(FULL_KEY);
    expect(
      within(alert).getByText(
        'Copy this key now and keep it somewhere safe: you will not be able to see it again.',
      ),
    ).toBeTruthy();
    expect(within(alert).getByText(new RegExp(`Bearer ${FULL_KEY}`))).toBeTruthy();
    // The list is refetched after creating.
    await screen.findByTestId('api-key-row');

    // Dismissed, the key is gone for good.
    fireEvent.click(within(alert).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();
    expect(screen.queryByText(FULL_KEY)).toBeNull();
  });

  it('deletes a key only after the confirmation dialog, with the spec text', async () => {
    let list = [key()];
    const calls = mockApi((c) => {
      if (c.method === 'DELETE') {
        list = [];
        return ok({ id: 'key_1', deleted: true });
      }
      return ok(list);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Shop backend' }));
    expect(
      screen.getByText('Are you sure you want to delete this API key? This action cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Shop backend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('API key deleted.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/api-keys/key_1');
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('rotates after confirming and shows the new key once', async () => {
    const rotatedKey = `cl_test_Zyxw${'y'.repeat(39)}`;
    mockApi((c) =>
      c.method === 'POST' ? ok({ ...key({ keyPrefix: 'cl_test_Zyxw' }), key: rotatedKey }) : ok([key()]),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate Shop backend' }));
    expect(screen.getByText(/gets a new secret/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    const alert = await screen.findByTestId('new-api-key');
    expect(within(alert).getByText('Your rotated API key')).toBeTruthy();
    expect((within(alert).getByLabelText('Full API key') as HTMLInputElement).value).toBe(rotatedKey);
  });

  it('edits name and permissions', async () => {
    const calls = mockApi((c) =>
      c.method === 'PUT' ? ok(key({ name: 'Renamed', permissions: ['read', 'webhook'] })) : ok([key()]),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Shop backend' }));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Shop backend');
    fireEvent.change(name, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Manage webhooks/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('API key updated.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/v1/api-keys/key_1',
      body: { name: 'Renamed', permissions: ['read', 'webhook'] },
    });
  });

  it.each([
    ['a server message', () => fail(500, 'Database unavailable', 'INTERNAL'), 'Database unavailable'],
    ['a reply without a message', () => new Response('<html>', { status: 502 }), 'Failed to fetch API keys'],
    [
      'no reply at all',
      () => {
        throw new TypeError('');
      },
      'Failed to load API keys',
    ],
  ])('a failed list shows %s in a red banner', async (_label, reply, text) => {
    mockApi(reply);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
  });

  it('a failed create shows the server message, or Failed to create API key', async () => {
    let reply = () => fail(400, 'You can have at most 50 API keys in this mode. Delete one first.');
    mockApi((c) => (c.method === 'POST' ? reply() : ok([])));
    renderPage();
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create API Key' })[0]!);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'K' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('You can have at most 50 API keys in this mode. Delete one first.'),
    ).toBeTruthy();
    reply = () => new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Failed to create API key')).toBeTruthy();
  });

  it('a failed delete shows Failed to delete API key in the dialog', async () => {
    mockApi((c) => (c.method === 'DELETE' ? new Response('', { status: 503 }) : ok([key()])));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Shop backend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('Failed to delete API key')).toBeTruthy();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    mockApi(() => ok([key()]));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'API-Schlüssel' })).toBeTruthy();
    expect(await screen.findByText('Nie')).toBeTruthy();
  });
});
