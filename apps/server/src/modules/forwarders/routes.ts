import { envelope } from '@coinlane/core/api/envelope';
import { ZFlushTransaction, ZMovePayoutsResult, ZPaymentIdParams } from '@coinlane/core/api/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { actorOf } from '#app/modules/payments/actor.ts';
import { getFlushTransaction } from './get-flush-transaction.ts';
import { requestPayouts } from './request-payouts.ts';

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

  app.post(
    '/payouts/move-now',
    {
      preHandler: requirePermission('write'),
      schema: {
        summary: 'Move your confirmed funds to your wallets now',
        description:
          'With auto payout off (settings), Coinlane moves the funds of your confirmed live EVM payments from their ' +
          'deposit addresses to your wallets only when you ask: this call asks. The next flush round (within a ' +
          'minute) moves every payment confirmed by now. With auto payout on, it changes nothing.',
        response: { 200: envelope(ZMovePayoutsResult) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(await requestPayouts({ db: app.db, userId: auth.user.id, actor: actorOf(req) }));
    },
  );
};
