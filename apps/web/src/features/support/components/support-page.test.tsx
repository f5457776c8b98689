import type { TMerchantTicket, TMerchantTicketDetails } from '@coinlane/core/api/support';
import { SUPPORT_LIMITS } from '@coinlane/core/api/support';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import SupportPage from './support-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries((['en', 'fr'] as const).map((lang) => [lang, { support: locales[lang] }])),
    interpolation: { escapeValue: false },
  });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const mine = (over: Partial<TMerchantTicket> = {}): TMerchantTicket => ({
  id: 'tkt_abcdefgh2345',
  title: 'Webhook signature fails',
  category: 'technical',
  priority: 'high',
  status: 'in_progress',
  messageCount: 2,
  lastMessageAt: '2026-11-28T10:05:00.000Z',
  answered: true,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:05:00.000Z',
  resolvedAt: null,
  ...over,
});
const details = (ticket: TMerchantTicket): TMerchantTicketDetails => ({
  ticket,
  messages: [
    { id: 'tkm_1', body: 'It fails since this morning.', fromStaff: false, createdAt: ticket.createdAt },
    { id: 'tkm_2', body: 'We are looking into it.', fromStaff: true, createdAt: '2026-11-28T10:05:00.000Z' },
  ],
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { code, message, fields } }), { status });

type Call = { url: string; method: string; body?: unknown };
function mockApi(handler: (c: Call) => Response | undefined) {
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
      return handler(call) ?? fail(404, 'NOT_FOUND', T.ticketNotFound);
    }),
  );
  return calls;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function renderPage(url = '/support') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/support" element={<SupportPage />} />
          <Route path="/support/:ticketId" element={<SupportPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the merchant Support page', () => {
  it('lists its tickets, marks an answer waiting, and opens one', async () => {
    mockApi((c) =>
      c.url === '/api/v1/support/tickets'
        ? ok([
            mine(),
            mine({ id: 'tkt_zzzzzzzz2222', title: 'Old question', status: 'closed', answered: true }),
          ])
        : c.url === '/api/v1/support/tickets/tkt_abcdefgh2345'
          ? ok(details(mine()))
          : undefined,
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('#abcdefgh')).toBeTruthy();
    expect(within(items[0]!).getByText('In Progress')).toBeTruthy();
    expect(within(items[0]!).getByText('New answer')).toBeTruthy();
    // A closed ticket waits for nothing.
    expect(within(items[1]!).queryByText('New answer')).toBeNull();
    fireEvent.click(items[0]!);
    expect(await screen.findByText('We are looking into it.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/support/tkt_abcdefgh2345');
    expect(screen.getByText('Coinlane Support')).toBeTruthy();
    expect(screen.getByText('You')).toBeTruthy();
  });

  it('opens a ticket: checked with the server’s rules first, then sent, then shown', async () => {
    let created: TMerchantTicketDetails | null = null;
    const calls = mockApi((c) => {
      if (c.url === '/api/v1/support/tickets' && c.method === 'GET')
        return ok(created ? [created.ticket] : []);
      if (c.url === '/api/v1/support/tickets' && c.method === 'POST') {
        created = {
          ticket: mine({ status: 'open', answered: false, messageCount: 1, title: 'Payout question' }),
          messages: [
            {
              id: 'tkm_1',
              body: 'When are fees charged?',
              fromStaff: false,
              createdAt: '2026-11-28T10:00:00.000Z',
            },
          ],
        };
        return ok(created);
      }
      if (c.url === '/api/v1/support/tickets/tkt_abcdefgh2345' && created) return ok(created);
      return undefined;
    });
    renderPage();
    expect(await screen.findByText('No tickets yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'New Ticket' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Open a ticket' });
    fireEvent.click(within(dialog.parentElement!).getByRole('button', { name: 'Open Ticket' }));
    expect(await within(dialog).findByText(T.ticketTitleRequired)).toBeTruthy();
    expect(within(dialog).getByText(T.ticketMessageRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Payout question' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'billing' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), {
      target: { value: 'When are fees charged?' },
    });
    expect(within(dialog).getByText(`22 / ${SUPPORT_LIMITS.message}`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open Ticket' }));
    expect(await screen.findByText('When are fees charged?', { selector: 'p' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        title: 'Payout question',
        category: 'billing',
        priority: 'normal',
        message: 'When are fees charged?',
      },
    ]);
    expect(screen.getByTestId('where').textContent).toBe('/support/tkt_abcdefgh2345');
  });

  it('keeps what was typed and says why when the server refuses (in French)', async () => {
    await i18n.changeLanguage('fr');
    mockApi((c) =>
      c.url === '/api/v1/support/tickets' && c.method === 'GET'
        ? ok([])
        : c.method === 'POST'
          ? fail(429, 'RATE_LIMITED', T.ticketTooManyMessages(SUPPORT_LIMITS.messagesPerHour))
          : undefined,
    );
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Nouveau ticket' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Ouvrir un ticket' });
    fireEvent.change(within(dialog).getByLabelText('Objet'), { target: { value: 'Question' } });
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Bonjour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ouvrir le ticket' }));
    expect(
      await within(dialog).findByText(`Impossible d'ouvrir le ticket : ${locales.fr.errors.tooMany}`),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Bonjour');
  });

  it('writes on a ticket; a closed one takes no message; another account’s ticket is not found', async () => {
    let current = details(mine());
    const calls = mockApi((c) => {
      if (c.url === '/api/v1/support/tickets/tkt_abcdefgh2345' && c.method === 'GET') return ok(current);
      if (c.url === '/api/v1/support/tickets/tkt_abcdefgh2345/messages') {
        current = {
          ticket: { ...current.ticket, messageCount: 3, answered: false },
          messages: [
            ...current.messages,
            {
              id: 'tkm_3',
              body: 'Thanks, it works now.',
              fromStaff: false,
              createdAt: '2026-11-28T11:00:00.000Z',
            },
          ],
        };
        return ok(current);
      }
      if (c.url === '/api/v1/support/tickets/tkt_closed000000')
        return ok(details(mine({ id: 'tkt_closed000000', status: 'closed' })));
      return undefined;
    });
    renderPage('/support/tkt_abcdefgh2345');
    await screen.findByText('We are looking into it.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(T.ticketMessageRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Thanks, it works now.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks, it works now.', { selector: 'p' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { body: 'Thanks, it works now.' },
    ]);
    cleanup();

    renderPage('/support/tkt_closed000000');
    expect(await screen.findByText(T.ticketClosedCustomer)).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    cleanup();

    renderPage('/support/tkt_someoneelse00');
    expect(
      await screen.findByText('This ticket does not exist, or it belongs to another account.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when the list cannot load, with Retry', async () => {
    let down = true;
    mockApi((c) =>
      c.url === '/api/v1/support/tickets'
        ? down
          ? fail(503, 'SERVICE_UNAVAILABLE', 'down')
          : ok([])
        : undefined,
    );
    renderPage();
    expect(
      await screen.findByText('Failed to load your tickets. Please check your connection and try again.'),
    ).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('No tickets yet')).toBeTruthy());
  });
});
