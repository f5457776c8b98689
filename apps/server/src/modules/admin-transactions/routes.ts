import {
  complianceExportFileName,
  transactionExportFileName,
  ZAdminTransaction,
  ZAdminTransactionDetails,
  ZAdminTransactionIdParams,
  ZAdminTransactionList,
  ZAdminTransactionsQuery,
  ZApproveTransactionRequest,
  ZComplianceExportQuery,
} from '@coinlane/core/api/admin-transactions';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { approveAdminTransaction } from './approve-admin-transaction.ts';
import { exportAdminTransaction } from './export-admin-transaction.ts';
import { exportComplianceCsv } from './export-compliance-csv.ts';
import { getAdminTransaction } from './get-admin-transaction.ts';
import { listAdminTransactions } from './list-admin-transactions.ts';

const REFUNDS_NOTE =
  "Status: completed is a confirmed payment; pending a pending or partial one; failed a failed or expired one. A payment whose paid refunds cover its confirmed money is refunded; the 'refunded' filter matches every payment with paid refunds, in full or in part (refundState full or partial; decision 022). The tiles count by the payment's own status: a refunded payment's confirmed money stays in Completed and Total Volume (money that arrived is never hidden).";

/**
 * Transaction Management of the back-office (admin spec 2), under /api/v1/admin, read side. Every route needs
 * transactions.read, checked before the query is validated (onRequest): 401 anonymous, 403 non-admin, an API key,
 * or an admin without it.
 */
export const adminTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    {
      onRequest: requireAdmin('transactions.read'),
      schema: {
        summary:
          'Every merchant’s transactions: the newest 100 matching the filters and the tiles (transactions.read)',
        description: `Payments of one mode (live unless mode=test) as the spec's transactions, newest first by creation, at most 100. The tiles (Total Volume: USD of the completed ones only, what they received and confirmed at their locked rates; Completed, Pending, Failed, High Risk: risk score above 6, Total Txns) count every matching payment, not only the 100 listed. ${REFUNDS_NOTE} riskScore and fraudFlags come from the risk rule set (1-10; 5 until scored).`,
        querystring: ZAdminTransactionsQuery,
        response: { 200: envelope(ZAdminTransactionList) },
      },
    },
    async (req) => ok(await listAdminTransactions({ deps: app.payments, db: app.db, query: req.query })),
  );

  app.get(
    '/transactions/:id',
    {
      onRequest: requireAdmin('transactions.read'),
      schema: {
        summary:
          'A transaction’s details: amounts, merchant and customer, risk, fees, transfers, audit trail (transactions.read)',
        description: REFUNDS_NOTE,
        params: ZAdminTransactionIdParams,
        response: { 200: envelope(ZAdminTransactionDetails) },
      },
    },
    async (req) =>
      ok(await getAdminTransaction({ deps: app.payments, db: app.db, paymentId: req.params.id })),
  );

  app.get(
    '/transactions/:id/export',
    {
      onRequest: requireAdmin('transactions.read'),
      schema: {
        summary: 'Export Details: the transaction’s details as a JSON file (transactions.read; audited)',
        description:
          'application/json attachment transaction-<id>.json: the details of GET /admin/transactions/{id} with exportedAt and exportedBy. Each export writes the audit row transaction.exported.',
        params: ZAdminTransactionIdParams,
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const file = await exportAdminTransaction({
        deps: app.payments,
        db: app.db,
        paymentId: req.params.id,
        actorId: auth.user.id,
        ip: req.ip,
      });
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${transactionExportFileName(file.transaction.id)}"`,
        )
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(JSON.stringify(file, null, 2));
    },
  );

  // Approve and the compliance export (issue 16, decision 021)
  app.get(
    '/transactions/compliance-export',
    {
      onRequest: requireAdmin('reports.compliance'),
      schema: {
        summary: 'Compliance export: flagged transactions as CSV (reports.compliance; audited)',
        description:
          'text/csv attachment compliance-<mode>-<day>.csv: every transaction of the mode (live by default) with a risk score above 6 or any fraud flag, newest first, optionally created within from..to (UTC days): transaction, merchant, customer e-mail and IP country, amounts, score, flags, payer addresses and transaction hashes (lists separated by |). Each export writes the audit row transactions.compliance_exported.',
        querystring: ZComplianceExportQuery,
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const now = new Date();
      const stream = await exportComplianceCsv({
        db: app.db,
        query: req.query,
        actorId: auth.user.id,
        ip: req.ip,
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${complianceExportFileName(req.query.mode, now.toISOString().slice(0, 10))}"`,
        )
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );

  app.post(
    '/transactions/:id/approve',
    {
      onRequest: requireAdmin('transactions.write'),
      schema: {
        summary:
          'Approve a transaction whose money arrived but is not confirmed by the rules (transactions.write)',
        description:
          'For a payment that received money on chain (in the mempool or mined, in time or late) but is not confirmed: too few confirmations, a part paid, paid late. It becomes confirmed (completed, completed_at stamped), fires payment.confirmed (its payload carries approval: who and why), records the platform fee as any confirmation does, and moves no funds. A reason is required. 409 INVALID_STATE when nothing was received or it is confirmed already. Audited as payment.approve with the reason.',
        params: ZAdminTransactionIdParams,
        body: ZApproveTransactionRequest,
        response: { 200: envelope(ZAdminTransaction) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await approveAdminTransaction({
          deps: app.payments,
          db: app.db,
          paymentId: req.params.id,
          reason: req.body.reason,
          adminId: auth.user.id,
          ip: req.ip,
        }),
      );
    },
  );
};
