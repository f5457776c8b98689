import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, PHONE } from './support/browser.ts';
import { browserLog } from './support/browser-log.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * A visitor who is not signed in is not an error: the public pages ask who is signed in (GET
 * /auth/current-user) and get "nobody", so the console stays free of failed requests (it logged a 401 on every
 * anonymous page before).
 */
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
