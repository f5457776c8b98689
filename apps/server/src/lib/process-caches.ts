import type { TProcessCache } from '@coinlane/core/api/admin';

/**
 * The in-process caches of one server, each with the function that empties it (the Danger Zone's Clear All
 * Cache). A cache lives in one process: clearing reaches the process that answers the request only. What is read
 * from the database on every use (system settings, rates, currencies, fee structures) has no cache to clear.
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
