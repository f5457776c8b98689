import type { Db } from '#app/db/connection.ts';
import type { WatcherLog } from './chain-bookkeeping.ts';
import type { LeaderLock } from './leader-lock.ts';
import { writeWatcherStatus } from './queries.ts';

/** How often an unchanged watcher status is written again (the health endpoint reads it from any process). */
const STATUS_EVERY_MS = 5_000;

/** Waits `ms`, or less when `signal` aborts. */
export const sleepUnlessAborted = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const onAbort = () => {
      clearTimeout(t);
      resolve();
    };
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * A watcher's loop (UTXO and EVM alike): while not aborted, take the network's leader lock (a standby retries
 * every 2 s at most), then run one pass every `pollMs`.
 */
export async function runWhileLeader({
  lock,
  pollMs,
  tick,
  signal,
}: {
  lock: LeaderLock;
  pollMs: number;
  tick: () => Promise<void>;
  signal: AbortSignal;
}) {
  while (!signal.aborted) {
    if (!lock.held && !(await lock.acquire())) {
      await sleepUnlessAborted(Math.max(pollMs, 2_000), signal);
      continue;
    }
    await tick();
    await sleepUnlessAborted(pollMs, signal);
  }
}

/**
 * Starts and stops a watcher's `runWhileLeader` loop; `onStart` resets what another process may have moved while
 * this one was stopped (its cursor, its watched set). `stop` waits for the current pass, then frees the lock.
 */
export function createLeaderLoop({
  lock,
  pollMs,
  tick,
  onStart,
}: {
  lock: LeaderLock;
  pollMs: number;
  tick: () => Promise<void>;
  onStart: () => void;
}) {
  let controller: AbortController | null = null;
  let loop: Promise<void> | null = null;
  return {
    start() {
      if (loop) return;
      controller = new AbortController();
      onStart();
      loop = runWhileLeader({ lock, pollMs, tick, signal: controller.signal });
    },
    async stop() {
      controller?.abort();
      await loop;
      loop = null;
      await lock.release();
    },
    get running() {
      return loop !== null;
    },
  };
}

/** Writes the watcher's tip and last error for the health endpoint: at once when they change, else every 5 s. */
export function createStatusReporter({ db, network }: { db: Db; network: string }) {
  let lastWrite = 0;
  let lastKey = '';
  return async (now: Date, nodeTip: number | null, lastError: string | null) => {
    const key = `${nodeTip}|${lastError}`;
    if (key === lastKey && now.getTime() - lastWrite < STATUS_EVERY_MS) return;
    lastKey = key;
    lastWrite = now.getTime();
    await writeWatcherStatus(db, network, { nodeTip, lastError, now });
  };
}

/** An error's text as kept and reported: a viem error's short message, else its message; 500 characters at most. */
const errorText = (err: unknown) =>
  (err instanceof Error
    ? ((err as { shortMessage?: string }).shortMessage ?? err.message)
    : String(err)
  ).slice(0, 500);

/**
 * A watcher's passes as its status and the health endpoint see them (UTXO and EVM alike): the last error, logged
 * once while it repeats and followed by "watcher recovered" when it clears, and when it happened. A pass may
 * return a standing problem (the EVM factory check) that stays the reported error while the scan goes on.
 */
export function createPassHealth({ db, network, log }: { db: Db; network: string; log?: WatcherLog }) {
  const report = createStatusReporter({ db, network });
  let lastError: string | null = null;
  let lastErrorAt: Date | null = null;
  return {
    async run({
      now,
      pass,
      nodeTip,
      logFailure = (err) => log?.error({ network, err }, 'watcher pass failed'),
    }: {
      now: Date;
      pass: () => Promise<string | null | undefined>;
      /** The node's tip after the pass, reported with the error. */
      nodeTip: () => number | null;
      logFailure?: (err: unknown, text: string) => void;
    }) {
      try {
        const standing = (await pass()) || null;
        if (lastError && lastError !== standing) log?.info({ network }, 'watcher recovered');
        lastError = standing;
      } catch (err) {
        const text = errorText(err);
        if (text !== lastError) logFailure(err, text);
        lastError = text;
        lastErrorAt = now;
      }
      await report(now, nodeTip(), lastError).catch(() => {});
    },
    status: () => ({ lastError, lastErrorAt: lastErrorAt?.toISOString() ?? null }),
  };
}
