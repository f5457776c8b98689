import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import type { ConversionProvider } from './conversion-provider.ts';
import { followShifts } from './follow-shifts.ts';

export const FOLLOW_SHIFTS_JOB = 'conversions.follow_shifts';
/** How often the job looks for shifts due a check (each shift's own next_check_at says when it is due). */
export const FOLLOW_SHIFTS_EVERY_MS = 5_000;

/**
 * The job that follows open shifts with their exchange until they settle or are refunded (webhooks role, every
 * 5 s; decision 024): each run reads the shifts due (followShifts) for up to 20 s; what is left waits for the next
 * slot. Safe to run twice: a shift is claimed before it is read and a finished one is never read again.
 */
export const followShiftsJob = (provider: ConversionProvider) =>
  defineJob({
    name: FOLLOW_SHIFTS_JOB,
    payload: z.object({}),
    everyMs: FOLLOW_SHIFTS_EVERY_MS,
    handler: async (_payload, { db, log }) => {
      await followShifts({ db, provider, log });
      return undefined;
    },
  });
