import { ZCurrencyOption } from '@coinlane/core/api/currencies';
import { envelope } from '@coinlane/core/api/envelope';
import { MODES } from '@coinlane/core/options';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#app/http/errors.ts';
import { listCurrencies } from './list-currencies.ts';

/** The coins and networks payments can be made in (public: the same list for everyone, per mode). */
export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/currencies',
    {
      schema: {
        summary: 'Enabled cryptocurrencies with their networks',
        description:
          'mode=test (the default): every enabled coin, all payable on the built-in test network. mode=live: only ' +
          'the coins and networks live payments can be made in now, i.e. whose chain has a node connected to ' +
          'this Coinlane (and, for a token, a known contract on that chain).',
        tags: ['currencies'],
        querystring: z.object({ mode: z.enum(MODES).default('test') }),
        response: { 200: envelope(z.array(ZCurrencyOption)) },
      },
    },
    async (req) =>
      ok(
        await listCurrencies({
          db: app.db,
          ...(req.query.mode === 'live' ? { live: app.config } : {}),
        }),
      ),
  );
};
