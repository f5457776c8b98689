import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import type { AnyJobDefinition } from './define-job.ts';
import { enqueueJob, slotJobId } from './queue.ts';

export type JobSchedule = {
  /** Enqueues the current slot of every scheduled definition now (tests); resolves once they are queued. */
  tick(): Promise<void>;
  /** Stops enqueuing slots (queued ones stay for the workers). */
  stop(): Promise<void>;
};

/** The unique key of a scheduled job's live slot: a slot is not added while the previous one is queued or running. */
export const scheduleKey = (name: string) => `schedule:${name}`;

/**
 * The `scheduler` role: every `tickMs` (and once at start, so the first runs happen promptly) enqueues the current
 * slot of each scheduled definition (`everyMs`) under its deterministic id `<name>@<slot start>`, which any number
 * of scheduler processes compute alike: a slot is added once and run once, by whichever worker takes it. The slot
 * also carries the unique key `schedule:<name>`, so while one run is queued or running no later slot is added: a
 * slow run never overlaps itself (the slots it outlasted are skipped). A failing run is logged by the worker and
 * marked dead after its attempts (1 unless the definition says more); the next slot is a new row and runs.
 */
export function startJobSchedule({
  db,
  log,
  definitions,
  tickMs = 1000,
  onEnqueued,
}: {
  db: Db;
  log: FastifyBaseLogger;
  definitions: readonly AnyJobDefinition[];
  tickMs?: number;
  /** Called after a tick that added a slot (the process's own worker looks at once). */
  onEnqueued?: () => void;
}): JobSchedule {
  const scheduled = definitions.filter((d) => d.everyMs);
  let stopped = false;
  let wake: (() => void) | null = null;

  const tick = async () => {
    const now = Date.now();
    let added = false;
    for (const def of scheduled) {
      const id = await enqueueJob({
        db,
        name: def.name,
        id: slotJobId(def.name, def.everyMs!, now),
        uniqueKey: scheduleKey(def.name),
        maxAttempts: def.maxAttempts ?? 1,
      });
      if (id) added = true;
    }
    if (added) onEnqueued?.();
  };

  const loop = async () => {
    while (!stopped) {
      try {
        await tick();
      } catch (err) {
        log.error({ err }, 'job schedule: could not enqueue scheduled jobs');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, tickMs);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
    }
  };

  const running = scheduled.length ? loop() : Promise.resolve();
  return {
    tick,
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
