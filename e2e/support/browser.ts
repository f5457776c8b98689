import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { watchBrowserLog } from './browser-log.ts';

/** Debian's Chromium, never a downloaded one (DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A new browser context for a journey. Every one is watched (support/browser-log.ts): console messages and page
 * errors are kept, and a Content-Security-Policy violation fails the test (after it, or at ctx.close()).
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL,
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  // A minute for an action or a page load: in CI all four parts share two cores (load average 15-27), and a page
  // load of /login took over 30 s there (CI of stop 35). A page that never loads still fails, after the minute.
  ctx.setDefaultTimeout(60_000);
  await watchBrowserLog(ctx);
  return ctx;
}

/** Where a screenshot named `name` is kept (test-results/screens, or SCREENSHOT_DIR), for looking at after a run. */
export function screenshotPath(name: string): string {
  const dir = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(process.cwd(), 'test-results/screens'));
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/**
 * Saves a screenshot: the whole page, or only the viewport (`fullPage: false`, for a modal dialog, which covers
 * the viewport and not the page).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  // A whole long page (the /docs page at phone width is many screens tall) is painted tile by tile: on a loaded
  // machine that took more than the default 15 s (CI, 2026-11-29). An artifact to look at, not an assertion.
  await page.screenshot({ path: screenshotPath(name), fullPage, timeout: 60_000 });
}

/** One element, without the sticky header and the phone's bottom bar drawn over it. */
export const sectionShot = (loc: Locator, name: string) =>
  loc.screenshot({
    path: screenshotPath(name),
    style: 'header, nav[aria-label="Quick navigation"] { visibility: hidden; }',
  });

/** What the viewport shows now (a dialog over the page). */
export const viewShot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(name) });

export const tmpProfile = () => fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-chromium-'));
