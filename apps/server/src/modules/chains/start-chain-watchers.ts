import type { Config } from '#app/config.ts';
import type { DbHandle } from '#app/db/connection.ts';
import { isEvmChain } from '#app/lib/chain-config.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { createEvmChainWatcher } from './evm-watcher.ts';
import { type ChainWatcher, createChainWatcher } from './watcher.ts';

type Log = Parameters<typeof createChainWatcher>[0]['log'];

const running = new Set<ChainWatcher>();

/** The watchers of this process (the health endpoint adds their live view to the stored one). */
export const localWatchers = (): readonly ChainWatcher[] => [...running];

/**
 * The watcher role: one watcher per configured network, UTXO (watcher.ts) or EVM (evm-watcher.ts); each waits for
 * its network's leader lock.
 */
export function startChainWatchers({
  deps,
  dbHandle,
  config,
  log,
}: {
  deps: PaymentDeps;
  dbHandle: DbHandle;
  config: Pick<Config, 'configuredChains'>;
  log?: Log;
}): { watchers: ChainWatcher[]; stop: () => Promise<void> } {
  const watchers = config.configuredChains.map((chain) =>
    isEvmChain(chain)
      ? createEvmChainWatcher({ deps, dbHandle, chain, log })
      : createChainWatcher({ deps, dbHandle, chain, log }),
  );
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
