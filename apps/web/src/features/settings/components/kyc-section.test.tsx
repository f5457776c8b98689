import type { TKyc } from '@coinlane/core/api/kyc';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../kyc-locales.ts';
import { KycSection } from './kyc-section.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { kyc: locales.en }, de: { kyc: locales.de } },
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

const empty: TKyc = {
  required: true,
  status: 'pending',
  rejectionReason: null,
  reviewedAt: null,
  documents: [],
  maxDocuments: 10,
  maxBytes: 10 * 1024 * 1024,
};
const passport = {
  id: 'kyc_1',
  kind: 'identity' as const,
  fileName: 'passport_scan.pdf',
  contentType: 'application/pdf' as const,
  size: 2_500_000,
  uploadedAt: '2026-11-20T09:30:00.000Z',
};

type Call = { url: string; method: string; body: unknown };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code } }), { status });

/**
 * GET /merchant/kyc answers `state()`, the session a merchant whose account is `accountStatus`; every other call is
 * recorded and answered by `handler`.
 */
function mockApi(
  state: () => TKyc,
  handler: (call: Call) => Response | undefined = () => undefined,
  accountStatus: 'pending' | 'active' = 'pending',
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/v1/merchant/kyc' && method === 'GET') return ok(state());
      if (url.startsWith('/api/v1/auth/current-user')) {
        const user = { id: 'usr_1', email: 'm@example.com', name: 'M', mode: 'test', isAdmin: false };
        return ok({ user: { ...user, status: accountStatus } });
      }
      const call = { url, method, body: init?.body };
      calls.push(call);
      return handler(call) ?? fail(404, 'NOT_FOUND', 'unexpected');
    }),
  );
  return calls;
}

function renderSection() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <KycSection />
    </QueryClientProvider>,
  );
}

const pick = (file: File) => fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
const pdf = (name = 'passport_scan.pdf', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('Identity verification (KYC) in Settings', () => {
  it('tells a merchant whose account an administrator approved that live payments are open', async () => {
    mockApi(() => empty, undefined, 'active');
    renderSection();
    expect(await screen.findByText(/Your account is approved: live payments are open/)).toBeTruthy();
  });

  it('says nothing of approval while the account waits for it', async () => {
    mockApi(() => empty);
    renderSection();
    expect(await screen.findByText(/No document submitted yet/)).toBeTruthy();
    expect(screen.queryByText(/Your account is approved/)).toBeNull();
  });

  it('uploads the chosen file with its kind, then lists it with Download and Delete', async () => {
    let state = empty;
    const calls = mockApi(
      () => state,
      (c) => {
        if (c.method !== 'POST') return undefined;
        state = { ...empty, documents: [passport] };
        return ok(passport);
      },
    );
    renderSection();
    expect(await screen.findByText(/No document submitted yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Document type'), { target: { value: 'identity' } });
    pick(pdf());
    expect(screen.getByText('Selected: passport_scan.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findByText('Document uploaded: passport_scan.pdf')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/merchant/kyc/documents?kind=identity');
    expect((calls[0]!.body as FormData).get('document')).toBeInstanceOf(File);
    const row = (await screen.findByText('passport_scan.pdf')).closest('li')!;
    expect(within(row).getByText(/Identity document · 2\.4 MB/)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Download passport_scan.pdf' }).getAttribute('href')).toBe(
      '/api/v1/merchant/kyc/documents/kyc_1/file',
    );
    expect(within(row).getByRole('button', { name: 'Delete passport_scan.pdf' })).toBeTruthy();
  });

  it('refuses a file over 10 MB or of another type before sending it', async () => {
    const calls = mockApi(() => empty);
    renderSection();
    await screen.findByText(/No document submitted yet/);
    pick(pdf('big.pdf', 10 * 1024 * 1024 + 1));
    expect(screen.getByText('The document is larger than 10 MB. Please upload a smaller file.')).toBeTruthy();
    pick(new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByText(T.kycTypeNotAllowed)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload document' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal of a file that only looks like a PDF', async () => {
    mockApi(
      () => empty,
      () => fail(415, 'UNSUPPORTED_MEDIA_TYPE', T.kycTypeNotAllowed),
    );
    i18n.changeLanguage('de');
    renderSection();
    await screen.findByText(/Noch kein Dokument eingereicht/);
    fireEvent.change(screen.getByLabelText('Datei'), { target: { files: [pdf('renamed.pdf')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect(await screen.findByText(locales.de.errors.type)).toBeTruthy();
  });

  it('shows a rejection with its reason and still takes new documents', async () => {
    mockApi(() => ({
      ...empty,
      status: 'rejected',
      rejectionReason: 'The scan is cut off.',
      reviewedAt: '2026-11-21T10:00:00.000Z',
      documents: [passport],
    }));
    renderSection();
    expect(await screen.findByText('Rejected')).toBeTruthy();
    expect(screen.getByText('The scan is cut off.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload document' })).toBeTruthy();
  });

  it('once verified: the status, no upload and no delete, the documents still downloadable', async () => {
    mockApi(() => ({ ...empty, status: 'verified', documents: [passport] }));
    renderSection();
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.getByText('Your documents are verified. They can no longer be changed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download passport_scan.pdf' })).toBeTruthy();
  });

  it('deletes a document after asking', async () => {
    let state: TKyc = { ...empty, documents: [passport] };
    const calls = mockApi(
      () => state,
      (c) => {
        if (c.method !== 'DELETE') return undefined;
        state = empty;
        return ok({ id: 'kyc_1', deleted: true });
      },
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete passport_scan.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete document' });
    expect(
      within(dialog).getByText('Delete “passport_scan.pdf”? Reviewers will no longer see it.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url])).toEqual([['DELETE', '/api/v1/merchant/kyc/documents/kyc_1']]);
    expect(screen.getByText('No documents submitted')).toBeTruthy();
  });

  it('is not shown while KYC is off and nothing was sent; with documents it says KYC is off', async () => {
    mockApi(() => ({ ...empty, required: false }));
    const { container } = renderSection();
    // Loading shows a placeholder; the answer (KYC off, nothing sent) leaves nothing.
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await vi.waitFor(() => expect(container.innerHTML).toBe(''));
    cleanup();
    mockApi(() => ({ ...empty, required: false, documents: [passport] }));
    renderSection();
    expect(await screen.findByText(locales.en.notRequired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
  });
});
