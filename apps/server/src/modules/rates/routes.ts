import { envelope } from '@coinlane/core/api/envelope';
import {
  ZExchangeRatesQuery,
  ZExchangeRatesReply,
  ZRateSymbolParams,
  ZRatesStatus,
  ZSetManualRateRequest,
  ZStoredRate,
} from '@coinlane/core/api/rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAdmin, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { getExchangeRates } from './get-exchange-rates.ts';
import { getRatesStatus } from './get-rates-status.ts';
import { listStoredRates } from './list-stored-rates.ts';
import { deleteManualRate, setManualRate } from './set-manual-rate.ts';

/** Exchange rates for merchants, and manual rates for admins. */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exchange-rates',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'Exchange rates: units of each currency per 1 base',
        querystring: ZExchangeRatesQuery,
        response: { 200: ZExchangeRatesReply },
      },
    },
    async (req) => {
      const { base, data, rates, missing } = await getExchangeRates({
        db: app.db,
        mode: authOf(req).mode,
        base: req.query.base,
        currencies: req.query.currencies,
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
      });
      return { success: true as const, data, error: null, base, rates, missing };
    },
  );

  app.get(
    '/exchange-rates/status',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'How fresh the market exchange rates are',
        description:
          "Live amounts are priced only from a market rate younger than the server's RATES_MAX_AGE_SECONDS; `stale` says none is (the rate source does not answer). Test mode keeps working on its built-in prices.",
        response: { 200: envelope(ZRatesStatus) },
      },
    },
    async () => ok(await getRatesStatus({ db: app.db, maxAgeSeconds: app.config.ratesMaxAgeSeconds })),
  );

  app.get(
    '/admin/rates',
    {
      preHandler: requireAdmin('settings.read'),
      schema: {
        summary: 'Stored exchange rates (market and manual)',
        response: { 200: envelope(z.array(ZStoredRate)) },
      },
    },
    async () => ok(await listStoredRates({ db: app.db })),
  );

  app.put(
    '/admin/rates/:symbol',
    {
      preHandler: requireAdmin('settings.write'),
      schema: {
        summary: 'Set a manual rate (test mode and display only)',
        params: ZRateSymbolParams,
        body: ZSetManualRateRequest,
        response: { 200: envelope(ZStoredRate) },
      },
    },
    async (req) =>
      ok(
        await setManualRate({
          db: app.db,
          symbol: req.params.symbol,
          input: req.body,
          adminId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );

  app.delete(
    '/admin/rates/:symbol',
    {
      preHandler: requireAdmin('settings.write'),
      schema: {
        summary: 'Remove a manual rate',
        params: ZRateSymbolParams,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (req) => {
      await deleteManualRate({
        db: app.db,
        symbol: req.params.symbol,
        adminId: authOf(req).user.id,
        ip: req.ip,
      });
      return ok({ deleted: true as const });
    },
  );
};
