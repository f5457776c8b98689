import type { Db } from '#app/db/connection.ts';
import type { JobWorker } from '#app/jobs/worker.ts';
import { startRoles } from '#app/server.ts';
import type { TestContext } from './test-app.ts';
import { waitFor } from './wait-for.ts';

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

/**
 * Waits until `runs` runs of the scheduled job `name` that were queued after `since` have completed: a test that
 * checks something did NOT happen waits for the rounds that would have done it, rather than for a guessed time.
 */
export function waitForJobRuns(db: Db, name: string, since: Date, runs = 1): Promise<true> {
  return waitFor(`${runs} run(s) of ${name} after ${since.toISOString()}`, async () => {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', '=', name)
      .where('state', '=', 'completed')
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n) >= runs;
  });
}

/** Waits until no job named in `names` is queued (due now) or running: the work they were given is done. */
export function waitForJobsIdle(db: Db, names: readonly string[]): Promise<true> {
  return waitFor(`no ${names.join(', ')} job left to run`, async () => {
    const left = await db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', [...names])
      .where((eb) =>
        eb.or([
          eb('state', '=', 'running'),
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', new Date())]),
        ]),
      )
      .limit(1)
      .execute();
    return left.length === 0;
  });
}
