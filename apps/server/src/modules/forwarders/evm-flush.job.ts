import { isEvmChain } from '@coinlane/core/families/evm/evm-chain-config';
import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { flushForwarders } from './flush-forwarders.ts';

/** How often confirmed forwarder payments are flushed to their merchants (decision 010). */
export const EVM_FLUSH_EVERY_MS = 60_000;

/**
 * Every minute: one flush round per EVM network with a forwarder factory and a gas key configured
 * (CHAIN_<NETWORK>_FACTORY, CHAIN_<NETWORK>_GAS_KEY). A network's failure is logged and does not stop the
 * others; its payments stay due and the next slot tries again.
 */
export const evmFlushJob = defineJob({
  name: 'evm.flush',
  payload: z.object({}),
  everyMs: EVM_FLUSH_EVERY_MS,
  handler: async (_payload, { db, config, log }) => {
    for (const chain of config.configuredChains) {
      if (!isEvmChain(chain) || !chain.factory || !chain.gasKey) continue;
      try {
        await flushForwarders({ db, chain, secretKey: config.appSecretKey, log });
      } catch (err) {
        log.error({ network: chain.network, err }, 'evm flush round failed');
      }
    }
    return undefined;
  },
});
