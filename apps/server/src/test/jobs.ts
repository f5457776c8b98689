import type { JobWorker } from '#app/jobs/worker.ts';
import { startRoles } from '#app/server.ts';
import type { TestContext } from './test-app.ts';

/**
 * The webhooks role of the test's server as main.ts starts it (server.ts startRoles): a job worker polling every
 * `pollMs` and the slots of its scheduled jobs (the webhook and payment-mail dispatchers, the EVM flush, the prune).
 * `drain` runs due jobs in the caller; `stop` stops the schedule, then the worker.
 */
export function startWebhooksRole(ctx: TestContext, pollMs: number): JobWorker {
  const roles = startRoles(ctx.server, { roles: ['webhooks'], pollMs });
  const worker = roles.worker!;
  return { id: worker.id, drain: () => worker.drain(), wake: () => worker.wake(), stop: () => roles.stop() };
}
