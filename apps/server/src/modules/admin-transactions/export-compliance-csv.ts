import { Readable } from 'node:stream';
import {
  adminTransactionStatusOf,
  COMPLIANCE_EXPORT_COLUMNS,
  type TComplianceExportQuery,
} from '@coinlane/core/api/admin-transactions';
import { csvLine } from '@coinlane/core/api/transactions';
import { formatUnits } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { iterateFlaggedPlatformPayments } from '#app/modules/payments/find-platform-payments.ts';
import { listTransferTracesOfPayments } from '#app/modules/transfers/list-payment-payers.ts';
import { merchantOf, selectMerchants } from './queries.ts';

/**
 * The compliance export (GET /admin/transactions/compliance-export, reports.compliance): every flagged transaction
 * of a mode (risk score above 6 or any fraud flag), newest first, as CSV (COMPLIANCE_EXPORT_COLUMNS): merchant,
 * customer e-mail and IP country, amounts, score, flags (separated by '|'), payer addresses and transaction hashes
 * of its transfers. Written as it is read, one batch at a time. The export is audited (`transactions.compliance_exported`,
 * with the filters) before the first row is read. The customer IP itself is not exported (only its country).
 */
export async function exportComplianceCsv({
  db,
  query,
  actorId,
  ip,
  batchSize = 500,
}: {
  db: Db;
  query: TComplianceExportQuery;
  actorId: string;
  ip: string | null;
  batchSize?: number;
}): Promise<Readable> {
  await recordAudit({
    db,
    actorId,
    actorType: 'admin',
    action: 'transactions.compliance_exported',
    entityType: 'compliance_export',
    entityId: null,
    mode: query.mode,
    after: { mode: query.mode, from: query.from ?? null, to: query.to ?? null },
    ip,
  });
  const batches = iterateFlaggedPlatformPayments({
    db,
    mode: query.mode,
    ...(query.from ? { fromDay: query.from } : {}),
    ...(query.to ? { toDay: query.to } : {}),
    batchSize,
  })[Symbol.asyncIterator]();
  // The first batch is read before the first byte: a failure there is an error reply, not a short file.
  let next = await batches.next();
  async function* lines() {
    yield `\uFEFF${csvLine(COMPLIANCE_EXPORT_COLUMNS)}`;
    for (; !next.done; next = await batches.next()) {
      const rows = next.value;
      const merchants = await selectMerchants(
        db,
        rows.map((r) => r.user_id),
      );
      const traces = await listTransferTracesOfPayments({ db, paymentIds: rows.map((r) => r.id) });
      let chunk = '';
      for (const r of rows) {
        const t = traces.get(r.id);
        chunk += csvLine([
          r.id,
          r.created_at.toISOString(),
          r.mode,
          adminTransactionStatusOf(r.status),
          r.status,
          r.user_id,
          merchantOf(merchants, r.user_id).label,
          r.customer,
          r.customer_country,
          formatUnits(BigInt(r.amount), r.decimals),
          r.currency,
          r.network,
          formatUnits(BigInt(r.amount_received), r.decimals),
          r.usd_amount,
          r.risk_score,
          (r.fraud_flags ?? []).join('|'),
          (t?.payers ?? []).join('|'),
          (t?.txids ?? []).join('|'),
        ]);
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
