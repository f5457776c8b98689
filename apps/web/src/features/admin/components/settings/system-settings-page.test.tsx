import type { TFeeStructure } from '@coinlane/core/api/admin';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { ROLE_PERMISSIONS, type TAdminPermission } from '@coinlane/core/permissions';
import { SYSTEM_SETTING_DEFAULTS, type TSystemSettings } from '@coinlane/core/system-settings';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../../../lib/auth.ts';
import { locales as adminLocales } from '../../locales.ts';
import { locales } from '../../settings-locales.ts';
import SystemSettingsPage, { SAVED_INDICATOR_MS } from './system-settings-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { adminSettings: locales.en, admin: adminLocales.en } },
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

const TABS = ['General', 'Cryptocurrencies', 'Fees & Pricing', 'Security', 'Notifications', 'API Settings'];

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
const superAdmin = viewer(ROLE_PERMISSIONS.super_admin);
const financeAdmin = viewer(ROLE_PERMISSIONS.finance_admin);
const readOnly = viewer(['settings.read']);

const settings: TSystemSettings = structuredClone(SYSTEM_SETTING_DEFAULTS) as unknown as TSystemSettings;
const fees: TFeeStructure[] = [
  {
    type: 'platform',
    percentage: '1',
    minimumFee: '0',
    maximumFee: null,
    fixedAmount: '0',
    currency: 'USD',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
  {
    type: 'withdrawal',
    percentage: '0',
    minimumFee: null,
    maximumFee: null,
    fixedAmount: '0',
    currency: 'USD',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
  {
    type: 'processing',
    percentage: '0',
    minimumFee: null,
    maximumFee: null,
    fixedAmount: '0',
    currency: 'USD',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
];

type Call = { url: string; method: string; body: unknown };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code, fields } }), { status });

/** The page's reads answered from the fixtures; every call is recorded, writes answered by `handler`. */
function mockApi(handler: (call: Call) => Response | undefined = () => undefined) {
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
      const answer = handler(call);
      if (answer) return answer;
      if (call.method === 'GET' && url === '/api/v1/admin/settings') return ok(settings);
      if (call.method === 'GET' && url === '/api/v1/admin/fees') return ok(fees);
      if (call.method === 'GET' && url === '/api/v1/admin/cryptocurrencies') return ok([]);
      if (url === '/api/v1/auth/current-user') return ok({ user: null });
      return fail(404, 'NOT_FOUND', 'unexpected');
    }),
  );
  return calls;
}
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderPage(user: TSessionUser, tab?: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKey, user);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[`/admin/settings${tab ? `?tab=${tab}` : ''}`]}>
        <SystemSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('System Settings: what each administrator sees', () => {
  it('shows super_admin the six tabs, Save Changes and the Danger Zone', async () => {
    mockApi();
    renderPage(superAdmin);
    expect(await screen.findByLabelText('Platform name')).toBeTruthy();
    expect(tabNames()).toEqual(TABS);
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeTruthy();
    for (const name of ['Clear All Cache', 'Reset Rate Limits', 'Force Logout All Users']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows finance_admin (settings.fees) only Fees & Pricing, with fees it may change, and no Danger Zone', async () => {
    const calls = mockApi();
    renderPage(financeAdmin, 'general');
    const percentage = (await screen.findAllByLabelText('Percentage'))[0] as HTMLInputElement;
    expect(tabNames()).toEqual(['Fees & Pricing']);
    expect(percentage.value).toBe('1');
    expect(percentage.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Danger Zone' })).toBeNull();
    expect(screen.queryByLabelText('Platform name')).toBeNull();
    expect(calls.map((c) => c.url)).not.toContain('/api/v1/admin/settings');
  });

  it('without settings.write: no Save Changes, every input disabled', async () => {
    mockApi();
    renderPage(readOnly);
    const name = (await screen.findByLabelText('Platform name')) as HTMLInputElement;
    expect(tabNames()).toEqual(TABS);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(name.disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'KYC required' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Changing them needs the settings.write permission/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Fees & Pricing' }));
    expect(((await screen.findAllByLabelText('Percentage'))[0] as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Danger Zone' })).toBeNull();
  });
});

describe('System Settings: the fields', () => {
  it('gives every key of the settings an input of its type in its tab', async () => {
    mockApi();
    renderPage(superAdmin);
    const input = async (label: string) => (await screen.findByLabelText(label)) as HTMLInputElement;
    expect((await input('Support email')).type).toBe('email');
    expect((await input('Platform name')).type).toBe('text');
    expect((await input('Max daily transactions')).type).toBe('number');
    expect(screen.getByRole('switch', { name: 'Maintenance mode' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByRole('switch', { name: 'Registration enabled' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect((await input('Session timeout (minutes)')).value).toBe('30');
    for (const label of ['Max login attempts', 'Lockout duration (minutes)', 'Minimum password length']) {
      expect((await input(label)).type).toBe('number');
    }
    expect(screen.getByRole('switch', { name: 'Require special characters' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect((await input('Slack webhook URL')).type).toBe('url');
    expect((await input('Discord webhook URL')).type).toBe('url');
    expect((await input('Large transaction threshold (USD)')).value).toBe('10000');
    for (const name of [
      'Email notifications',
      'High-risk transactions',
      'Failed transactions',
      'Large transactions',
    ]) {
      expect((screen.getByRole('switch', { name }) as HTMLButtonElement).disabled).toBe(false);
    }
    // No SMS provider: off, disabled, and saying why.
    const sms = screen.getByRole('switch', { name: 'SMS notifications' }) as HTMLButtonElement;
    expect(sms.disabled).toBe(true);
    expect(sms.getAttribute('aria-checked')).toBe('false');
    const why = document.getElementById(sms.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toContain('no SMS provider is connected');

    fireEvent.click(screen.getByRole('tab', { name: 'API Settings' }));
    for (const label of [
      'Rate limit per minute',
      'Rate limit per hour',
      'Webhook timeout (seconds)',
      'Webhook retries',
    ]) {
      expect((await input(label)).type).toBe('number');
    }
    const version = screen.getByLabelText('API version') as HTMLSelectElement;
    expect([...version.options].map((o) => o.textContent)).toEqual(['v1', 'v2 (Beta)']);
    // Only v1 exists (decision 020): v2 (Beta) is listed, not selectable, and the hint says why.
    expect([...version.options].map((o) => o.disabled)).toEqual([false, true]);
    expect(document.getElementById(version.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Only v1 exists',
    );
  });
});

describe('System Settings: saving', () => {
  it('sends only the changed keys, then shows Saved for 3 seconds', async () => {
    const calls = mockApi((c) =>
      c.method === 'PUT' && c.url === '/api/v1/admin/settings'
        ? ok({
            ...settings,
            general: { ...settings.general, platform_name: 'Acme Pay', kyc_required: false },
          })
        : undefined,
    );
    renderPage(superAdmin);
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    fireEvent.change(await screen.findByLabelText('Platform name'), { target: { value: 'Acme Pay' } });
    fireEvent.click(screen.getByRole('switch', { name: 'KYC required' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    // Typed, then put back: not a change.
    fireEvent.change(await screen.findByLabelText('Session timeout (minutes)'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('Session timeout (minutes)'), { target: { value: '30' } });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(save);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        url: '/api/v1/admin/settings',
        method: 'PUT',
        body: { general: { platform_name: 'Acme Pay', kyc_required: false } },
      },
    ]);
    // Nothing left to save.
    expect(save.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(SAVED_INDICATOR_MS - 200);
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('shows the server’s refusal beside the field, and no Saved', async () => {
    mockApi((c) =>
      c.method === 'PUT'
        ? fail(400, 'VALIDATION_ERROR', T.emailInvalid, { 'general.support_email': T.emailInvalid })
        : undefined,
    );
    renderPage(superAdmin);
    const email = await screen.findByLabelText('Support email');
    fireEvent.change(email, { target: { value: 'support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(T.emailInvalid);
    expect(screen.getByRole('alert').textContent).toBe(T.adminSettingsSaveFailed(T.emailInvalid));
    expect(screen.queryByText('Saved')).toBeNull();
    expect((email as HTMLInputElement).value).toBe('support');
  });

  it('opens the tab of a refused field, marked, with the range message of a number', async () => {
    mockApi((c) =>
      c.method === 'PUT'
        ? fail(400, 'VALIDATION_ERROR', T.settingNumberRange(1, 10_080), {
            'security.session_timeout': T.settingNumberRange(1, 10_080),
          })
        : undefined,
    );
    renderPage(superAdmin, 'security');
    fireEvent.change(await screen.findByLabelText('Session timeout (minutes)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const field = await screen.findByLabelText('Session timeout (minutes)');
    const security = screen.getByRole('tab', { name: /^Security/ });
    expect(security.getAttribute('aria-selected')).toBe('true');
    expect(security.textContent).toBe('Security(has errors)');
    await waitFor(() =>
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Enter a whole number from 1 to 10,080',
      ),
    );
  });

  it('lets finance_admin save a fee: only the changed fields, errors beside them', async () => {
    const calls = mockApi((c) => {
      if (c.method !== 'PUT') return undefined;
      const body = c.body as Record<string, unknown>;
      if ('maximumFee' in body) {
        return fail(400, 'VALIDATION_ERROR', T.feeMaximumBelowMinimum, {
          maximumFee: T.feeMaximumBelowMinimum,
        });
      }
      return ok({ ...fees[0], ...body });
    });
    renderPage(financeAdmin);
    const [percentage] = await screen.findAllByLabelText('Percentage');
    fireEvent.change(percentage!, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(writes(calls)).toEqual([
      { url: '/api/v1/admin/fees/platform', method: 'PUT', body: { percentage: '1.5' } },
    ]);

    const maximum = screen.getByLabelText('Maximum fee');
    fireEvent.change(maximum, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Minimum fee'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(maximum.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(maximum.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      T.feeMaximumBelowMinimum,
    );
    // An emptied minimum is sent as "no bound".
    expect(writes(calls)[1]).toEqual({
      url: '/api/v1/admin/fees/platform',
      method: 'PUT',
      body: { minimumFee: null, maximumFee: '0' },
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });
});

describe('System Settings: the Danger Zone', () => {
  it('asks first, then calls the server and shows what it did', async () => {
    const calls = mockApi((c) =>
      c.url === '/api/v1/admin/maintenance/force-logout'
        ? ok({ sessionsEnded: 12, signInsCancelled: 1 })
        : undefined,
    );
    renderPage(superAdmin);
    fireEvent.click(await screen.findByRole('button', { name: 'Force Logout All Users' }));
    expect(writes(calls)).toEqual([]);
    const dialog = screen.getByRole('dialog', { name: 'Force logout all users?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Force Logout All Users' }));
    expect(
      await screen.findByText('12 sessions ended. 1 sign-in under way cancelled.', { exact: false }),
    ).toBeTruthy();
    expect(writes(calls)).toEqual([
      { url: '/api/v1/admin/maintenance/force-logout', method: 'POST', body: undefined },
    ]);
  });

  it('says when an action failed, inside the question', async () => {
    mockApi((c) =>
      c.url === '/api/v1/admin/maintenance/clear-cache' ? fail(403, 'FORBIDDEN', T.forbidden) : undefined,
    );
    renderPage(superAdmin);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear All Cache' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear all cache?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear All Cache' }));
    expect(await within(dialog).findByText(`The action failed: ${T.forbidden}`)).toBeTruthy();
  });
});
