import { ZCurrencyOption } from '@coinlane/core/api/currencies';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#app/http/errors.ts';
import { listCurrencies } from './list-currencies.ts';

/** The coins and networks payments can be made in (public: the same list for everyone). */
export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currencies',
    {
      schema: {
        summary: 'Enabled cryptocurrencies with their networks',
        tags: ['currencies'],
        response: { 200: envelope(z.array(ZCurrencyOption)) },
      },
    },
    async () => ok(await listCurrencies({ db: app.db })),
  );
};
