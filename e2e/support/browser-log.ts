import type { BrowserContext, ConsoleMessage, WebError } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * Every browser context the journeys open (support/browser.ts newContext) is watched here: its console messages
 * and uncaught page errors are kept, and a Content-Security-Policy violation fails the test it happened in. The
 * server's policy (apps/server/src/http/security-headers.ts) allows no inline or evaluated script; a page that
 * breaks it only logs to the console, so without this check a blocked script or connection would go unnoticed.
 *
 * Violations are seen three ways: Chromium's own console messages ("Refused to execute inline script because it
 * violates the following Content Security Policy directive…"), uncaught errors saying so (eval → EvalError), and
 * `securitypolicyviolation` DOM events, which an init script records onto `window.__cspViolations` (read back
 * before the context closes and after each test) and also logs to the console (kept when the page navigates).
 * Other console noise (401 "Failed to load resource" before sign-in…) is kept but fails nothing; set
 * E2E_CONSOLE=1 to print it.
 */

export const CSP_VIOLATION =
  /Content[- ]Security[- ]Policy|Refused to (load|execute|apply|evaluate|connect|frame)/i;

export type LogEntry = { type: string; text: string; url: string };

export class BrowserLog {
  /** Every console message of every page of the context, in order. */
  readonly console: LogEntry[] = [];
  /** Uncaught errors of the pages. */
  readonly pageErrors: LogEntry[] = [];
  /** CSP violations, each text once. */
  readonly violations: LogEntry[] = [];
  private reported = 0;
  private printed = 0;

  addViolation(text: string, url: string) {
    if (!this.violations.some((v) => v.text === text)) this.violations.push({ type: 'csp', text, url });
  }

  onConsole(m: ConsoleMessage) {
    const entry = { type: m.type(), text: m.text(), url: m.page()?.url() ?? m.location().url };
    this.console.push(entry);
    if (CSP_VIOLATION.test(entry.text)) this.addViolation(entry.text, entry.url);
  }

  onPageError(e: WebError) {
    const entry = { type: 'pageerror', text: e.error().message, url: e.page()?.url() ?? '' };
    this.pageErrors.push(entry);
    if (CSP_VIOLATION.test(entry.text)) this.addViolation(entry.text, entry.url);
  }

  /** Reads the `securitypolicyviolation` events recorded in the open pages (and flushes their pending events). */
  async collect(ctx: BrowserContext) {
    for (const page of ctx.pages()) {
      for (const frame of page.frames()) {
        const read = frame
          .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
          .catch(() => [] as string[]);
        const timeout = new Promise<string[]>((r) => setTimeout(() => r([]), 5_000).unref());
        for (const text of await Promise.race([read, timeout])) this.addViolation(text, frame.url());
      }
    }
  }

  /** Throws for the violations not reported yet (each is reported once). */
  assertNoViolation() {
    if (process.env.E2E_CONSOLE === '1') this.print();
    const fresh = this.violations.slice(this.reported);
    this.reported = this.violations.length;
    if (fresh.length > 0) {
      throw new Error(
        `Content-Security-Policy violation in the browser:\n${fresh.map((v) => `  on ${v.url}: ${v.text}`).join('\n')}`,
      );
    }
  }

  private print() {
    const noise = [...this.console, ...this.pageErrors].filter((e) => e.type !== 'log' && e.type !== 'debug');
    for (const e of noise.slice(this.printed)) console.warn(`[browser ${e.type}] ${e.url}: ${e.text}`);
    this.printed = noise.length;
  }
}

/** Runs in every frame before its own scripts (through CDP, so the page's CSP does not apply to it). */
function recordViolations() {
  const w = window as unknown as { __cspViolations?: string[] };
  if (w.__cspViolations) return;
  const seen: string[] = [];
  w.__cspViolations = seen;
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      const at = `${e.sourceFile || e.documentURI}:${e.lineNumber}:${e.columnNumber}`;
      const sample = e.sample ? ` (${JSON.stringify(e.sample)})` : '';
      const text = `Content-Security-Policy violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${at}${sample}`;
      seen.push(text);
      console.error(text);
    },
    true,
  );
}

const open = new Map<BrowserContext, BrowserLog>();
const logs = new WeakMap<BrowserContext, BrowserLog>();

/** Starts watching a new context; its close() then fails on any violation not reported yet. */
export async function watchBrowserLog(ctx: BrowserContext): Promise<BrowserLog> {
  const log = new BrowserLog();
  logs.set(ctx, log);
  open.set(ctx, log);
  ctx.on('console', (m) => log.onConsole(m));
  ctx.on('weberror', (e) => log.onPageError(e));
  ctx.on('close', () => open.delete(ctx));
  await ctx.addInitScript(recordViolations);
  const close = ctx.close.bind(ctx);
  ctx.close = async (options) => {
    await log.collect(ctx);
    open.delete(ctx);
    await close(options);
    log.assertNoViolation();
  };
  return log;
}

/** The console messages, page errors and CSP violations of a context made by newContext. */
export function browserLog(ctx: BrowserContext): BrowserLog {
  const log = logs.get(ctx);
  if (!log) throw new Error('not a context made by newContext (support/browser.ts)');
  return log;
}

/** Fails now if the context's pages have violated the CSP since the last check. */
export async function expectNoCspViolation(ctx: BrowserContext) {
  const log = browserLog(ctx);
  await log.collect(ctx);
  log.assertNoViolation();
}

// After every test of every journey (this module is imported while the test file is collected, so the hook
// belongs to the file's root suite): the contexts still open are checked too, e.g. one shared between tests
// and closed in afterAll.
afterEach(async () => {
  const failures: string[] = [];
  for (const [ctx, log] of open) {
    await log.collect(ctx);
    try {
      log.assertNoViolation();
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  if (failures.length > 0) throw new Error(failures.join('\n'));
});
