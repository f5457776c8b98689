import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import DevMailPage from './dev-mail-page.tsx';
import { MAIL_SANDBOX, mailDocument } from './mail-view.tsx';

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { devMail: locales.en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderPage() {
  const qc = new QueryClient();
  const router = createMemoryRouter([{ path: '/dev/mail', element: <DevMailPage /> }], {
    initialEntries: ['/dev/mail'],
  });
  return render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/dev/mail', () => {
  it('lists mails newest first and opens one in a sandboxed frame without scripts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/dev/mail'))
          return reply(200, {
            success: true,
            error: null,
            data: [
              {
                id: 'mail_old',
                to: 'a@example.com',
                subject: 'Older mail',
                createdAt: '2025-01-01T10:00:00.000Z',
              },
              {
                id: 'mail_new',
                to: 'a@example.com',
                subject: 'Your sign-in code',
                createdAt: '2025-01-01T11:00:00.000Z',
              },
            ],
          });
        return reply(200, {
          success: true,
          error: null,
          data: {
            id: 'mail_new',
            to: 'a@example.com',
            subject: 'Your sign-in code',
            createdAt: '2025-01-01T11:00:00.000Z',
            html: '<html><head></head><body><p>Code 123456</p><script>alert(1)</script></body></html>',
            text: 'Code 123456\nhttp://localhost:3000/login',
            replyTo: null,
          },
        });
      }),
    );
    renderPage();
    expect(screen.getByText(/mails are not sent in development without SMTP_URL/)).toBeTruthy();
    const items = await screen.findAllByRole('button', { name: /mail|code/i });
    expect(items[0]?.textContent).toContain('Your sign-in code');
    fireEvent.click(items[0]!);
    const frame = (await screen.findByTitle('Mail: Your sign-in code')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe(MAIL_SANDBOX);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    expect(screen.getByRole('link', { name: 'http://localhost:3000/login' })).toBeTruthy();
  });

  it('says the outbox is off when the API answers 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(404, { success: false, data: null, error: { message: 'Not found', code: 'NOT_FOUND' } }),
      ),
    );
    renderPage();
    expect(
      await screen.findByText(
        'The development mail outbox is off (SMTP is configured or this is production).',
      ),
    ).toBeTruthy();
  });

  it('opens links of the mail in a new tab', () => {
    expect(mailDocument('<html><head><title>x</title></head></html>')).toContain(
      '<head><base target="_blank">',
    );
    expect(mailDocument('<p>hi</p>').startsWith('<base target="_blank">')).toBe(true);
  });
});
