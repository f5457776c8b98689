import {
  ZListTransactionsQuery,
  ZListTransactionsReply,
  ZTransactionFilters,
} from '@coinlane/core/api/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission } from '#app/http/auth.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { csvFileName, exportTransactionsCsv } from './export-transactions-csv.ts';
import { listTransactions } from './list-transactions.ts';

/** The merchant's Transactions page (merchant spec 2): the list and its CSV export (read permission). */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'List transactions (payments as the spec’s Transaction rows)',
        tags: ['transactions'],
        querystring: ZListTransactionsQuery,
        response: { 200: ZListTransactionsReply },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const r = await listTransactions({
        deps: app.payments,
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        query: req.query,
      });
      return { success: true as const, error: null, ...r };
    },
  );

  app.get(
    '/transactions/export.csv',
    {
      preHandler: requirePermission('read'),
      schema: {
        summary: 'Export the filtered transactions as CSV (streamed)',
        tags: ['transactions'],
        querystring: ZTransactionFilters,
        description:
          'text/csv; columns Transaction ID, Amount, Currency, USD Amount, Status, Customer Email, Description, Date, Time, Confirmations, Required Confirmations (the spec’s), then Amount Received, USD Confirmed (USD value of the confirmed money: summed over confirmed rows it is Total Volume) and Exception (paid_partial, paid_over, paid_late or empty)',
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const now = new Date();
      await expireDuePayments({ deps: app.payments, db: app.db, now, userId: auth.user.id, mode: auth.mode });
      const stream = exportTransactionsCsv({
        db: app.db,
        userId: auth.user.id,
        mode: auth.mode,
        filters: req.query,
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName(now, req.query.timeZone)}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
};
