import type { Config } from '#app/config.ts';
import type { DbHandle } from '#app/db/connection.ts';
import { familyOf } from '#app/lib/chain-config.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import type { WatcherLog } from './chain-bookkeeping.ts';
import type { ChainFamily } from './chain-reader.ts';
import { type ChainWatcher, createWatcher } from './generic-watcher.ts';

const running = new Set<ChainWatcher>();

/** The watchers of this process (the health endpoint adds their live view to the stored one). */
export const localWatchers = (): readonly ChainWatcher[] => [...running];

/**
 * The watcher role: one watcher per configured network, the generic watcher over the reader of the chain's
 * family (the composition root's families: utxo/, evm/ readers); each waits for its network's leader lock.
 */
export function startChainWatchers({
  deps,
  families,
  dbHandle,
  config,
  log,
}: {
  /** The payments module as the server is built (composition root). */
  deps: PaymentDeps;
  /** The chain families (families/registry.ts): a chain's reader is made by the family of its id. */
  families: readonly ChainFamily[];
  dbHandle: DbHandle;
  config: Pick<Config, 'configuredChains'>;
  log?: WatcherLog;
}): { watchers: ChainWatcher[]; stop: () => Promise<void> } {
  const watchers = config.configuredChains.map((chain) => {
    const family = families.find((f) => f.id === familyOf(chain));
    if (!family) throw new Error(`no chain family ${familyOf(chain)} for ${chain.network}`);
    return createWatcher({
      deps,
      dbHandle,
      chain,
      log,
      reader: family.createReader({ deps, db: dbHandle.db, chain, log }),
    });
  });
  for (const w of watchers) {
    running.add(w);
    w.start();
  }
  return {
    watchers,
    stop: async () => {
      await Promise.all(watchers.map((w) => w.stop()));
      for (const w of watchers) running.delete(w);
    },
  };
}

/** Registers a watcher started elsewhere (tests) for the health endpoint; returns the unregister function. */
export function registerLocalWatcher(w: ChainWatcher): () => void {
  running.add(w);
  return () => running.delete(w);
}
