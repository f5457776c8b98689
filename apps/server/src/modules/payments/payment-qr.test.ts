import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContextWithRoutes } from '#app/test/app-with-routes.ts';
import { createMerchant } from '#app/test/payment-fixtures.ts';
import type { TestContext } from '#app/test/test-app.ts';
import { paymentQrSvg } from './render-payment-qr.ts';

// The hosted payment page's QR image, and the server handing /payment/* the page's own light bundle.

let ctx: TestContext;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-web-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(web, 'payment.html'), '<!doctype html><title>payment page</title>');
  ctx = await createTestContextWithRoutes(async () => {}, { webDistDir: web });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('GET /payments/{id}/qr.svg', () => {
  it('draws the payment URI as an SVG anyone may fetch and cache', async () => {
    const merchant = await createMerchant(ctx);
    const link = (
      await merchant.call({
        method: 'POST',
        url: '/api/v1/payment-links',
        payload: { fiatAmount: '95', currency: 'BTC' },
      })
    ).json().data;
    const payment = (await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${link.id}` })).json().data
      .payment;

    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${payment.id}/qr.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe(paymentQrSvg(payment.paymentUri));
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="-4 -4 (\d+) \1"/);
    // Rate limited per IP like the other public calls of the page.
    expect(res.headers['ratelimit-limit']).toBeDefined();

    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/payments/pay_unknown/qr.svg' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Payment not found');
  });

  it('encodes different URIs differently, with a white quiet zone and dark modules', () => {
    const a = paymentQrSvg('bitcoin:addr1?amount=0.001');
    const b = paymentQrSvg('bitcoin:addr2?amount=0.001');
    expect(a).not.toBe(b);
    expect(a).toContain('fill="#fff"');
    expect(a).toMatch(/<path d="(M\d+ \d+h\d+v1h-\d+z)+" fill="#0f172a"\/>/);
  });
});

describe('the web app fallback', () => {
  it('serves the payment page bundle for /payment/* and the app for other routes', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/payment/lnk_abc123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('payment page');
    const withQuery = await ctx.app.inject({ method: 'GET', url: '/payment/lnk_abc123?lang=fr' });
    expect(withQuery.body).toContain('payment page');
    for (const url of ['/payment-links', '/dashboard', '/payment/', '/payments']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>app</title>');
    }
  });

  it('answers 404 for a missing asset instead of the app page (an old script after a rebuild)', async () => {
    for (const url of ['/assets/index-OLDHASH.js', '/missing.css', '/favicon.png?v=2']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>app</title>');
    }
  });
});
