export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `check` every 50 ms until it gives a truthy value (returned), or fails after `ms` naming `what` and,
 * when given, what `context` says then (a watcher's status, say). The default is long: what takes a second alone
 * took over 30 s while npm test's four suites shared CI's two cores (a watcher's next mempool poll, 2026-12-01).
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 90_000,
  context?: () => unknown,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${context ? ` (${JSON.stringify(context())})` : ''}`);
    }
    await sleep(50);
  }
}
