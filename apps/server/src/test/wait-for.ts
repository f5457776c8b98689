export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `check` every 50 ms until it gives a truthy value (returned), or fails after `ms` naming `what` and,
 * when given, what `context` says then (a watcher's status, say).
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 30_000,
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
