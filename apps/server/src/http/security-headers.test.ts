import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/** Security headers on every kind of reply (http/security-headers.ts). */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'payment.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'embed.js'), '(function(){})();');
fs.writeFileSync(path.join(webDist, 'theme-init.js'), '(function(){})();');

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
    ['the hosted payment page asked for with an embed-looking query', '/payment/lnk_abc?embed=1'],
    ['an embed path that names no link', '/embed/payment/'],
    ['an embed path of another page', '/embed/subscribe/plan_abc'],
    ['the embed script', '/embed.js'],
    ['an API reply', '/api/v1/health'],
    ['an API error', '/api/v1/payments'],
    ['a missing file', '/assets/missing.js'],
    // refused by the router itself, before any hook runs (Fastify's frameworkErrors)
    ['a path that is not valid URL encoding', '/api/v1/payments/%E0%A4%A'],
    ['a path parameter longer than any id', `/api/v1/payments/${'a'.repeat(600)}`],
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

describe('the embeddable checkout', () => {
  it.each([
    ['in development', () => dev],
    ['in production', () => production],
  ])('may be framed by https sites and a developer machine, and by nothing else, %s', async (_l, ctx) => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: '/embed/payment/lnk_abc?origin=https%3A%2F%2Fshop.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['frame-ancestors']).toEqual(['https:', 'http://localhost:*', 'http://127.0.0.1:*']);
    // X-Frame-Options DENY would still refuse the frame in browsers that read only it.
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The rest of the policy is the hosted page's own: no inline or evaluated script, nothing framed inside it.
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('keeps upgrade-insecure-requests in production', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/embed/payment/lnk_abc' });
    expect(directives(String(res.headers['content-security-policy']))['upgrade-insecure-requests']).toEqual(
      [],
    );
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the embed script to other sites, and nothing else of the build', async () => {
    const script = await dev.app.inject({ method: 'GET', url: '/embed.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // A merchant's page loads it with <script src>: a same-origin resource policy would make browsers refuse it.
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Revalidated on each use: a new build reaches every shop at once.
    expect(script.headers['cache-control']).toBe('no-cache');
    const other = await dev.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(other.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
