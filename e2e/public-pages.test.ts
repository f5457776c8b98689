import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, PHONE } from './support/browser.ts';
import { browserLog } from './support/browser-log.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * The public pages a visitor reaches without signing in, on one real server:
 * - what a customer's phone downloads for the hosted payment page, measured by Chromium itself (Resource
 *   Timing's transferSize: bytes on the wire, headers included, 0 when served from the browser's cache). The
 *   page's JavaScript travels brotli-compressed within the 80 KB budget, and a second visit downloads none of it
 *   again;
 * - a visitor who is not signed in is not an error: the public pages ask who is signed in (GET
 *   /auth/current-user) and get "nobody", so the console stays free of failed requests (it logged a 401 on
 *   every anonymous page before).
 */
const BUDGET_BYTES = 80 * 1024;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Transfer = { name: string; transferSize: number; encodedBodySize: number; decodedBodySize: number };
const scripts = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({
        name: new URL(e.name).pathname,
        transferSize: e.transferSize,
        encodedBodySize: e.encodedBodySize,
        decodedBodySize: e.decodedBodySize,
      })),
  ) as Promise<Transfer[]>;

describe('the hosted payment page on the wire', () => {
  it('sends its JavaScript compressed within the budget, and not again on a second visit', async () => {
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    const encodings = new Map<string, string>();
    page.on('response', (r) => {
      const name = new URL(r.url()).pathname;
      if (name.endsWith('.js')) encodings.set(name, r.headers()['content-encoding'] ?? 'none');
    });
    await page.goto('/payment/lnk_wirecheck', { waitUntil: 'networkidle' });
    const first = await scripts(page);
    expect(first.length).toBeGreaterThan(0);
    const wire = first.reduce((n, s) => n + s.transferSize, 0);
    const decoded = first.reduce((n, s) => n + s.decodedBodySize, 0);
    console.log(
      `hosted page, first visit: ${first.length} scripts, ${(wire / 1024).toFixed(1)} KB on the wire (${(decoded / 1024).toFixed(1)} KB uncompressed)`,
    );
    // Every script worth compressing (the build leaves files under 1 KB as they are) came as brotli.
    const large = first.filter((s) => s.decodedBodySize >= 1024).map((s) => [s.name, encodings.get(s.name)]);
    expect(large.length).toBeGreaterThan(0);
    expect(large.filter(([, e]) => e !== 'br')).toEqual([]);
    expect(wire).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(wire).toBeLessThan(decoded / 2);

    // A second visit (a new navigation, as when the customer opens the link again): every script from the cache.
    await page.goto('about:blank');
    await page.goto('/payment/lnk_wirecheck', { waitUntil: 'networkidle' });
    const second = await scripts(page);
    expect(second.length).toBe(first.length);
    expect(second.reduce((n, s) => n + s.transferSize, 0)).toBe(0);
    await ctx.close();
  });
});

describe('anonymous pages', () => {
  it('log no failed request and no error in the console', async () => {
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    for (const path of ['/', '/login', '/signup', '/forgot-password', '/docs']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    const log = browserLog(ctx);
    const errors = [...log.console, ...log.pageErrors].filter(
      (e) => e.type === 'error' || e.type === 'pageerror',
    );
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
