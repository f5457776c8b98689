import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { pruneSystemLogs } from './prune-system-logs.ts';

/** Hourly (webhooks role, beside jobs.prune): system_logs kept to 14 days and 100,000 lines. */
export const pruneSystemLogsJob = defineJob({
  name: 'system-logs.prune',
  payload: z.object({}),
  everyMs: 60 * 60 * 1000,
  handler: async (_payload, { db, log }) => {
    const removed = await pruneSystemLogs({ db });
    if (removed) log.debug({ removed }, 'old system log lines pruned');
    return undefined;
  },
});
