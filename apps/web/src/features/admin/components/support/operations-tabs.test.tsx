import type {
  TAdminWebhookDelivery,
  TSystemAlert,
  TSystemHealth,
  TSystemLogEntry,
} from '@coinlane/core/api/admin-operations';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { ROLE_PERMISSIONS, type TAdminRole } from '@coinlane/core/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../../../lib/auth.ts';
import { locales } from '../../operations-locales.ts';
import { locales as support } from '../../support-locales.ts';
import AdminSupportPage from './admin-support-page.tsx';
import HealthMonitorTab from './health-monitor-tab.tsx';
import SystemLogsTab from './system-logs-tab.tsx';
import WebhookMonitoringTab from './webhook-monitoring-tab.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: { adminOperations: locales.en, adminSupport: support.en },
      de: { adminOperations: locales.de, adminSupport: support.de },
    },
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

type Call = { path: string; method: string; body: unknown };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code: 'X' } }), { status });

function mockApi(handler: (c: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const c = {
        path: `${url.pathname.replace('/api/v1', '')}${url.search}`,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(c);
      return handler(c);
    }),
  );
  return calls;
}

const admin = (role: TAdminRole): TSessionUser => ({
  id: 'usr_admin',
  email: 'ops@coinlane.test',
  name: 'Ops',
  avatarUrl: null,
  mode: 'test',
  status: 'active',
  isAdmin: true,
  adminRole: role,
  permissions: [...ROLE_PERMISSIONS[role]],
});

function renderAs(role: TAdminRole, node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, admin(role));
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const delivery = (over: Partial<TAdminWebhookDelivery> = {}): TAdminWebhookDelivery => ({
  id: 'whd_1',
  eventId: 'evt_1',
  eventType: 'payment.confirmed',
  mode: 'live',
  merchantId: 'usr_m1',
  merchantLabel: 'Acme Coffee',
  endpointId: 'whk_1',
  url: 'https://acme.example/hooks',
  endpointDisabledAt: null,
  status: 'failed',
  retrying: false,
  responseCode: 500,
  attempts: 4,
  lastAttemptAt: '2026-11-28T09:00:00.000Z',
  nextRetryAt: null,
  createdAt: '2026-11-28T08:00:00.000Z',
  ...over,
});

describe('Webhook Monitoring', () => {
  const list = () => ({
    items: [
      delivery(),
      delivery({
        id: 'whd_2',
        merchantLabel: 'Unknown Merchant',
        mode: 'test',
        status: 'pending',
        retrying: true,
        nextRetryAt: '2026-11-28T10:00:00.000Z',
        responseCode: 503,
        attempts: 1,
      }),
      delivery({ id: 'whd_3', merchantLabel: 'Jane', status: 'success', responseCode: 200, attempts: 1 }),
    ],
    failedCount: 1,
  });

  it('lists each delivery with merchant, mode, event, URL, status (retrying), response and attempts', async () => {
    mockApi(() => ok(list()));
    renderAs('support_admin', <WebhookMonitoringTab />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const [failed, retrying, success] = rows.map((r) => within(r));
    expect(failed!.getByText('Acme Coffee')).toBeTruthy();
    expect(failed!.getByText('Live')).toBeTruthy();
    expect(failed!.getByText('payment.confirmed')).toBeTruthy();
    expect(failed!.getByText('https://acme.example/hooks')).toBeTruthy();
    expect(failed!.getByText('Failed')).toBeTruthy();
    expect(failed!.getByText(/HTTP 500/).textContent).toContain('4 attempts');
    expect(retrying!.getByText('Unknown Merchant')).toBeTruthy();
    expect(retrying!.getByText('Test')).toBeTruthy();
    expect(retrying!.getByText('Pending')).toBeTruthy();
    expect(retrying!.getByText('Retrying')).toBeTruthy();
    expect(retrying!.getByText(/^Next retry/)).toBeTruthy();
    expect(success!.getByText('Success')).toBeTruthy();
  });

  it('retries a delivery and says how it went', async () => {
    const calls = mockApi((c) =>
      c.path === '/admin/webhooks/whd_1/retry'
        ? ok({
            delivery: delivery({ status: 'success', responseCode: 200, attempts: 5 }),
            attempt: { attemptNumber: 5, statusCode: 200, ok: true, error: null, durationMs: 40 },
          })
        : ok(list()),
    );
    renderAs('support_admin', <WebhookMonitoringTab />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Retry the payment.confirmed delivery to Acme Coffee now' }),
    );
    expect(await screen.findByText('Delivered to Acme Coffee: HTTP 200.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { path: '/admin/webhooks/whd_1/retry', method: 'POST', body: undefined },
    ]);
  });

  it('asks before turning an endpoint off, sends the reason, and shows the server’s refusal in the dialog', async () => {
    let refuse = true;
    const calls = mockApi((c) => {
      if (c.path === '/admin/webhooks/whd_1/disable') {
        if (refuse) return fail(409, 'This webhook endpoint is already turned off');
        return ok({
          endpointId: 'whk_1',
          merchantId: 'usr_m1',
          mode: 'live',
          url: 'https://acme.example/hooks',
          disabledAt: '2026-11-28T09:30:00.000Z',
          reason: 'Down since Monday',
        });
      }
      return ok(list());
    });
    renderAs('super_admin', <WebhookMonitoringTab />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Turn off the webhook endpoint of Acme Coffee' }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      'Nothing will be sent to https://acme.example/hooks (Acme Coffee, Live)',
    );
    fireEvent.change(within(dialog).getByLabelText('Reason for the merchant (optional)'), {
      target: { value: 'Down since Monday' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This webhook endpoint is already turned off',
    );
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText(
        'The webhook endpoint of Acme Coffee is off; the merchant has been told by e-mail.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'Down since Monday' },
      { reason: 'Down since Monday' },
    ]);
  });

  it('offers no action without support.write, and none on an endpoint that is off', async () => {
    mockApi(() => ok(list()));
    renderAs('support_admin', <WebhookMonitoringTab />);
    await screen.findAllByRole('listitem');
    cleanup();
    mockApi(() =>
      ok({ items: [delivery({ endpointDisabledAt: '2026-11-28T09:30:00.000Z' })], failedCount: 1 }),
    );
    renderAs('super_admin', <WebhookMonitoringTab />);
    expect(await screen.findByText('Endpoint off')).toBeTruthy();
    expect(
      (
        screen.getByRole('button', {
          name: 'Turn off the webhook endpoint of Acme Coffee',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('says when there is no delivery, and when the list could not load (with Retry)', async () => {
    mockApi(() => ok({ items: [], failedCount: 0 }));
    renderAs('support_admin', <WebhookMonitoringTab />);
    expect(await screen.findByText('No webhook deliveries yet')).toBeTruthy();
    cleanup();
    mockApi(() => fail(500, 'boom'));
    renderAs('support_admin', <WebhookMonitoringTab />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load webhook deliveries. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the finance role (no support.write) sees Webhook Monitoring read-only', () => {
  it('hides Retry and Disable', async () => {
    mockApi(() => ok({ items: [delivery()], failedCount: 1 }));
    const role: TAdminRole = 'compliance_admin';
    renderAs(role, <WebhookMonitoringTab />);
    await screen.findByText('Acme Coffee');
    expect(screen.queryByRole('button', { name: /Retry the/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Turn off/ })).toBeNull();
    expect(screen.getByText(/need the support.write permission/)).toBeTruthy();
  });
});

const line = (id: number, over: Partial<TSystemLogEntry> = {}): TSystemLogEntry => ({
  id,
  level: 'error',
  service: 'webhooks',
  message: `line ${id}`,
  metadata: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  ...over,
});

describe('System Logs', () => {
  it('lists the newest lines, filters by level, loads more with the cursor and shows details', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/admin/logs')
        return ok({
          items: [
            line(3, { metadata: { network: 'litecoin', lag: 7 }, service: 'watcher', level: 'warn' }),
            line(2),
          ],
          nextCursor: 2,
          retentionDays: 14,
        });
      if (c.path === '/admin/logs?before=2')
        return ok({ items: [line(1)], nextCursor: null, retentionDays: 14 });
      if (c.path === '/admin/logs?level=error')
        return ok({ items: [line(2)], nextCursor: null, retentionDays: 14 });
      if (c.path === '/admin/logs?level=info') return ok({ items: [], nextCursor: null, retentionDays: 14 });
      return fail(404, c.path);
    });
    renderAs('support_admin', <SystemLogsTab />);
    expect(await screen.findByText('line 3')).toBeTruthy();
    expect(screen.getByText(/are stored for 14 days/)).toBeTruthy();
    expect(screen.getByText('Chain watcher')).toBeTruthy();
    fireEvent.click(screen.getByText('Details'));
    expect(screen.getByText(/"lag": 7/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load More Logs' }));
    expect(await screen.findByText('line 1')).toBeTruthy();
    expect(screen.getByText('No older entries')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Logs' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'error' } });
    expect(await screen.findByText('line 2')).toBeTruthy();
    expect(screen.queryByText('line 3')).toBeNull();

    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'info' } });
    expect(await screen.findByText('No log entries')).toBeTruthy();
    expect(
      screen.getByText('Info and debug lines are not stored, so there is nothing to show for this level.'),
    ).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([
      '/admin/logs',
      '/admin/logs?before=2',
      '/admin/logs?level=error',
      '/admin/logs?level=info',
    ]);
  });
});

const health = (over: Partial<TSystemHealth> = {}): TSystemHealth => ({
  overallStatus: 'degraded',
  overallScore: 88,
  services: [
    { name: 'api', kind: 'api', status: 'healthy', responseTime: 12, error: null, details: {} },
    {
      name: 'watcher:litecoin',
      kind: 'watcher',
      status: 'unhealthy',
      responseTime: null,
      error: '11 blocks behind the node',
      details: { network: 'litecoin', lag: 11, leaderHere: true },
    },
    {
      name: 'mail',
      kind: 'mail',
      status: 'unhealthy',
      responseTime: 5000,
      error: 'Timeout after 5000ms',
      details: {},
    },
  ],
  database: { status: 'healthy', responseTime: 2, error: null, details: {} },
  authentication: { status: 'healthy', responseTime: 3, error: null, details: {} },
  timestamp: '2026-11-28T09:00:00.000Z',
  ...over,
});
const alert = (id: string, over: Partial<TSystemAlert> = {}): TSystemAlert => ({
  id,
  kind: 'service_unhealthy',
  title: `Service unhealthy: ${id}`,
  description: 'The health check failed.',
  level: 'critical',
  status: 'active',
  createdAt: '2026-11-28T09:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  ...over,
});

describe('Health Monitor', () => {
  it('shows the overall status and score, the core checks, every service with its error, and the alerts', async () => {
    const calls = mockApi((c) => {
      if (c.path === '/admin/health') return ok(health());
      if (c.path === '/admin/alerts') return ok({ items: [alert('mail'), alert('api')], activeCount: 12 });
      if (c.path === '/admin/alerts/mail/resolve') return ok(alert('mail', { status: 'resolved' }));
      return fail(404, c.path);
    });
    renderAs('support_admin', <HealthMonitorTab />);
    expect(await screen.findByText('88/100')).toBeTruthy();
    expect(screen.getByText('Degraded')).toBeTruthy();
    expect(screen.getByText('Database')).toBeTruthy();
    expect(screen.getByText('Authentication')).toBeTruthy();
    expect(screen.getByText('Chain watcher: litecoin')).toBeTruthy();
    expect(screen.getByText('11 blocks behind the node')).toBeTruthy();
    expect(screen.getByText('Timeout after 5000ms')).toBeTruthy();
    expect(screen.getByText('Blocks behind:')).toBeTruthy();
    // this process's own figure, a yes or no in words
    expect(screen.getByText('Watched by this process:').nextSibling?.textContent).toBe('Yes');
    expect(await screen.findByText('Service unhealthy: mail')).toBeTruthy();
    expect(screen.getByText('and 10 more active alerts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve the alert “Service unhealthy: mail”' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/admin/alerts/mail/resolve')).toBe(true));
    expect(calls.find((c) => c.path === '/admin/alerts/mail/resolve')?.method).toBe('POST');
  });

  it('says No service data available, and No active alerts', async () => {
    mockApi((c) =>
      c.path === '/admin/health' ? ok(health({ services: [] })) : ok({ items: [], activeCount: 0 }),
    );
    renderAs('support_admin', <HealthMonitorTab />);
    expect(await screen.findByText('No service data available')).toBeTruthy();
    expect(await screen.findByText('No active alerts')).toBeTruthy();
  });

  it('says the health could not load, and offers no Resolve without support.write', async () => {
    mockApi((c) =>
      c.path === '/admin/health' ? fail(500, 'boom') : ok({ items: [alert('mail')], activeCount: 1 }),
    );
    renderAs('compliance_admin', <HealthMonitorTab />);
    expect(
      await screen.findByText('Failed to load system health. Some services may be unavailable.'),
    ).toBeTruthy();
    await screen.findByText('Service unhealthy: mail');
    expect(screen.queryByRole('button', { name: /Resolve/ })).toBeNull();
  });

  it('translates the spec’s error texts (German)', async () => {
    await i18n.changeLanguage('de');
    mockApi((c) => (c.path === '/admin/health' ? ok(health()) : ok({ items: [], activeCount: 0 })));
    renderAs('support_admin', <HealthMonitorTab />);
    expect(await screen.findByText('Zeitüberschreitung nach 5000 ms')).toBeTruthy();
    expect(screen.getByText('Eingeschränkt')).toBeTruthy();
  });
});

describe('the page', () => {
  it('shows the operations tabs beside Support Tickets, the red count of failed webhooks, and switches tabs', async () => {
    mockApi((c) => {
      if (c.path === '/admin/support/summary') return ok({ unresolved: 0 });
      if (c.path === '/admin/support/tickets')
        return ok({ tickets: [], total: 0, unresolved: 0, limit: 200 });
      if (c.path === '/admin/webhooks') return ok({ items: [delivery()], failedCount: 1 });
      if (c.path === '/admin/logs') return ok({ items: [line(1)], nextCursor: null, retentionDays: 14 });
      if (c.path === '/admin/health') return ok(health());
      return ok({ items: [], activeCount: 0 });
    });
    renderAs(
      'support_admin',
      <MemoryRouter initialEntries={['/admin/support?tab=webhooks']}>
        <AdminSupportPage />
      </MemoryRouter>,
    );
    const webhooksTab = await screen.findByRole('tab', { name: /Webhook Monitoring/ });
    await waitFor(() => expect(webhooksTab.textContent).toContain('1'));
    expect(webhooksTab.textContent).toContain('1 failed webhook');
    fireEvent.click(screen.getByRole('tab', { name: 'System Logs' }));
    expect(await screen.findByText('line 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Health Monitor' }));
    expect(await screen.findByText('88/100')).toBeTruthy();
  });
});
