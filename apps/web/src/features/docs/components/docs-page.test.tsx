import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import DocsPage from './docs-page.tsx';

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { docs: locales.en } }, interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDocs() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/docs', element: <DocsPage /> }], {
    initialEntries: ['/docs'],
  });
  return render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/docs', () => {
  it('shows the loading state, then the rendered markdown with its contents', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('# Title\n\n## First part\n\nHello [home](/).\n\n### Detail\n', {
          headers: { 'content-type': 'text/markdown' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderDocs();
    expect(screen.getByText('Loading documentation...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: /First part/ })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/docs.md', expect.anything());
    const tocLinks = screen.getAllByRole('link', { name: 'First part' });
    expect(tocLinks[0]?.getAttribute('href')).toBe('#first-part');
    expect(document.getElementById('first-part')?.tagName).toBe('H2');
  });

  it('names the status of a non-OK reply and links back home', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    renderDocs();
    expect(await screen.findByText('Failed to load documentation: 404')).toBeTruthy();
    const back = screen.getAllByRole('link', { name: /Back to Home/ });
    expect(back.some((a) => a.getAttribute('href') === '/')).toBe(true);
  });

  it('shows the thrown message when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Network down'))),
    );
    renderDocs();
    expect(await screen.findByText('Network down')).toBeTruthy();
  });

  it('treats the app shell served instead of the file as not found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } })),
    );
    renderDocs();
    expect(await screen.findByText('Failed to load documentation: 404')).toBeTruthy();
  });
});
