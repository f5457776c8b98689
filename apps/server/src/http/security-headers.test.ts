import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/** Security headers on every kind of reply (http/security-headers.ts). */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'payment.html'), '<!doctype html><div id="root"></div>');

let dev: TestContext;
let production: TestContext;
beforeAll(async () => {
  dev = await createTestContext({ webDistDir: webDist });
  production = await createTestContext({ webDistDir: webDist, env: 'production' });
});
afterAll(async () => {
  await dev.close();
  await production.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each([
    ['the app shell', '/dashboard'],
    ['the admin back-office', '/admin/dashboard'],
    ['the hosted payment page', '/payment/lnk_abc'],
    ['the subscribe page', '/subscribe/plan_abc'],
    [
      'the subscriber portal (its token in the query)',
      '/subscription-portal?token=Abc123Abc123Abc123Abc123Abc123Abc123xyz',
    ],
    ['an API reply', '/api/v1/health'],
    ['an API error', '/api/v1/payments'],
    ['a missing file', '/assets/missing.js'],
  ])('are on %s', async (_label, url) => {
    const res = await dev.app.inject({ method: 'GET', url });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The portal's token (in its URL until the page removes it) never leaves in a Referer to another site.
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Not pinned to https on a laptop's http://localhost.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS and upgrade-insecure-requests in production', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/payment/lnk_abc' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(String(res.headers['content-security-policy']))['upgrade-insecure-requests']).toEqual(
      [],
    );
  });
});
