import type { TWebhookConfig, TWebhookEvent, TWebhookEventDetail } from '@coinlane/core/api/webhooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../webhook-locales.ts';
import { WebhookSection } from './webhook-section.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { webhooks: locales.en }, fr: { webhooks: locales.fr } },
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
  void i18n.changeLanguage('en');
});

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const config = (over: Partial<TWebhookConfig> = {}): TWebhookConfig => ({
  url: 'https://shop.example.com/hooks',
  events: ['payment.created', 'payment.confirmed'],
  secret: SECRET,
  previousSecretExpiresAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  disabled: null,
  ...over,
});
const event = (over: Partial<TWebhookEvent> = {}): TWebhookEvent => ({
  id: 'evt_1',
  type: 'payment.confirmed',
  createdAt: '2026-11-21T10:00:00.000Z',
  mode: 'test',
  deliveryState: 'failed',
  attempts: 2,
  lastStatusCode: 500,
  lastAttemptAt: '2026-11-21T10:05:00.000Z',
  nextRetryAt: null,
  ...over,
});
const detail: TWebhookEventDetail = {
  ...event(),
  payload: { id: 'evt_1' },
  attempts: [
    {
      id: 'wha_1',
      attemptNumber: 1,
      isResend: false,
      statusCode: 500,
      durationMs: 120,
      error: 'HTTP 500',
      responseExcerpt: 'internal error',
      createdAt: '2026-11-21T10:00:01.000Z',
    },
    {
      id: 'wha_2',
      attemptNumber: 2,
      isResend: true,
      statusCode: null,
      durationMs: 30000,
      error: 'timed out',
      responseExcerpt: null,
      createdAt: '2026-11-21T10:05:00.000Z',
    },
  ],
};

type Call = { url: string; method: string; body: unknown };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, message: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code: 'X', fields } }), {
    status,
  });
const session = {
  user: { id: 'usr_1', email: 'a@example.com', name: 'Ada', mode: 'test', status: 'active' },
};

function mockApi(handler: (call: Call) => Response | undefined) {
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
      calls.push(call);
      const reply = handler(call);
      if (reply) return reply;
      if (url === '/api/v1/webhooks/config') return ok(config());
      if (url.startsWith('/api/v1/webhooks/events?')) return ok({ items: [], page: 1, limit: 20, total: 0 });
      return fail(404, 'unexpected');
    }),
  );
  return calls;
}

function renderSection({ paused = false }: { paused?: boolean } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <WebhookSection paused={paused} />
    </QueryClientProvider>,
  );
}

describe('Webhook Configuration', () => {
  it('shows URL, events, the masked secret (Reveal/Hide) and says it saves with its own button', async () => {
    mockApi(() => undefined);
    renderSection();
    const url = (await screen.findByLabelText('Webhook URL')) as HTMLInputElement;
    expect(url.type).toBe('url');
    expect(url.value).toBe('https://shop.example.com/hooks');
    expect((screen.getByRole('checkbox', { name: /payment\.created/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: /payment\.failed/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    for (const ev of ['payment.partial', 'payment.expired', 'payment.reversed', 'payment.paid_late']) {
      expect(screen.getByRole('checkbox', { name: new RegExp(ev.replace('.', '\\.')) })).toBeTruthy();
    }
    expect(screen.getByText('A confirmed payment was reversed by a chain reorganisation')).toBeTruthy();
    expect(
      screen.getByText('Money paid after a payment expired or was cancelled is confirmed: accept it or not'),
    ).toBeTruthy();
    expect(screen.getByText(/own Save webhook button/)).toBeTruthy();
    const secret = screen.getByTestId('webhook-secret');
    expect(secret.textContent).not.toContain(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(secret.textContent).toContain(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(secret.textContent).not.toContain(SECRET);
    expect(await screen.findByText('No deliveries yet')).toBeTruthy();
  });

  it('saves URL and events with PUT, refuses a bad URL first, and clears messages on change', async () => {
    const calls = mockApi((c) =>
      c.method === 'PUT'
        ? ok(config({ url: (c.body as { url: string }).url, events: (c.body as { events: never[] }).events }))
        : undefined,
    );
    renderSection();
    const url = await screen.findByLabelText('Webhook URL');
    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(
      await screen.findByText('Please enter a valid webhook URL, such as https://shop.example.com/coinlane'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(url, { target: { value: ' https://new.example.com/h ' } });
    expect(screen.getByText('Unsaved webhook changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /payment\.failed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('Webhook settings saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      url: 'https://new.example.com/h',
      events: ['payment.created', 'payment.confirmed', 'payment.failed'],
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /payment\.expired/ }));
    expect(screen.queryByText('Webhook settings saved.')).toBeNull();
  });

  it('shows the server refusal of a URL next to the field', async () => {
    const refusal =
      'The webhook URL points to a private, loopback or link-local address, which cannot receive webhooks';
    mockApi((c) => (c.method === 'PUT' ? fail(400, refusal, { url: refusal }) : undefined));
    renderSection();
    fireEvent.change(await screen.findByLabelText('Webhook URL'), { target: { value: 'http://10.0.0.1/h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
  });

  it('rotates the secret after confirming, reveals the new one and says until when the old one works', async () => {
    const expires = '2026-11-21T15:45:00.000Z';
    let rotated = false;
    const calls = mockApi((c) => {
      if (c.url.endsWith('/rotate-secret')) {
        rotated = true;
        return ok({ secret: 'whsec_new_secret_value' });
      }
      if (c.url === '/api/v1/webhooks/config' && rotated)
        return ok(config({ secret: 'whsec_new_secret_value', previousSecretExpiresAt: expires }));
      return undefined;
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    expect(
      screen.getByText(/For 24 hours they carry a second signature made with the current secret/),
    ).toBeTruthy();
    // No earlier rotation is running: nothing stops at once.
    expect(screen.queryByText(/stops at once/)).toBeNull();
    expect(screen.queryByTestId('webhook-previous-secret')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/rotate-secret'))).toBe(false);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText(/Signing secret rotated/)).toBeTruthy();
    expect(screen.getByTestId('webhook-secret').textContent).toContain('whsec_new_secret_value');
    // The time the old secret stops, read again from the configuration, in the interface's date format.
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(expires),
    );
    expect((await screen.findByTestId('webhook-previous-secret')).textContent).toBe(
      `Your previous secret keeps working until ${until}: each request also carries a signature made with it. Deploy the new secret on your server before then.`,
    );
  });

  it('warns that rotating again within the 24 hours stops the oldest secret at once, in French too', async () => {
    const expires = '2026-11-21T15:45:00.000Z';
    mockApi((c) =>
      c.url === '/api/v1/webhooks/config' ? ok(config({ previousSecretExpiresAt: expires })) : undefined,
    );
    renderSection();
    const fmt = (lang: string) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expires));
    expect((await screen.findByTestId('webhook-previous-secret')).textContent).toContain(
      `keeps working until ${fmt('en')}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(
      within(screen.getByRole('dialog')).getByText(
        `The secret you replaced before (still signing until ${fmt('en')}) stops at once: only the current secret keeps working beside the new one.`,
      ),
    ).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('fr');
    renderSection();
    expect((await screen.findByTestId('webhook-previous-secret')).textContent).toContain(
      `Votre ancien secret reste valable jusqu’au ${fmt('fr')}`,
    );
  });

  it.each([
    [{ statusCode: 200, durationMs: 35, ok: true }, 'Test event delivered: HTTP 200 in 35 ms'],
    [{ statusCode: 404, durationMs: 12, ok: false }, 'Test event not accepted: HTTP 404 in 12 ms'],
    [
      { statusCode: null, durationMs: 8, ok: false, error: 'connect ECONNREFUSED' },
      'Test event not delivered after 8 ms: connect ECONNREFUSED',
    ],
  ])('Send test event shows the result %#', async (result, text) => {
    const calls = mockApi((c) => (c.url.endsWith('/config/test') ? ok(result) : undefined));
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(text)).toBeTruthy();
    // The deliveries are read again, so the test event shows up.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/v1/webhooks/events?')).length).toBeGreaterThan(1),
    );
  });

  it('says when deliveries are paused by the Webhook notifications toggle', async () => {
    mockApi((c) => (c.url === '/api/v1/webhooks/config' ? ok(config()) : undefined));
    renderSection({ paused: true });
    expect(await screen.findByText(/Deliveries are paused: Webhook notifications is off/)).toBeTruthy();
    cleanup();
    renderSection();
    await screen.findAllByRole('textbox');
    expect(screen.queryByText(/Deliveries are paused/)).toBeNull();
  });

  it('cannot send a test event before a URL is saved', async () => {
    mockApi((c) =>
      c.url === '/api/v1/webhooks/config'
        ? ok(config({ url: null, secret: null, events: [], updatedAt: null }))
        : undefined,
    );
    renderSection();
    const button = await screen.findByRole('button', { name: 'Send test event' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Save a webhook URL first to send a test event.')).toBeTruthy();
    expect(screen.getByText('A signing secret is created when you save a webhook URL.')).toBeTruthy();
    // The spec's three events are preselected before the first save.
    for (const [ev, on] of [
      ['created', true],
      ['confirmed', true],
      ['failed', true],
      ['partial', false],
      ['expired', false],
      ['reversed', false],
    ] as const) {
      const box = screen.getByRole('checkbox', { name: new RegExp(`payment\\.${ev}`) }) as HTMLInputElement;
      expect(box.checked, ev).toBe(on);
    }
  });

  it('lists the latest 20 deliveries, filters by state, expands attempts and resends', async () => {
    const calls = mockApi((c) => {
      if (c.url.startsWith('/api/v1/webhooks/events?'))
        return ok({ items: [event()], page: 1, limit: 20, total: 31 });
      if (c.url === '/api/v1/webhooks/events/evt_1') return ok(detail);
      if (c.url.endsWith('/resend'))
        return ok({ ...detail.attempts[0], id: 'wha_3', attemptNumber: 3, isResend: true, statusCode: 200 });
      return undefined;
    });
    renderSection();
    const row = await screen.findByTestId('webhook-delivery');
    expect(calls.find((c) => c.url.startsWith('/api/v1/webhooks/events?'))?.url).toBe(
      '/api/v1/webhooks/events?page=1&limit=20',
    );
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText(/2 attempts · HTTP 500/)).toBeTruthy();
    expect(screen.getByText('Showing 1 of 31')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Delivery state'), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/v1/webhooks/events?page=1&limit=20&state=failed')).toBe(true),
    );

    fireEvent.click(
      within(await screen.findByTestId('webhook-delivery')).getByRole('button', { expanded: false }),
    );
    const attempts = await screen.findAllByTestId('webhook-attempt');
    expect(attempts).toHaveLength(2);
    expect(within(attempts[0]!).getByText('Manual resend')).toBeTruthy();
    expect(within(attempts[0]!).getByText('No response')).toBeTruthy();
    expect(within(attempts[0]!).getByText(/timed out/)).toBeTruthy();
    expect(within(attempts[1]!).getByText('HTTP 500')).toBeTruthy();
    expect(within(attempts[1]!).getByText('120 ms')).toBeTruthy();
    expect(within(attempts[1]!).getByText('internal error')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Resend payment.confirmed' }));
    expect(await screen.findByText('Event resent: HTTP 200')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/webhooks/events/evt_1/resend')).toBe(
      true,
    );
  });

  it('shows load failures in red banners', async () => {
    mockApi((c) => (c.url === '/api/v1/webhooks/config' ? new Response('', { status: 500 }) : undefined));
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('HTTP 500');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockApi(() => undefined);
    renderSection();
    expect(await screen.findByRole('button', { name: 'Envoyer un événement de test' })).toBeTruthy();
    expect(screen.getByText('Configuration des webhooks')).toBeTruthy();
  });
});

describe('an endpoint turned off by the Coinlane team (Webhook Monitoring)', () => {
  it('says so with the date and reason, and turns it back on', async () => {
    let off = true;
    const calls = mockApi((c) => {
      if (c.url === '/api/v1/webhooks/config' && c.method === 'GET')
        return ok(
          config({
            disabled: off ? { at: '2026-11-27T09:30:00.000Z', reason: 'Answers 500 since Monday' } : null,
          }),
        );
      if (c.url === '/api/v1/webhooks/config/enable') {
        off = false;
        return ok(config({ disabled: null }));
      }
      return undefined;
    });
    renderSection();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('This endpoint was turned off by the Coinlane team');
    expect(notice.textContent).toContain('Reason: Answers 500 since Monday');
    expect(notice.textContent).toContain('2026');
    fireEvent.click(within(notice).getByRole('button', { name: 'Turn back on' }));
    await waitFor(() =>
      expect(screen.queryByText('This endpoint was turned off by the Coinlane team')).toBeNull(),
    );
    expect(calls.filter((c) => c.url === '/api/v1/webhooks/config/enable')).toEqual([
      { url: '/api/v1/webhooks/config/enable', method: 'POST', body: undefined },
    ]);
  });

  it('shows no notice while the endpoint is on', async () => {
    mockApi(() => undefined);
    renderSection();
    await screen.findByDisplayValue('https://shop.example.com/hooks');
    expect(screen.queryByText('This endpoint was turned off by the Coinlane team')).toBeNull();
  });
});
