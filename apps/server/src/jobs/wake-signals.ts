/**
 * The PostgreSQL channel of newly queued jobs: enqueueJob announces each job it adds here (delivered at commit),
 * so that a worker of any process that runs the job looks at once rather than at the end of its poll.
 */
export const JOBS_CHANNEL = 'coinlane_jobs';

type Listener<A extends unknown[]> = (...args: A) => void;

/**
 * This process's wake-ups from the database (the live plugin's LISTEN connection, modules/live, emits them):
 * - `job(name)`: a job named `name` was queued (JOBS_CHANNEL), by this process or another;
 * - `outbox()`: an outbox event was committed (the outbox channel).
 * The job worker and the webhook dispatcher subscribe (server.ts startRoles). A wake-up only makes them look
 * sooner: their polls stay, so a notification lost while the LISTEN connection was down costs one poll.
 */
export class WakeSignals {
  readonly #job = new Set<Listener<[string]>>();
  readonly #outbox = new Set<Listener<[]>>();

  onJob(fn: Listener<[string]>): () => void {
    this.#job.add(fn);
    return () => this.#job.delete(fn);
  }

  onOutbox(fn: Listener<[]>): () => void {
    this.#outbox.add(fn);
    return () => this.#outbox.delete(fn);
  }

  job(name: string): void {
    for (const fn of this.#job) fn(name);
  }

  outbox(): void {
    for (const fn of this.#outbox) fn();
  }
}
