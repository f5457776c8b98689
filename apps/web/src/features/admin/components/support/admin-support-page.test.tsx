import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TSupportTicket, TSupportTicketDetails, TSupportTicketList } from '@coinlane/core/api/support';
import { ROLE_PERMISSIONS } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../../../lib/auth.ts';
import { locales as admin } from '../../locales.ts';
import { locales as operations } from '../../operations-locales.ts';
import { locales } from '../../support-locales.ts';
import AdminSupportPage, { SUPPORT_TABS } from './admin-support-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { adminSupport: locales.en, admin: admin.en, adminOperations: operations.en } },
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

const ticketsTab = () => screen.getByRole('tab', { name: /Support Tickets/ });

const staff = (role: 'super_admin' | 'support_admin' | 'compliance_admin'): TSessionUser =>
  ({
    id: `usr_${role}`,
    email: `${role}@coinlane.test`,
    name: 'Staff',
    avatarUrl: null,
    isAdmin: true,
    adminRole: role,
    permissions: [...ROLE_PERMISSIONS[role]],
    mode: 'test',
  }) as unknown as TSessionUser;
// A role that may read tickets but not change them (no built-in role has only support.read).
const reader = { ...staff('support_admin'), permissions: ['support.read'] } as TSessionUser;

const ticket = (over: Partial<TSupportTicket> = {}): TSupportTicket => ({
  id: 'tkt_abcdefgh2345',
  title: 'Webhook signature fails',
  category: 'technical',
  priority: 'high',
  status: 'open',
  userId: 'usr_alice',
  customerName: 'Alice Books',
  customerEmail: 'alice@example.com',
  assignedTo: null,
  messageCount: 1,
  lastMessageAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  resolvedAt: null,
  ...over,
});
const gone = ticket({
  id: 'tkt_zyxwvuts7777',
  title: 'Close my account',
  customerName: T.unknownUser,
  customerEmail: null,
  status: 'resolved',
  messageCount: 3,
  resolvedAt: '2026-11-27T10:00:00.000Z',
});
const list = (tickets: TSupportTicket[]): TSupportTicketList => ({
  tickets,
  total: tickets.length,
  unresolved: tickets.filter((t) => t.status === 'open' || t.status === 'in_progress').length,
  limit: 200,
});
const thread = (t: TSupportTicket): TSupportTicketDetails => ({
  ticket: t,
  messages: [
    {
      id: 'tkm_1',
      body: 'Our server says the signature does not match.',
      fromStaff: false,
      authorName: t.customerName,
      createdAt: t.createdAt,
    },
  ],
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ success: false, data: null, error: { code, message } }), { status });

type Call = { url: string; method: string; body?: unknown };
function mockApi(handler: (c: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call) ?? fail(404, 'NOT_FOUND', 'unexpected');
    }),
  );
  return calls;
}

function renderPage(user: TSessionUser, url = '/admin/support') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKey, user);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <AdminSupportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Support & Operations', () => {
  it('lists tickets with their reference, customer, message count and status; the tab counts the unresolved', async () => {
    mockApi((c) =>
      c.url === '/api/v1/admin/support/tickets'
        ? ok(list([ticket(), gone]))
        : c.url === '/api/v1/admin/support/summary'
          ? ok({ unresolved: 1 })
          : undefined,
    );
    renderPage(staff('support_admin'));
    const row = (await screen.findByText('Webhook signature fails')).closest('tr')!;
    expect(within(row).getByText('#abcdefgh')).toBeTruthy();
    expect(within(row).getAllByText(/Alice Books/).length).toBeGreaterThan(0);
    expect(within(row).getAllByLabelText('Status of ticket abcdefgh')[0]).toHaveProperty('value', 'open');
    const other = screen.getByText('Close my account').closest('tr')!;
    expect(within(other).getAllByText(/Unknown User/).length).toBeGreaterThan(0);
    expect(within(other).getByText('3')).toBeTruthy();
    // The spec's four tabs in order; Support Tickets carries the red count of unresolved tickets.
    expect(SUPPORT_TABS.map((t) => t.key)).toEqual(['tickets', 'webhooks', 'logs', 'health']);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      expect.stringMatching(/^Support Tickets/),
      'Webhook Monitoring',
      'System Logs',
      'Health Monitor',
    ]);
    const tab = ticketsTab();
    await waitFor(() => expect(tab.textContent).toBe('Support Tickets11 unresolved ticket'));
    // Read out on the tab, and said above the list.
    expect(screen.getAllByText('1 unresolved ticket')).toHaveLength(2);
  });

  it('changes a status with support.write, and says so when it fails', async () => {
    let fails = true;
    let current = ticket();
    const calls = mockApi((c) => {
      if (c.url === '/api/v1/admin/support/tickets') return ok(list([current]));
      if (c.url === '/api/v1/admin/support/summary') return ok({ unresolved: list([current]).unresolved });
      if (c.method === 'PUT' && c.url === '/api/v1/admin/support/tickets/tkt_abcdefgh2345/status') {
        if (fails) return fail(500, 'INTERNAL_ERROR', 'boom');
        current = ticket({ status: 'resolved', resolvedAt: '2026-11-28T11:00:00.000Z' });
        return ok(current);
      }
      return undefined;
    });
    renderPage(staff('support_admin'));
    await screen.findByText('Webhook signature fails');
    const select = () => screen.getAllByLabelText('Status of ticket abcdefgh')[0] as HTMLSelectElement;
    expect(select().disabled).toBe(false);
    fireEvent.change(select(), { target: { value: 'resolved' } });
    expect(await screen.findByText(T.ticketStatusUpdateFailed)).toBeTruthy();
    expect(select().value).toBe('open');

    fails = false;
    fireEvent.change(select(), { target: { value: 'resolved' } });
    await waitFor(() => expect(select().value).toBe('resolved'));
    expect(screen.queryByText(T.ticketStatusUpdateFailed)).toBeNull();
    // Resolved: the tab's count is gone.
    await waitFor(() => expect(ticketsTab().textContent).toBe('Support Tickets'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { status: 'resolved' },
      { status: 'resolved' },
    ]);
  });

  it('without support.write the dropdown is disabled and the thread has no reply form', async () => {
    mockApi((c) =>
      c.url === '/api/v1/admin/support/tickets'
        ? ok(list([ticket()]))
        : c.url === '/api/v1/admin/support/summary'
          ? ok({ unresolved: 1 })
          : c.url === '/api/v1/admin/support/tickets/tkt_abcdefgh2345'
            ? ok(thread(ticket()))
            : undefined,
    );
    renderPage(reader);
    await screen.findByText('Webhook signature fails');
    for (const s of screen.getAllByLabelText('Status of ticket abcdefgh'))
      expect((s as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'View ticket abcdefgh' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Our server says the signature does not match.');
    expect(within(dialog).queryByLabelText('Your reply')).toBeNull();
    expect(within(dialog).getByText('Replying needs the support.write permission.')).toBeTruthy();
  });

  it('View opens the thread; staff reply, checked first, and the reply joins the thread', async () => {
    const answered: TSupportTicketDetails = {
      ticket: ticket({ status: 'in_progress', messageCount: 2, assignedTo: { id: 'usr_s', name: 'Sam' } }),
      messages: [
        ...thread(ticket()).messages,
        {
          id: 'tkm_2',
          body: 'We are looking into it.',
          fromStaff: true,
          authorName: 'Sam',
          createdAt: '2026-11-28T10:05:00.000Z',
        },
      ],
    };
    let current = thread(ticket());
    const calls = mockApi((c) => {
      if (c.url === '/api/v1/admin/support/tickets') return ok(list([current.ticket]));
      if (c.url === '/api/v1/admin/support/summary') return ok({ unresolved: 1 });
      if (c.url === '/api/v1/admin/support/tickets/tkt_abcdefgh2345') return ok(current);
      if (c.method === 'POST') {
        current = answered;
        return ok(answered);
      }
      return undefined;
    });
    // Opened from the operator's mail: ?ticket= opens the thread at once.
    renderPage(staff('super_admin'), '/admin/support?ticket=tkt_abcdefgh2345');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Our server says the signature does not match.');
    expect(
      within(dialog).getByText('The merchant is told by e-mail, with a link to this ticket.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
    expect(await within(dialog).findByText(T.ticketMessageRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Your reply'), {
      target: { value: '  We are looking into it.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
    // The reply in the thread, under its author's name; the form is empty again.
    expect(await within(dialog).findByText(/Sam · Support/)).toBeTruthy();
    expect(within(dialog).getByText('We are looking into it.', { selector: 'p' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/admin/support/tickets/tkt_abcdefgh2345/messages', { body: 'We are looking into it.' }],
    ]);
    expect((within(dialog).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('');
  });

  it('a closed ticket offers no reply until it is reopened', async () => {
    const closed = ticket({ status: 'closed', resolvedAt: '2026-11-28T11:00:00.000Z' });
    mockApi((c) =>
      c.url === '/api/v1/admin/support/tickets'
        ? ok(list([closed]))
        : c.url === '/api/v1/admin/support/summary'
          ? ok({ unresolved: 0 })
          : c.url === '/api/v1/admin/support/tickets/tkt_abcdefgh2345'
            ? ok(thread(closed))
            : undefined,
    );
    renderPage(staff('super_admin'), '/admin/support?ticket=tkt_abcdefgh2345');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(T.ticketClosedStaff)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Your reply')).toBeNull();
  });

  it('shows the empty state, and the load error with Retry', async () => {
    let down = true;
    mockApi((c) => {
      if (c.url === '/api/v1/admin/support/summary') return ok({ unresolved: 0 });
      if (c.url === '/api/v1/admin/support/tickets')
        return down ? fail(503, 'SERVICE_UNAVAILABLE', 'down') : ok(list([]));
      return undefined;
    });
    renderPage(staff('support_admin'));
    expect(await screen.findByText(T.supportTicketsLoadFailed)).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No support tickets yet')).toBeTruthy();
    // No unresolved ticket: no count on the tab.
    expect(ticketsTab().textContent).toBe('Support Tickets');
  });
});
