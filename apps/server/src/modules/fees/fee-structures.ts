import type { TFeeStructure, TUpdateFeeStructureRequest } from '@coinlane/core/api/admin';
import { AppError } from '@coinlane/core/errors';
import { compareRational, parseRational } from '@coinlane/core/money';
import { T } from '@coinlane/core/texts';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { FeeStructuresTable } from '#app/db/schema.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';

type Row = Selectable<FeeStructuresTable>;

/** A stored numeric as a plain decimal: '1.000' -> '1', '0.50' -> '0.5'. */
export const plainDecimal = (value: string): string =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

const present = (r: Row): TFeeStructure => ({
  type: r.type,
  percentage: plainDecimal(r.percentage),
  minimumFee: r.minimum_fee === null ? null : plainDecimal(r.minimum_fee),
  maximumFee: r.maximum_fee === null ? null : plainDecimal(r.maximum_fee),
  fixedAmount: plainDecimal(r.fixed_amount),
  currency: r.currency,
  updatedAt: r.updated_at.toISOString(),
});

const ORDER = { platform: 0, withdrawal: 1, processing: 2 } as const;

/** GET /admin/fees: the three fee structures (platform, withdrawal, processing). */
export async function listFeeStructures({ db }: { db: Db }): Promise<TFeeStructure[]> {
  const rows = await db.selectFrom('fee_structures').selectAll().execute();
  return rows.sort((a, b) => ORDER[a.type] - ORDER[b.type]).map(present);
}

/**
 * PUT /admin/fees/{type}: changes a fee structure, with its audit row. The platform structure is the fee
 * recorded on every payment confirmed from now on (recordPlatformFee) and the one the landing page states; fees
 * already recorded keep their percentage.
 */
export async function updateFeeStructure({
  db,
  type,
  changes,
  actorId,
  ip,
}: {
  db: Db;
  type: TFeeStructure['type'];
  changes: TUpdateFeeStructureRequest;
  actorId: string;
  ip: string | null;
}): Promise<TFeeStructure> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('fee_structures')
      .selectAll()
      .where('type', '=', type)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', { message: T.notFound });
    const min = changes.minimumFee === undefined ? before.minimum_fee : changes.minimumFee;
    const max = changes.maximumFee === undefined ? before.maximum_fee : changes.maximumFee;
    if (min !== null && max !== null && compareRational(parseRational(max), parseRational(min)) < 0) {
      throw new AppError('VALIDATION_ERROR', {
        message: T.feeMaximumBelowMinimum,
        details: { fields: { maximumFee: T.feeMaximumBelowMinimum } },
      });
    }
    const after = await trx
      .updateTable('fee_structures')
      .set({
        ...(changes.percentage !== undefined ? { percentage: changes.percentage } : {}),
        ...(changes.fixedAmount !== undefined ? { fixed_amount: changes.fixedAmount } : {}),
        minimum_fee: min,
        maximum_fee: max,
        updated_by: actorId,
        updated_at: new Date(),
      })
      .where('type', '=', type)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId,
      actorType: 'admin',
      action: 'fee_structure.updated',
      entityType: 'fee_structure',
      entityId: type,
      before: present(before),
      after: present(after),
      ip,
    });
    return present(after);
  });
}
