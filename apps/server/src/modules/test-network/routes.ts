import { envelope } from '@coinlane/core/api/envelope';
import {
  ZPaymentIdParams,
  ZSimulatePaymentReply,
  ZSimulatePaymentRequest,
} from '@coinlane/core/api/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { idempotent } from '#app/http/idempotency.ts';
import { actorOf } from '#app/modules/payments/actor.ts';
import { presentPayment } from '#app/modules/payments/present-payment.ts';
import { presentTransfer } from '#app/modules/transfers/list-payment-transfers.ts';
import { simulatePayment } from './simulate-payment.ts';

/** The built-in test network: simulate a payer's transfer (test mode only). */
export const testNetworkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/:id/simulate',
    {
      preHandler: [requirePermission('write'), idempotent],
      schema: {
        summary: 'Simulate a transfer to a test payment',
        params: ZPaymentIdParams,
        body: ZSimulatePaymentRequest,
        response: { 200: envelope(ZSimulatePaymentReply) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const r = await simulatePayment({
        deps: app.payments,
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        paymentId: req.params.id,
        amount: req.body.amount,
        actor: actorOf(req),
      });
      return ok({ payment: presentPayment(r.payment), transfer: presentTransfer(r.transfer) });
    },
  );
};
