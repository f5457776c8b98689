import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenApiDocument } from '../api/openapi.ts';
import { locales } from '../locales.ts';
import { curlFor, exampleOf, groupByTag, typeName } from '../utils/openapi-model.ts';
import ApiReferencePage from './api-reference-page.tsx';

// The shape the server generates (http/openapi.ts): envelope replies, zod-made JSON Schema 2020-12, extensions.
const envelope = (data: object) => ({
  type: 'object',
  properties: { success: { type: 'boolean', const: true }, data, error: { type: 'null' } },
  required: ['success', 'data', 'error'],
});
const DOC: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Coinlane API',
    version: '0.1.0',
    description: 'Every reply is `{ success, data, error }`.',
  },
  servers: [{ url: 'https://pay.example.com/api/v1' }],
  tags: [
    { name: 'Payments', description: 'One attempt to pay.' },
    { name: 'API keys', description: 'Keys for server-to-server calls.' },
  ],
  paths: {
    '/payments': {
      post: {
        summary: 'Create a payment',
        tags: ['Payments'],
        security: [{ apiKey: [] }, { sessionCookie: [] }],
        'x-api-key-permission': 'write',
        'x-idempotent': true,
        parameters: [
          {
            in: 'header',
            name: 'Idempotency-Key',
            required: false,
            schema: { type: 'string', maxLength: 255 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  amount: { type: 'string', description: 'Decimal string', examples: ['0.0005'] },
                  currency: { type: 'string', minLength: 1, maxLength: 40 },
                  metadata: { type: 'object', additionalProperties: {} },
                },
                required: ['amount', 'currency'],
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: envelope({
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    status: { type: 'string', enum: ['pending', 'confirmed'] },
                    txHash: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                  },
                  required: ['id', 'status', 'txHash'],
                }),
              },
            },
          },
          default: { description: 'Failure: `success` is false and `error` says why.' },
        },
      },
    },
    '/payments/{id}/status': {
      get: {
        summary: 'Public payment status',
        tags: ['Payments'],
        security: [],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Default Response' } },
      },
    },
    '/api-keys': {
      get: {
        summary: 'List API keys',
        tags: ['API keys'],
        security: [{ sessionCookie: [] }],
        responses: { '200': { description: 'Default Response' } },
      },
    },
  },
};

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { apiReference: locales.en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/docs/api', element: <ApiReferencePage /> }], {
    initialEntries: ['/docs/api'],
  });
  return render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/docs/api', () => {
  it('renders the document grouped by tag: method, path, summary, auth, body fields, replies, curl', async () => {
    const fetch = vi.fn(async () => Response.json(DOC));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(screen.getByText('Loading the API reference...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Coinlane API' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/openapi.json', expect.anything());
    expect(screen.getByText('https://pay.example.com/api/v1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'API keys' })).toBeTruthy();

    const card = document.getElementById('post-payments')!;
    const c = within(card);
    expect(c.getByText('/payments')).toBeTruthy();
    expect(c.getByRole('heading', { name: 'Create a payment' })).toBeTruthy();
    expect(c.getByText('API key: write')).toBeTruthy();
    expect(c.getByText('Idempotency-Key', { selector: 'span' })).toBeTruthy();
    expect(c.getByText('amount')).toBeTruthy();
    expect(c.getByText('Decimal string')).toBeTruthy();
    expect(c.getByText('201')).toBeTruthy();
    expect(c.getByText('txHash')).toBeTruthy();
    expect(c.getByText('string | null')).toBeTruthy();
    const curl = card.querySelector('pre')!.textContent!;
    expect(curl).toContain("curl -X POST 'https://pay.example.com/api/v1/payments'");
    expect(curl).toContain('Authorization: Bearer $COINLANE_API_KEY');
    expect(curl).toContain('Idempotency-Key: $(uuidgen)');
    expect(curl).toContain('"amount": "0.0005"');

    expect(within(document.getElementById('get-payments-id-status')!).getByText('Public')).toBeTruthy();
    expect(within(document.getElementById('get-api-keys')!).getByText('Session only')).toBeTruthy();
  });

  it('filters endpoints by path or summary', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(DOC)),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Coinlane API' });
    fireEvent.change(screen.getByPlaceholderText('Search by path or summary…'), {
      target: { value: 'api-keys' },
    });
    await vi.waitFor(() => expect(document.getElementById('post-payments')).toBeNull());
    expect(document.getElementById('get-api-keys')).not.toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Search by path or summary…'), {
      target: { value: 'nothing-like-it' },
    });
    expect(await screen.findByText('No endpoint matches “nothing-like-it”.')).toBeTruthy();
  });

  it('says so when the document cannot be loaded, with the status, and retries', async () => {
    const fetch = vi.fn(async () => new Response('down', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByText('Failed to load the API reference: 503')).toBeTruthy();
    fetch.mockImplementation(async () => Response.json(DOC));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coinlane API' })).toBeTruthy();
  });
});

describe('openapi model', () => {
  it('groups by the document tag order and names types', () => {
    expect(groupByTag(DOC).map((g) => [g.name, g.endpoints.length])).toEqual([
      ['Payments', 2],
      ['API keys', 1],
    ]);
    expect(typeName(DOC, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeName(DOC, { type: 'array', items: { type: 'string', enum: ['read', 'write'] } })).toBe(
      'array of "read" | "write"',
    );
  });

  it('builds examples and curl calls', () => {
    expect(
      exampleOf(DOC, { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } }),
    ).toEqual({
      at: '2026-01-31T12:00:00Z',
    });
    const [status] = groupByTag(DOC)[0]!.endpoints.filter((e) => e.path.endsWith('status'));
    expect(curlFor(DOC, status!, 'https://x/api/v1')).toBe(
      "curl -X GET 'https://x/api/v1/payments/<id>/status'",
    );
  });
});
