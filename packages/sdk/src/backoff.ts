/** Retry timing: exponential backoff with full jitter, and the server's Retry-After when it gives one. */

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** A Retry-After longer than this is not waited for: the error is raised for the caller to decide. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Full jitter: a random wait between 0 and min(cap, base x 2^retry) (retry counts from 0). */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** Milliseconds a Retry-After header asks for (delta seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
