import { Readable } from 'node:stream';
import {
  csvLine,
  TRANSACTION_CSV_COLUMNS,
  type TTransactionFilters,
  zonedDateTime,
} from '@coinlane/core/api/transactions';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { iterateMerchantPayments } from '#app/modules/payments/find-merchant-payments.ts';
import { paymentFilterOf } from './filter-of.ts';
import { presentTransaction } from './present-transaction.ts';

/** Rows read per query while exporting. */
export const CSV_BATCH_SIZE = 500;

/**
 * GET /transactions/export.csv: the filtered rows as CSV (merchant spec 9 columns, then Amount Received, USD
 * Confirmed and Exception: TRANSACTION_CSV_COLUMNS), written as they are read,
 * one batch at a time; the file is never built in memory. Dates and times in the given time zone (default
 * UTC); cells starting with = + - @ are defused (csvCell).
 */
export function exportTransactionsCsv({
  db,
  userId,
  mode,
  filters,
  batchSize = CSV_BATCH_SIZE,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  filters: TTransactionFilters;
  batchSize?: number;
}): Readable {
  const timeZone = filters.timeZone ?? 'UTC';
  async function* lines() {
    const batches = iterateMerchantPayments({
      db,
      userId,
      mode,
      filter: paymentFilterOf(filters),
      batchSize,
    })[Symbol.asyncIterator]();
    // The first batch is read before the first byte: a query that fails there fails the request with an error
    // reply, not a 200 whose file looks complete. A failure later destroys the connection (Fastify does this for
    // a stream that errors after its headers), so the client sees a broken download, never a short file.
    let next = await batches.next();
    yield `\uFEFF${csvLine(TRANSACTION_CSV_COLUMNS)}`;
    for (; !next.done; next = await batches.next()) {
      const batch = next.value;
      let chunk = '';
      for (const row of batch) {
        const t = presentTransaction(row);
        const { date, time } = zonedDateTime(row.created_at, timeZone);
        chunk += csvLine([
          t.id,
          t.amount,
          t.currency,
          t.usdAmount,
          t.status,
          t.customerEmail,
          t.description,
          date,
          time,
          t.confirmations,
          t.requiredConfirmations,
          t.amountReceived,
          t.usdConfirmed,
          t.exception === 'none' ? '' : t.exception,
          t.amountRefunded === '0' ? '' : t.amountRefunded,
        ]);
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** transactions-YYYY-MM-DD.csv, with the current date in the time zone (merchant spec 9). */
export const csvFileName = (now: Date, timeZone = 'UTC') =>
  `transactions-${zonedDateTime(now, timeZone).date}.csv`;
