import { z } from 'zod';
import { defineJob } from './define-job.ts';
import { pruneJobs } from './queue.ts';

/** Hourly: removes finished job rows (completed after an hour, dead after 30 days). */
export const pruneJobsJob = defineJob({
  name: 'jobs.prune',
  payload: z.object({}),
  everyMs: 60 * 60 * 1000,
  handler: async (_payload, { db, log }) => {
    const removed = await pruneJobs({ db });
    if (removed) log.debug({ removed }, 'finished jobs pruned');
    return undefined;
  },
});
