import {
  compareDecimal,
  type TCryptocurrency,
  type TUpdateCryptocurrency,
} from '@coinlane/core/api/admin-cryptocurrencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import {
  type CurrencyRow,
  findCatalogueKey,
  findCatalogueRow,
  type NewCatalogueRow,
  updateCatalogueRow,
} from '#app/modules/currencies/manage-catalogue.ts';
import { plainDecimal } from '#app/modules/fees/fee-structures.ts';
import { countCurrencyLinks } from '#app/modules/payment-links/count-currency-links.ts';
import { countCurrencyPayments } from '#app/modules/payments/count-currency-payments.ts';
import { checkChainDecimals, contractForNetwork } from './check-cryptocurrency.ts';
import { isKeyViolation, symbolTaken } from './create-cryptocurrency.ts';
import { auditFields, presentCryptocurrency } from './present-cryptocurrency.ts';
import type { TokenFamily } from './token-family.ts';

const asRow = (r: CurrencyRow): NewCatalogueRow => ({
  symbol: r.symbol,
  name: r.name,
  network: r.network,
  decimals: r.decimals,
  contractAddress: r.contract_address,
  iconUrl: r.icon_url,
  minAmount: plainDecimal(r.min_amount),
  maxAmount: plainDecimal(r.max_amount),
  feePercentage: r.fee_percentage === null ? null : plainDecimal(r.fee_percentage),
  requiredConfirmations: r.required_confirmations,
  enabled: r.enabled,
});

/** Throws 409 when the change touches what payments or links in the row rely on (decision 020). */
export async function assertChangeAllowed({
  db,
  before,
  changes,
}: {
  db: Db;
  before: CurrencyRow;
  changes: Partial<NewCatalogueRow>;
}): Promise<void> {
  const key = { db, symbol: before.symbol, network: before.network };
  if (changes.symbol !== undefined || changes.network !== undefined) {
    const payments = await countCurrencyPayments(key);
    if (payments.total > 0 || (await countCurrencyLinks(key)) > 0) {
      throw new AppError('INVALID_STATE', { message: T.cryptoKeyInUse });
    }
  }
  if (changes.decimals !== undefined || changes.contractAddress !== undefined) {
    const { open } = await countCurrencyPayments(key);
    if (open > 0) {
      const field = changes.decimals !== undefined ? 'decimals' : 'contractAddress';
      const message = T.cryptoOpenPayments(open);
      throw new AppError('INVALID_STATE', { message, details: { fields: { [field]: message } } });
    }
  }
}

/**
 * PUT /admin/cryptocurrencies/{id} (settings.write): only the fields sent are checked and changed (spec 5), against
 * the stored values where a rule involves two fields (max above min; the contract for the network; the key
 * (symbol, network) against the other rows). A token's decimals and contract cannot change while payments in it
 * are open, nor its symbol or network while any payment or link uses it (409); a token's decimals are read from the
 * network's node when one is configured. Fields sent with their stored value change nothing. Audited.
 */
export async function updateCryptocurrency({
  db,
  config,
  families,
  id,
  input,
  actorId,
  ip,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  families: readonly TokenFamily[];
  id: string;
  input: TUpdateCryptocurrency;
  actorId: string;
  ip: string | null;
  now?: Date;
}): Promise<TCryptocurrency> {
  const stored = await findCatalogueRow({ db, id });
  if (!stored) throw new AppError('NOT_FOUND', { message: T.cryptoNotFound });
  const current = asRow(stored);
  const network = input.network ?? current.network;
  const wanted: Partial<NewCatalogueRow> = {
    ...input,
    ...(input.contractAddress !== undefined || input.network !== undefined
      ? { contractAddress: contractForNetwork(network, input.contractAddress ?? current.contractAddress) }
      : {}),
  };
  // Only what differs from the stored row is a change.
  const changes: Partial<NewCatalogueRow> = {};
  for (const [k, v] of Object.entries(wanted) as [keyof NewCatalogueRow, unknown][]) {
    if (v === undefined) continue;
    const same =
      (k === 'minAmount' || k === 'maxAmount' || k === 'feePercentage') && typeof v === 'string'
        ? current[k] !== null && compareDecimal(v, current[k] as string) === 0
        : v === current[k];
    if (!same) (changes as Record<string, unknown>)[k] = v;
  }
  const merged: NewCatalogueRow = { ...current, ...changes };
  if (compareDecimal(merged.maxAmount, merged.minAmount) <= 0) {
    const field = input.maxAmount !== undefined ? 'maxAmount' : 'minAmount';
    throw new AppError('VALIDATION_ERROR', {
      message: T.cryptoMaxAmountInvalid,
      details: { fields: { [field]: T.cryptoMaxAmountInvalid } },
    });
  }
  if (Object.keys(changes).length === 0) return presentCryptocurrency(stored, config);
  if (
    (changes.symbol !== undefined || changes.network !== undefined) &&
    (await findCatalogueKey({ db, symbol: merged.symbol, network: merged.network, exceptId: id }))
  ) {
    throw symbolTaken();
  }
  if (
    changes.decimals !== undefined ||
    changes.contractAddress !== undefined ||
    changes.symbol !== undefined ||
    changes.network !== undefined
  ) {
    await assertChangeAllowed({ db, before: stored, changes });
    // Network I/O before the transaction (PGlite is one connection).
    await checkChainDecimals({ config, families, row: merged });
  }
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const before = await findCatalogueRow({ db: trx, id, forUpdate: true });
      if (!before) throw new AppError('NOT_FOUND', { message: T.cryptoNotFound });
      // Again under the row's lock: a payment being created in the row waits for it (its statement takes the row FOR
      // SHARE, filtered on what it was priced with, and fails whole when it changed: write-new-payment.ts).
      await assertChangeAllowed({ db: trx, before, changes });
      const after = await updateCatalogueRow({ db: trx, id, changes, now });
      const was = auditFields(before);
      const is = auditFields(after);
      const changed = (Object.keys(is) as (keyof typeof is)[]).filter((k) => was[k] !== is[k]);
      await recordAudit({
        db: trx,
        actorId,
        actorType: 'admin',
        action: 'cryptocurrency.updated',
        entityType: 'cryptocurrency',
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, was[k]])),
        after: Object.fromEntries(changed.map((k) => [k, is[k]])),
        ip,
      });
      return after;
    });
    return presentCryptocurrency(updated, config);
  } catch (err) {
    if (isKeyViolation(err)) throw symbolTaken();
    throw err;
  }
}
