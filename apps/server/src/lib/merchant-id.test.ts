import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// The spec's client sends merchantId in the bodies of payments, payment links and API keys. Every such route
// treats it the same way: the merchant's own id is accepted and ignored, another id is refused with 403.

let ctx: TestContext;
let alice: Merchant;
let linkId: string;
let keyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createMerchant(ctx);
  const link = await alice.call({
    method: 'POST',
    url: '/api/v1/payment-links',
    payload: { amount: '0.01', currency: 'BTC' },
  });
  expect(link.statusCode, link.body).toBe(201);
  linkId = link.json().data.id;
  const key = await alice.call({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'k' } });
  expect(key.statusCode, key.body).toBe(200);
  keyId = key.json().data.id;
});
afterAll(() => ctx.close());

const routes: Array<[string, 'POST' | 'PUT', () => string, Record<string, unknown>]> = [
  ['POST /payments', 'POST', () => '/api/v1/payments', { amount: '0.001', currency: 'BTC' }],
  ['POST /payment-links', 'POST', () => '/api/v1/payment-links', { amount: '0.001', currency: 'BTC' }],
  ['PUT /payment-links/{id}', 'PUT', () => `/api/v1/payment-links/${linkId}`, { description: 'New' }],
  ['POST /api-keys', 'POST', () => '/api/v1/api-keys', { name: 'Shop' }],
  ['PUT /api-keys/{id}', 'PUT', () => `/api/v1/api-keys/${keyId}`, { name: 'Renamed' }],
];

describe('merchantId in request bodies', () => {
  it.each(routes)('%s accepts the merchant own id', async (_name, method, url, body) => {
    const res = await alice.call({ method, url: url(), payload: { ...body, merchantId: alice.id } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json().success).toBe(true);
  });

  it.each(routes)('%s refuses another id with 403 and a clear message', async (_name, method, url, body) => {
    const res = await alice.call({
      method,
      url: url(),
      payload: { ...body, merchantId: 'usr_someone_else' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      error: { code: 'FORBIDDEN', message: T.merchantIdMismatch },
    });
  });
});
