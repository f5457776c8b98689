import type { TPublicOverview } from '@coinlane/core/api/public';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import LandingPage from './landing-page.tsx';

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { landing: locales.en } }, interpolation: { escapeValue: false } });
  // The native <dialog> of jsdom has no modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: TPublicOverview = {
  platformName: 'Coinlane',
  feePercent: '0.75',
  feeMinimumUsd: null,
  feeMaximumUsd: null,
  feeExceptions: [],
  kycRequired: true,
  maintenanceMode: false,
  coins: [
    { symbol: 'BTC', name: 'Bitcoin', featured: true, networks: [{ id: 'bitcoin', name: 'Bitcoin' }] },
    { symbol: 'LTC', name: 'Litecoin', featured: false, networks: [{ id: 'litecoin', name: 'Litecoin' }] },
    {
      symbol: 'USDT',
      name: 'Tether USD',
      featured: true,
      networks: [
        { id: 'ethereum', name: 'Ethereum' },
        { id: 'tron', name: 'Tron' },
      ],
    },
  ],
  coinCount: 3,
  networkCount: 4,
  settlement: {
    windowDays: 30,
    medianSeconds: null,
    payments: 0,
    networks: [
      {
        id: 'bitcoin',
        name: 'Bitcoin',
        confirmationsMin: 1,
        confirmationsMax: 1,
        medianSeconds: null,
        payments: 0,
      },
      {
        id: 'ethereum',
        name: 'Ethereum',
        confirmationsMin: 12,
        confirmationsMax: 20,
        medianSeconds: null,
        payments: 0,
      },
    ],
  },
};

type Reply = { status: number; body: unknown };
function renderLanding(
  overview: TPublicOverview = base,
  contact: (body: unknown) => Reply = () => ({ status: 200, body: { received: true } }),
) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/public/contact-sales')) {
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        const r = contact(body);
        const ok = r.status < 400;
        return new Response(
          JSON.stringify(
            ok ? { success: true, data: r.body, error: null } : { success: false, data: null, error: r.body },
          ),
          { status: r.status },
        );
      }
      return new Response(JSON.stringify({ success: true, data: overview, error: null }));
    }),
  );
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { posted };
}

describe('landing page', () => {
  it('takes its figures and coins from the live configuration', async () => {
    renderLanding();
    expect(await screen.findByTestId('fee')).toBeTruthy();
    expect(screen.getByTestId('fee').textContent).toBe('0.75%');
    expect(screen.getByText('0.75% per successful payment')).toBeTruthy();
    expect(screen.getByText('3 coins across 4 networks, each with the networks it runs on.')).toBeTruthy();
    const usdt = screen.getByRole('list', { name: 'Networks of Tether USD' });
    expect(
      within(usdt)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ethereum', 'Tron']);
    expect(screen.getByText('Litecoin')).toBeTruthy();
    expect(screen.getByText('No setup or monthly fees')).toBeTruthy();
    expect(screen.queryByTestId('fee-bounds')).toBeNull();
  });

  it('states the fee bounds and the coins with their own fee when the admins set them', async () => {
    renderLanding({
      ...base,
      feePercent: '1',
      feeMinimumUsd: '0.5',
      feeMaximumUsd: '25',
      feeExceptions: [{ symbol: 'BTC', network: 'bitcoin', networkName: 'Bitcoin', percent: '0.5' }],
    });
    expect((await screen.findByTestId('fee')).textContent).toBe('1%');
    expect(screen.getByText('Minimum $0.50 per payment')).toBeTruthy();
    expect(screen.getByText('Maximum $25.00 per payment')).toBeTruthy();
    expect(screen.getByText('BTC on Bitcoin: 0.5%')).toBeTruthy();
  });

  it('says what the KYC setting makes true, never "no KYC" while it is on', async () => {
    renderLanding();
    await screen.findByTestId('fee');
    expect(screen.getByText('Test mode at once, live payments after an account review')).toBeTruthy();
    expect(screen.queryByText(/no KYC/i)).toBeNull();
    cleanup();
    renderLanding({ ...base, kycRequired: false });
    expect(await screen.findByText('No identity checks (no KYC)')).toBeTruthy();
  });

  it('shows settlement as measured, or the confirmation rule when nothing is measured: never an invented figure', async () => {
    renderLanding();
    expect(await screen.findByTestId('settlement-rule')).toBeTruthy();
    expect(screen.queryByTestId('settlement-measured')).toBeNull();
    const rules = screen.getByRole('list', { name: 'Confirmations each network needs' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bitcoin1 confirmation', 'Ethereum12–20 confirmations']);
    expect(screen.queryByText(/2 seconds|2 s\b/)).toBeNull();
    cleanup();

    renderLanding({
      ...base,
      settlement: {
        ...base.settlement,
        medianSeconds: 754,
        payments: 42,
        networks: [{ ...base.settlement.networks[0]!, medianSeconds: 1800, payments: 40 }],
      },
    });
    const measured = await screen.findByTestId('settlement-measured');
    expect(within(measured).getByText('13 min')).toBeTruthy();
    expect(within(measured).getByText(/measured over 42 live payments in the last 30 days/)).toBeTruthy();
    expect(screen.getByText(/median 30 min \(40 payments\)/)).toBeTruthy();
  });

  it('claims no conversion, no SDK and no invented country or coin counts', async () => {
    renderLanding();
    await screen.findByTestId('fee');
    const text = document.body.textContent ?? '';
    expect(text).toContain('A 5-minute API integration');
    expect(text).not.toMatch(/\bSDKs?\b/);
    expect(text).not.toMatch(/150\+|20\+|24\/7/);
    expect(text).not.toMatch(/convert incoming/i);
  });

  it('has the anchors, the six audiences and no dead buttons', async () => {
    renderLanding();
    await screen.findByTestId('fee');
    for (const id of ['features', 'use-cases', 'pricing']) expect(document.getElementById(id)).toBeTruthy();
    for (const audience of [
      'Independent journalists',
      'Charities and donations',
      'Gaming and casinos',
      'Businesses in sanctioned regions',
      'High-risk businesses',
      'Freelancers',
    ])
      expect(screen.getByText(audience)).toBeTruthy();
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^(\/|#)/);
  });
});

describe('Talk to Sales', () => {
  const open = async () => {
    await screen.findByTestId('fee');
    fireEvent.click(screen.getByRole('button', { name: 'Talk to Sales' }));
    // The form is a lazy chunk: its first import can take a while on a busy machine.
    return screen.findByRole('dialog', { name: 'Talk to Sales' }, { timeout: 10_000 });
  };
  const fill = (dialog: HTMLElement, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
  };

  it('checks the fields before sending, with the catalogue texts', async () => {
    const { posted } = renderLanding();
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText(T.contactNameRequired, {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText(T.emailRequired)).toBeTruthy();
    expect(within(dialog).getByText(T.contactMessageRequired)).toBeTruthy();
    fill(dialog, { Name: 'Ada', Email: 'not-an-email', Message: 'Hello' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText(T.emailInvalid, {}, { timeout: 5000 })).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('sends the message and says so; the hidden field stays empty', async () => {
    const { posted } = renderLanding();
    const dialog = await open();
    fill(dialog, {
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Company: 'Analytical',
      Message: 'Volumes?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText(T.contactSent, {}, { timeout: 5000 })).toBeTruthy();
    expect(posted).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical',
        message: 'Volumes?',
        website: '',
        language: 'en',
      },
    ]);
  });

  it('keeps what was typed and says why when sending fails', async () => {
    let reply: Reply = { status: 429, body: { code: 'RATE_LIMITED', message: T.contactTooMany } };
    renderLanding(base, () => reply);
    const dialog = await open();
    fill(dialog, { Name: 'Ada', Email: 'ada@example.com', Message: 'Hello' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      T.contactTooMany,
    );
    reply = { status: 500, body: { code: 'INTERNAL', message: T.serverError } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(T.contactFailed), {
      timeout: 5000,
    });
    expect((within(dialog).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });
});
