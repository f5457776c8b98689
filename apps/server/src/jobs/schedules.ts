import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { expireDuePaymentLinks } from '#app/modules/payment-links/expire-due-payment-links.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { createCoinGeckoSource } from '#app/modules/rates/coingecko-source.ts';
import { createRatesRefresher } from '#app/modules/rates/refresh-rates.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { type ScheduledTask, type Scheduler, startScheduler } from './scheduler.ts';

/** How often open payments and links are checked for expiry (readers also check on read). */
export const EXPIRY_SWEEP_MS = 5_000;

/** The tasks of the scheduler role. */
export function scheduledTasks({
  db,
  config,
  log,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}): ScheduledTask[] {
  const market = createCoinGeckoSource({ baseUrl: config.ratesApiUrl, apiKey: config.ratesApiKey });
  const periodMs = config.ratesRefreshSeconds * 1000;
  const rates = createRatesRefresher({ db, sources: [market], log, periodMs });
  return [
    {
      name: 'rates.refresh',
      everyMs: periodMs,
      run: () => rates.run(),
    },
    {
      name: 'test-network.advance',
      everyMs: config.testNetworkBlockSeconds * 1000,
      run: () => advanceTestNetwork({ db, blockSeconds: config.testNetworkBlockSeconds }),
    },
    {
      name: 'payments.expire',
      everyMs: EXPIRY_SWEEP_MS,
      run: async () => {
        await expireDuePayments({ db });
        await expireDuePaymentLinks({ db });
      },
    },
  ];
}

export const startSchedules = (opts: { db: Db; config: Config; log: FastifyBaseLogger }): Scheduler =>
  startScheduler({ tasks: scheduledTasks(opts), log: opts.log });
