import { envelope } from '@coinlane/core/api/envelope';
import { ZPublicOverview } from '@coinlane/core/api/public';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#app/http/errors.ts';
import { getPublicOverview } from './get-public-overview.ts';

/** Public, anonymous reads for the marketing pages, under /api/v1/public. */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/overview',
    {
      schema: {
        summary: 'Platform name, fee and coins for the landing page',
        response: { 200: envelope(ZPublicOverview) },
      },
    },
    async () => ok(await getPublicOverview({ db: app.db })),
  );
};
