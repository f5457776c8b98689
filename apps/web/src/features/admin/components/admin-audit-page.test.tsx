import type { TAuditEntry, TAuditPage } from '@coinlane/core/api/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import AdminAuditPage from './admin-audit-page.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { admin: locales.en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (id: number, over: Partial<TAuditEntry> = {}): TAuditEntry => ({
  id,
  createdAt: '2026-11-26T10:00:00.000Z',
  actor: { type: 'admin', id: 'usr_root', name: 'Root Admin', email: 'root@coinlane.test' },
  action: 'user.suspended',
  entityType: 'user',
  entityId: `usr_${id}`,
  mode: null,
  before: { status: 'active' },
  after: { status: 'suspended' },
  ip: '203.0.113.7',
  ...over,
});
const ok = (data: TAuditPage) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });

function renderWith(pages: (url: URL) => TAuditPage) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      return ok(pages(url));
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminAuditPage />
    </QueryClientProvider>,
  );
  return urls;
}

describe('Audit Log page', () => {
  it('lists who did what, shows before and after on demand, and loads older entries with the cursor', async () => {
    const urls = renderWith((url) =>
      url.searchParams.get('before') === '9'
        ? {
            entries: [entry(8, { actor: { type: 'system', id: null, name: null, email: null } })],
            nextCursor: null,
            actions: [],
          }
        : {
            entries: [entry(10), entry(9, { action: 'user.approved' })],
            nextCursor: 9,
            actions: ['user.approved', 'user.suspended'],
          },
    );
    await screen.findByText('usr_10');
    expect(screen.getAllByText('Root Admin')).toHaveLength(2);
    expect(screen.queryByText(/"suspended"/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show what user.suspended changed' }));
    expect(screen.getByText(/"status": "suspended"/)).toBeTruthy();
    expect(screen.getByText(/"status": "active"/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('usr_8');
    expect(screen.getByText('System')).toBeTruthy();
    expect(urls.at(-1)?.searchParams.get('before')).toBe('9');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('sends the filters when applied, and says when nothing matches', async () => {
    const urls = renderWith((url) =>
      url.searchParams.size === 0
        ? { entries: [entry(1)], nextCursor: null, actions: ['user.approved', 'user.suspended'] }
        : { entries: [], nextCursor: null, actions: ['user.approved', 'user.suspended'] },
    );
    await screen.findByText('usr_1');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.approved' } });
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: ' root@coinlane.test ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    // The entities the server's audit rows name, refunds and the Danger Zone's platform actions among them.
    const entity = screen.getByLabelText('Entity') as HTMLSelectElement;
    const offered = [...entity.options].map((o) => o.value);
    expect(offered).toEqual(expect.arrayContaining(['refund', 'kyc_document', 'cryptocurrency', 'system']));
    expect(offered).not.toContain('rate');
    fireEvent.change(entity, { target: { value: 'refund' } });
    expect(entity.selectedOptions[0]?.textContent).toBe('Refund');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('No audit entries');
    expect(screen.getByText('No entry matches these filters: change or reset them.')).toBeTruthy();
    const last = urls.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      action: 'user.approved',
      actor: 'root@coinlane.test',
      entityType: 'refund',
      from: '2026-11-01',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await screen.findByText('usr_1');
    await waitFor(() => expect(urls.at(-1)?.searchParams.size).toBe(0));
  });
});
