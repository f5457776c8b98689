import type { TMerchantProfile, TUserSettings } from '@coinlane/core/api/settings';
import { USER_SETTINGS_DEFAULTS } from '@coinlane/core/options';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { checkAvatarFile } from './avatar-section.tsx';
import { SettingsForm } from './settings-form.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { settings: locales.en }, fr: { settings: locales.fr } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  void i18n.changeLanguage('en');
});

const profile: TMerchantProfile = {
  id: 'usr_1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  name: 'Ada',
  businessName: null,
  website: null,
  phone: null,
  businessType: null,
  description: null,
  address: null,
  city: null,
  country: null,
  postalCode: null,
  avatarUrl: null,
  isAdmin: false,
  status: 'pending',
  kycStatus: 'pending',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const settings: TUserSettings = { ...USER_SETTINGS_DEFAULTS };

type Call = { url: string; method: string; body: unknown };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, error: Record<string, unknown>) =>
  new Response(JSON.stringify({ success: false, data: null, error }), { status });

function mockApi(handler: (call: Call) => Response) {
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

function renderForm() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <SettingsForm profile={profile} settings={settings} />
    </QueryClientProvider>,
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('settings form', () => {
  it('saves the profile (empty optional fields as null) then the settings, and applies theme and language', async () => {
    const calls = mockApi((c) => {
      if (c.url.endsWith('/auth/config'))
        return ok({
          registrationEnabled: true,
          passwordMinLength: 8,
          passwordRequireSpecial: true,
          otpTtlSeconds: 300,
        });
      if (c.url.endsWith('/merchant/profile')) return ok({ ...profile, ...(c.body as object) });
      if (c.url.endsWith('/settings')) return ok({ ...settings, ...(c.body as object) });
      return fail(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('City'), { target: { value: '  London ' } });
    fireEvent.click(screen.getByLabelText('Light'));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    fireEvent.change(screen.getByLabelText('API key expiry'), { target: { value: '365' } });
    save();
    await screen.findByText('Paramètres enregistrés avec succès !');

    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url)).toEqual(['/api/v1/merchant/profile', '/api/v1/settings']);
    expect(puts[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: null,
      phone: null,
      businessName: null,
      website: null,
      businessType: null,
      description: null,
      address: null,
      city: 'London',
      country: null,
      postalCode: null,
    });
    expect(puts[1]?.body).toMatchObject({
      theme: 'light',
      language: 'fr',
      apiKeyExpiryDays: 365,
      defaultCurrency: 'BTC',
    });
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('coinlane.theme')).toBe('light');
    expect(i18n.language).toBe('fr');
  });

  it('shows the server’s field errors and the profile failure, and clears the message on the next change', async () => {
    mockApi((c) => {
      if (c.url.endsWith('/merchant/profile'))
        return fail(400, {
          message: 'Please enter a valid URL (https://...)',
          code: 'VALIDATION_ERROR',
          fields: { website: 'Please enter a valid URL (https://...)' },
        });
      return ok({});
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Engines' } });
    save();
    expect(
      await screen.findByText('Profile update failed: Please enter a valid URL (https://...)'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Engines Ltd' } });
    await waitFor(() => expect(screen.queryByText(/Profile update failed/)).toBeNull());
  });

  it('reports a settings failure after the profile was saved', async () => {
    mockApi((c) => {
      if (c.url.endsWith('/merchant/profile')) return ok(profile);
      if (c.url.endsWith('/settings'))
        return fail(500, { message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' });
      return ok({});
    });
    renderForm();
    save();
    expect(
      await screen.findByText('Settings update failed: Something went wrong. Please try again.'),
    ).toBeTruthy();
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderForm();
    save();
    expect(await screen.findByText('Failed to save settings. Please try again.')).toBeTruthy();
  });

  it('checks the website on the client before sending anything', async () => {
    const calls = mockApi(() => ok({}));
    renderForm();
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'not a url' } });
    save();
    expect(await screen.findByText('Please enter a valid URL (https://...)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('keeps the e-mail read-only', () => {
    mockApi(() => ok({}));
    renderForm();
    const email = screen.getByLabelText('Email address') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('Email cannot be changed after account creation')).toBeTruthy();
  });
});

describe('avatar checks', () => {
  const file = (size: number, type: string) => {
    const f = new File(['x'], 'a', { type });
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };
  it('refuses 5 MB and more, and anything but an image', () => {
    expect(checkAvatarFile(file(5_242_879, 'image/png'))).toBeNull();
    expect(checkAvatarFile(file(5_242_880, 'image/png'))).toBe('avatar.tooLarge');
    expect(checkAvatarFile(file(100, 'application/pdf'))).toBe('avatar.notImage');
    expect(locales.en.avatar.tooLarge).toBe('Avatar file must be less than 5MB');
    expect(locales.en.avatar.notImage).toBe('Avatar must be an image file');
  });
});

describe('settings page', () => {
  it('says when the settings cannot be loaded', async () => {
    const { default: SettingsPage } = await import('./settings-page.tsx');
    mockApi(() => fail(500, { message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' }));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <SettingsPage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Failed to load settings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('notification toggles', () => {
  it('say what each one does, and that payment emails need the master switch', async () => {
    mockApi(() => ok({}));
    renderForm();
    expect(screen.getByText(/Sign-in codes and security notices are always sent/)).toBeTruthy();
    expect(screen.getByText(/confirmed, arrives late, or needs attention/)).toBeTruthy();
    expect(screen.getByText(/Off pauses webhook deliveries: events are kept and sent in order/)).toBeTruthy();
    expect(screen.queryByText('No payment emails while Email notifications is off.')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    expect(await screen.findByText('No payment emails while Email notifications is off.')).toBeTruthy();
  });

  it('save the three toggles with PUT /settings', async () => {
    const calls = mockApi((call) =>
      call.url.endsWith('/merchant/profile') ? ok(profile) : ok({ ...settings, ...(call.body as object) }),
    );
    renderForm();
    for (const name of ['Email notifications', 'Webhook notifications', 'Payment alerts']) {
      fireEvent.click(screen.getByRole('switch', { name }));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/settings') && c.method === 'PUT')).toBe(true),
    );
    const put = calls.find((c) => c.url.endsWith('/settings') && c.method === 'PUT');
    expect(put?.body).toMatchObject({
      emailNotifications: false,
      webhookNotifications: false,
      paymentAlerts: false,
    });
  });
});
