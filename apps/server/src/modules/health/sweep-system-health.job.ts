import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { sweepSystemHealth } from './sweep-system-health.ts';

/** A process that has just started may not listen yet: its first minute raises no alert (decision 018). */
const STARTUP_GRACE_SECONDS = 60;

/** Every minute (scheduler role): the health sweep, which raises and resolves the service alerts. */
export const sweepSystemHealthJob = defineJob({
  name: 'health.sweep',
  payload: z.object({}),
  everyMs: 60_000,
  handler: async (_payload, { db, config, log }) => {
    if (process.uptime() < STARTUP_GRACE_SECONDS) return undefined;
    const health = await sweepSystemHealth({ db, config, mailer: createMailer({ config, db, log }) });
    if (health.overallStatus !== 'healthy') {
      log.warn(
        {
          overallStatus: health.overallStatus,
          overallScore: health.overallScore,
          unhealthy: health.services.filter((s) => s.status === 'unhealthy').map((s) => s.name),
        },
        'health sweep: system not healthy',
      );
    }
    return undefined;
  },
});
