import { ZDevMail, ZDevMailIdParams, ZDevMailList } from '@coinlane/core/api/dev-mail';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#app/http/errors.ts';
import { getDevMail } from './get-dev-mail.ts';
import { listDevMail } from './list-dev-mail.ts';

/**
 * The development mail outbox, under /api/v1/dev. Registered only when DEV_MAIL_OUTBOX is on (never in
 * production: the configuration refuses it), so that `npm start` on a laptop can sign in without SMTP.
 * Public by design: whoever reaches a developer's laptop server reads its test mails.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail',
    {
      schema: { summary: 'Development outbox: the newest mails', response: { 200: envelope(ZDevMailList) } },
    },
    async () => ok(await listDevMail({ db: app.db })),
  );

  app.get(
    '/mail/:id',
    {
      schema: {
        summary: 'Development outbox: one mail',
        params: ZDevMailIdParams,
        response: { 200: envelope(ZDevMail) },
      },
    },
    async (req) => ok(await getDevMail({ db: app.db, id: req.params.id })),
  );
};
