import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedRateLimitCounters } from './shared-rate-limit-store.ts';

type StoreCtor = FastifyRateLimitStoreCtor;
type Store = FastifyRateLimitStore;
type Reply = { current: number; ttl: number };
type Entry = { current: number; ttl: number; startMs: number };
type Options = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };

/** Entries kept per store before the least recently used goes (as @fastify/rate-limit's own LocalStore). */
const DEFAULT_CAPACITY = 5000;

/**
 * The request counters of every @fastify/rate-limit registration of one server (the API limits, the sign-in
 * flood guard, the checkout attempts), in this process's memory, and the one way to empty them all
 * (the Danger Zone's Reset Rate Limits). Each registration passes `store: counters.store`.
 */
export type RateLimitCounters = {
  /** The store class to give @fastify/rate-limit (`register(rateLimit, { store })`). */
  readonly store: StoreCtor;
  /** Drops every counter of every store made from `store`; returns how many there were. */
  clear(): number;
  /** The counters shared across processes (shared-rate-limit-store.ts), when the API limits use them. */
  shared: SharedRateLimitCounters | null;
};

/**
 * Counters with the semantics of @fastify/rate-limit's LocalStore (fixed window per key from its first hit,
 * `continueExceeding` and `exponentialBackoff` honoured, least recently used entries dropped past `cache`), plus
 * `clear()` over every store of the set: the library's LocalStore cannot be reached once registered.
 */
export function createRateLimitCounters(): RateLimitCounters {
  const stores = new Set<CounterStore>();

  class CounterStore implements Store {
    readonly #entries = new Map<string, Entry>();
    readonly #options: Options;

    constructor(options: object = {}) {
      this.#options = options as Options;
      stores.add(this);
    }

    get size() {
      return this.#entries.size;
    }

    clear() {
      this.#entries.clear();
    }

    incr(key: string, cb: (err: Error | null, res?: Reply) => void, timeWindow: number, max: number) {
      const now = Date.now();
      let e = this.#entries.get(key);
      if (!e || e.startMs + timeWindow <= now) {
        e = { current: 1, ttl: timeWindow, startMs: now };
      } else {
        e.current++;
        if (this.#options.continueExceeding && e.current > max) {
          e.ttl = timeWindow;
          e.startMs = now;
        } else if (this.#options.exponentialBackoff && e.current > max) {
          const ttl = timeWindow * 2 ** (e.current - max - 1);
          e.ttl = Number.isSafeInteger(ttl) ? ttl : Number.MAX_SAFE_INTEGER;
          e.startMs = now;
        } else {
          e.ttl = timeWindow - (now - e.startMs);
        }
      }
      // Re-inserted last: the Map's first key is the least recently used.
      this.#entries.delete(key);
      this.#entries.set(key, e);
      const capacity = this.#options.cache ?? DEFAULT_CAPACITY;
      while (this.#entries.size > capacity) {
        const oldest = this.#entries.keys().next().value;
        if (oldest === undefined) break;
        this.#entries.delete(oldest);
      }
      cb(null, { current: e.current, ttl: e.ttl });
    }

    /** The counter without counting (`createRateLimit(...)(req, { increment: false })`). */
    read(key: string, cb: (err: Error | null, res?: Reply) => void, timeWindow: number) {
      const e = this.#entries.get(key);
      const now = Date.now();
      if (!e || e.startMs + timeWindow <= now) cb(null, { current: 0, ttl: 0 });
      else cb(null, { current: e.current, ttl: timeWindow - (now - e.startMs) });
    }

    /** A route's or a limiter's own counters (the library makes one per route configuration). */
    child(routeOptions: object): Store {
      return new CounterStore({ ...this.#options, ...(routeOptions as Options) });
    }
  }

  return {
    store: CounterStore as unknown as StoreCtor,
    shared: null,
    clear() {
      let cleared = 0;
      for (const s of stores) {
        cleared += s.size;
        s.clear();
      }
      return cleared;
    },
  };
}
