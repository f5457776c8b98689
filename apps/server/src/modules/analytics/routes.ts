import { ZAnalyticsQuery, ZBalances, ZPaymentAnalytics } from '@coinlane/core/api/analytics';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { getBalances } from './get-balances.ts';
import { getPaymentAnalytics } from './get-payment-analytics.ts';

/** The dashboard's figures (merchant spec 2 and 9), read permission, scoped to the merchant and mode. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics/payments',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'Payment and payment-link figures for the dashboard',
        tags: ['analytics'],
        querystring: ZAnalyticsQuery,
        response: { 200: envelope(ZPaymentAnalytics) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getPaymentAnalytics({
          deps: app.payments,
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          appUrl: app.config.appUrl,
          timeZone: req.query.timeZone,
        }),
      );
    },
  );

  app.get(
    '/analytics/balances',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary:
          'Balances per currency (money received with its confirmations, less paid refunds) with their USD value',
        tags: ['analytics'],
        response: { 200: envelope(ZBalances) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getBalances({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          maxAgeSeconds: app.config.ratesMaxAgeSeconds,
        }),
      );
    },
  );
};
