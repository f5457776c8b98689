import type { TProcessCache } from '@coinlane/core/api/admin';

/**
 * The in-process caches of one server, each with the function that empties it (the Danger Zone's Clear All
 * Cache). A cache lives in one process; Clear All Cache empties this process's at once and every other's through
 * the cache channel (clear-caches.ts). The read caches (db/read-caches.ts: API keys, system settings, the coin
 * catalogue, stored rates) are registered here by modules/live, which keeps them coherent; fee structures are read
 * from the database on every use.
 */
export class ProcessCaches {
  readonly #caches = new Map<TProcessCache, () => number>();

  /** `clear` empties the cache and returns how many entries it held. */
  register(name: TProcessCache, clear: () => number): void {
    this.#caches.set(name, clear);
  }

  get names(): TProcessCache[] {
    return [...this.#caches.keys()];
  }

  clearAll(): { name: TProcessCache; entriesCleared: number }[] {
    return [...this.#caches].map(([name, clear]) => ({ name, entriesCleared: clear() }));
  }
}
