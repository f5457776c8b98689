import type { TSetManualRateRequest, TStoredRate } from '@coinlane/core/api/rates';
import { FIAT_CODES, isFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { formatRational } from '@coinlane/core/money';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { listKnownSymbols } from '#app/modules/currencies/list-currency-symbols.ts';
import { upsertQuotes } from './queries.ts';
import { RateBook } from './rate-book.ts';

export const MANUAL_SOURCE_ID = 'manual';

async function checkSymbol(db: Db, symbol: string) {
  if (symbol === 'USD') throw new AppError('VALIDATION_ERROR', { message: T.currencyUnsupported(symbol) });
  if (isFiatCode(symbol)) return;
  if (!(await listKnownSymbols(db)).includes(symbol)) {
    throw new AppError('NOT_FOUND', {
      message: `${T.currencyUnsupported(symbol)}. Rates can be set for ${FIAT_CODES.filter((c) => c !== 'USD').join(', ')} and the listed cryptocurrencies.`,
    });
  }
}

/** Sets a manual rate (admin): test mode and display use it; a live amount never does. */
export async function setManualRate({
  db,
  symbol,
  input,
  adminId,
  ip,
  now = new Date(),
}: {
  db: Db;
  symbol: string;
  input: TSetManualRateRequest;
  adminId: string;
  ip: string | null;
  now?: Date;
}): Promise<TStoredRate> {
  await checkSymbol(db, symbol);
  const quote =
    input.rate !== undefined
      ? { rate: input.rate, quote: 'symbol_per_base' as const }
      : { rate: input.usdPrice!, quote: 'base_per_symbol' as const };
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('exchange_rates')
      .select(['rate', 'quote', 'fetched_at'])
      .where('source', '=', MANUAL_SOURCE_ID)
      .where('base', '=', 'USD')
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    await upsertQuotes(trx, MANUAL_SOURCE_ID, [{ base: 'USD', symbol, ...quote, fetchedAt: now }], adminId);
    await recordAudit({
      db: trx,
      actorId: adminId,
      actorType: 'admin',
      action: 'rate.set_manual',
      entityType: 'exchange_rate',
      entityId: `manual:USD:${symbol}`,
      before: before ?? null,
      after: { ...quote, fetched_at: now.toISOString() },
      ip,
    });
  });
  return {
    source: MANUAL_SOURCE_ID,
    base: 'USD',
    symbol,
    rate: quote.rate,
    quote: quote.quote,
    unitsPerBase: formatRational(RateBook.unitsPerBase(quote)),
    fetchedAt: now.toISOString(),
    ageSeconds: 0,
    updatedBy: adminId,
  };
}

/** Removes a manual rate (admin). */
export async function deleteManualRate({
  db,
  symbol,
  adminId,
  ip,
}: {
  db: Db;
  symbol: string;
  adminId: string;
  ip: string | null;
}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('exchange_rates')
      .where('source', '=', MANUAL_SOURCE_ID)
      .where('base', '=', 'USD')
      .where('symbol', '=', symbol)
      .returning(['rate', 'quote', 'fetched_at'])
      .executeTakeFirst();
    if (!removed) throw new AppError('NOT_FOUND', { message: T.manualRateNotFound(symbol) });
    await recordAudit({
      db: trx,
      actorId: adminId,
      actorType: 'admin',
      action: 'rate.delete_manual',
      entityType: 'exchange_rate',
      entityId: `manual:USD:${symbol}`,
      before: removed,
      ip,
    });
  });
}
