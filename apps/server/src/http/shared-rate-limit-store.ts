import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

type Reply = { current: number; ttl: number };

/** How often a process adds what it counted to the shared counters and reads back everyone's. */
export const SHARED_RATE_LIMIT_SYNC_MS = 250;
/** Shared counters whose window ended more than this long ago are deleted (by any process, at most once a minute). */
const PRUNE_AFTER_MS = 3_600_000;
const PRUNE_EVERY_MS = 60_000;

/** A counter as this process knows it: everyone's count at the last sync, plus what it counted since. */
type Entry = { startMs: number; shared: number; pending: number };

export type SharedRateLimitCounters = {
  /** The store class to give @fastify/rate-limit. */
  readonly store: FastifyRateLimitStoreCtor;
  /** Drops this process's counters and every process's shared ones; returns how many this process held. */
  clear(): Promise<number>;
  /** Adds what was counted and reads back everyone's (run every SHARED_RATE_LIMIT_SYNC_MS; exposed for tests). */
  sync(): Promise<void>;
  stop(): void;
};

/**
 * Request counters shared by every process on one PostgreSQL (decision 029): the API limits per key and per IP hold
 * for the whole platform, not per process. The request path never waits for the database:
 * - each request is counted in memory at once: its count is everyone's count at this process's last sync plus what
 *   this process counted since (so one process alone counts exactly, as before);
 * - every SHARED_RATE_LIMIT_SYNC_MS, one statement adds each counter's new hits to `rate_limit_counters` and returns
 *   the totals, which become the counters' shared part;
 * - a window starts at its key's first hit anywhere (the row's `started_at`, as @fastify/rate-limit's own store does
 *   per process) and the row restarts once it has passed.
 * Tolerance: a process learns of the others' hits at its own next sync, so past the limit a key may be admitted
 * what the other processes let through before that sync: at most their traffic of one sync interval (with two
 * processes taking turns, one request). If the database cannot be reached, each process goes on counting alone (a
 * warning is logged) and adds its hits once it can.
 */
export function createSharedRateLimitCounters({
  db,
  log,
  syncMs = SHARED_RATE_LIMIT_SYNC_MS,
}: {
  db: Db;
  log: FastifyBaseLogger;
  syncMs?: number;
}): SharedRateLimitCounters {
  /** By window length, then key: each limiter (minute, hour) has its own window. */
  const windows = new Map<number, Map<string, Entry>>();
  let timer: NodeJS.Timeout | null = null;
  let syncing: Promise<void> | null = null;
  let lastPrune = 0;
  let lastWarning = 0;

  const entriesOf = (windowMs: number) => {
    let m = windows.get(windowMs);
    if (!m) {
      m = new Map();
      windows.set(windowMs, m);
    }
    return m;
  };

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void sync();
    }, syncMs);
    timer.unref();
  };

  const syncOnce = async () => {
    const now = Date.now();
    const keys: string[] = [];
    const windowLengths: number[] = [];
    const starts: Date[] = [];
    const deltas: number[] = [];
    const sent: { entry: Entry; delta: number }[] = [];
    for (const [windowMs, entries] of windows) {
      for (const [key, e] of entries) {
        if (e.pending === 0) {
          // a window over, with nothing left to add: forgotten
          if (e.startMs + windowMs <= now) entries.delete(key);
          continue;
        }
        keys.push(key);
        windowLengths.push(windowMs);
        starts.push(new Date(e.startMs));
        deltas.push(e.pending);
        sent.push({ entry: e, delta: e.pending });
      }
    }
    if (keys.length) {
      const { rows } = await sql<{ key: string; window_ms: number; started_at: Date; count: number }>`
        INSERT INTO rate_limit_counters AS r (key, window_ms, started_at, count)
        SELECT * FROM unnest(${keys}::text[], ${windowLengths}::int[], ${starts}::timestamptz[], ${deltas}::int[])
        ON CONFLICT (key, window_ms) DO UPDATE SET
          count = CASE WHEN r.started_at + r.window_ms * interval '1 millisecond' <= now()
                       THEN excluded.count ELSE r.count + excluded.count END,
          started_at = CASE WHEN r.started_at + r.window_ms * interval '1 millisecond' <= now()
                            THEN excluded.started_at ELSE r.started_at END
        RETURNING key, window_ms, started_at, count`.execute(db);
      const byKey = new Map(rows.map((r) => [`${r.window_ms}\n${r.key}`, r]));
      for (const [i, { entry, delta }] of sent.entries()) {
        const row = byKey.get(`${windowLengths[i]}\n${keys[i]}`);
        if (!row) continue;
        entry.pending -= delta;
        entry.shared = Number(row.count);
        entry.startMs = new Date(row.started_at).getTime();
      }
    }
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await sql`DELETE FROM rate_limit_counters
                WHERE started_at + window_ms * interval '1 millisecond' < now() - ${PRUNE_AFTER_MS} * interval '1 millisecond'`.execute(
        db,
      );
    }
  };

  async function sync(): Promise<void> {
    if (syncing) return syncing;
    syncing = syncOnce()
      .catch((err) => {
        if (Date.now() - lastWarning > 60_000) {
          lastWarning = Date.now();
          log.warn(
            { err },
            'rate limits: the shared counters could not be updated; counting in this process',
          );
        }
      })
      .finally(() => {
        syncing = null;
        if ([...windows.values()].some((m) => [...m.values()].some((e) => e.pending > 0))) schedule();
      });
    return syncing;
  }

  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: Reply) => void, timeWindow: number) {
      const now = Date.now();
      const entries = entriesOf(timeWindow);
      let e = entries.get(key);
      if (!e || e.startMs + timeWindow <= now) {
        e = { startMs: now, shared: 0, pending: 0 };
        entries.set(key, e);
      }
      e.pending++;
      schedule();
      cb(null, { current: e.shared + e.pending, ttl: Math.max(0, e.startMs + timeWindow - now) });
    }

    child(): FastifyRateLimitStore {
      return new SharedStore();
    }
  }

  return {
    store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    async clear() {
      let held = 0;
      for (const m of windows.values()) {
        held += m.size;
        m.clear();
      }
      await sql`DELETE FROM rate_limit_counters`.execute(db);
      return held;
    },
    sync,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
