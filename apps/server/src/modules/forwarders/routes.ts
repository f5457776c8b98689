import { envelope } from '@coinlane/core/api/envelope';
import { ZFlushTransaction, ZPaymentIdParams } from '@coinlane/core/api/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { getFlushTransaction } from './get-flush-transaction.ts';

/** The merchant's own flush of a forwarder deposit address (decision 010). */
export const forwarderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/:id/flush-transaction',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'The transaction that flushes a payment’s forwarder deposit address to your address',
        description:
          'Live EVM payments paid to a forwarder deposit address only. Coinlane flushes confirmed payments itself in ' +
          'batches; with this call you can do it yourself at any time: send `data` to `to` on chain `chainId` with ' +
          'value 0 from any wallet with gas. The funds can only go to `merchantAddress`, whoever sends it.',
        params: ZPaymentIdParams,
        response: { 200: envelope(ZFlushTransaction) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await getFlushTransaction({
          db: app.db,
          config: app.config,
          userId: auth.user.id,
          mode: auth.mode,
          paymentId: req.params.id,
        }),
      );
    },
  );
};
