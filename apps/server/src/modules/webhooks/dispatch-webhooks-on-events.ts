import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { dispatchWebhookEvents } from './dispatch-webhook-events.ts';

export type EventDrivenDispatch = {
  /** An outbox event was committed: dispatch now (or once more after the run in progress). */
  poke(): void;
  /** No more runs; resolves when the one in progress has ended. */
  stop(): Promise<void>;
};

/**
 * The webhook dispatcher run as soon as an outbox event is committed, rather than at the next slot of its
 * scheduled job (webhooks.dispatch, every second), which stays as the safety net. One run at a time per process;
 * pokes during a run ask for one more run after it, so a burst of events costs at most two runs, each taking up to
 * its batch. The dispatcher's advisory lock serialises these runs with the scheduled ones and other processes';
 * the delivery jobs it queues wake the workers through the jobs channel.
 */
export function dispatchWebhooksOnEvents({
  db,
  log,
}: {
  db: Db;
  log: FastifyBaseLogger;
}): EventDrivenDispatch {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = async () => {
    do {
      again = false;
      try {
        await dispatchWebhookEvents({ db });
      } catch (err) {
        // The scheduled dispatcher picks the events up at its next slot.
        log.warn({ err }, 'webhooks: dispatch on a new event failed; the scheduled dispatch will retry');
      }
    } while (again && !stopped);
  };

  return {
    poke() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = null;
      });
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
