import { randomId } from '@coinlane/core/ids';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { CurrencyRow } from './queries.ts';

export type { CurrencyRow };

/**
 * The rows of supported_cryptocurrencies as the back-office's Cryptocurrencies tab manages them (modules/
 * admin-currencies, decision 020). The currencies module owns the table; these are its writes and the reads the
 * management needs. Every write runs in the caller's transaction, which records the audit row.
 */

export type CatalogueFilter = { enabled?: boolean; network?: string; search?: string };

/** Rows ordered by symbol, then network; filtered on enabled, network and a search over symbol or name. */
export async function listCatalogueRows({ db, filter = {} }: { db: Db; filter?: CatalogueFilter }) {
  let q = db.selectFrom('supported_cryptocurrencies').selectAll();
  if (filter.enabled !== undefined) q = q.where('enabled', '=', filter.enabled);
  if (filter.network) q = q.where('network', '=', filter.network);
  if (filter.search) {
    const like = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb(sql`lower(symbol)`, 'like', like), eb(sql`lower(name)`, 'like', like)]));
  }
  return q.orderBy('symbol').orderBy('network').execute();
}

/** One row by id (optionally locked for the caller's transaction), or undefined. */
export const findCatalogueRow = ({
  db,
  id,
  forUpdate = false,
}: {
  db: Db;
  id: string;
  forUpdate?: boolean;
}) => {
  const q = db.selectFrom('supported_cryptocurrencies').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

/** The row of (symbol, network) other than `exceptId`, if any: the key a row must not share. */
export const findCatalogueKey = ({
  db,
  symbol,
  network,
  exceptId,
}: {
  db: Db;
  symbol: string;
  network: string;
  exceptId?: string;
}) => {
  let q = db
    .selectFrom('supported_cryptocurrencies')
    .select('id')
    .where('symbol', '=', symbol)
    .where('network', '=', network);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
};

export type NewCatalogueRow = {
  symbol: string;
  name: string;
  network: string;
  decimals: number;
  contractAddress: string | null;
  iconUrl: string | null;
  minAmount: string;
  maxAmount: string;
  feePercentage: string | null;
  requiredConfirmations: number;
  enabled: boolean;
};

export async function insertCatalogueRow({ db, row, now }: { db: Db; row: NewCatalogueRow; now: Date }) {
  return db
    .insertInto('supported_cryptocurrencies')
    .values({
      id: randomId('cur'),
      symbol: row.symbol,
      name: row.name,
      network: row.network,
      decimals: row.decimals,
      contract_address: row.contractAddress,
      icon_url: row.iconUrl,
      min_amount: row.minAmount,
      max_amount: row.maxAmount,
      fee_percentage: row.feePercentage,
      required_confirmations: row.requiredConfirmations,
      enabled: row.enabled,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCatalogueRow({
  db,
  id,
  changes,
  now,
}: {
  db: Db;
  id: string;
  changes: Partial<NewCatalogueRow>;
  now: Date;
}) {
  const set = {
    ...(changes.symbol !== undefined ? { symbol: changes.symbol } : {}),
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.network !== undefined ? { network: changes.network } : {}),
    ...(changes.decimals !== undefined ? { decimals: changes.decimals } : {}),
    ...(changes.contractAddress !== undefined ? { contract_address: changes.contractAddress } : {}),
    ...(changes.iconUrl !== undefined ? { icon_url: changes.iconUrl } : {}),
    ...(changes.minAmount !== undefined ? { min_amount: changes.minAmount } : {}),
    ...(changes.maxAmount !== undefined ? { max_amount: changes.maxAmount } : {}),
    ...(changes.feePercentage !== undefined ? { fee_percentage: changes.feePercentage } : {}),
    ...(changes.requiredConfirmations !== undefined
      ? { required_confirmations: changes.requiredConfirmations }
      : {}),
    ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
  };
  return db
    .updateTable('supported_cryptocurrencies')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCatalogueRow({ db, id }: { db: Db; id: string }) {
  await db.deleteFrom('supported_cryptocurrencies').where('id', '=', id).execute();
}

/** Sets enabled on the rows of `ids` that differ; returns them as they were (locked) and as they are now. */
export async function setCatalogueEnabled({
  db,
  ids,
  enabled,
  now,
}: {
  db: Db;
  ids: readonly string[];
  enabled: boolean;
  now: Date;
}) {
  const before = await db
    .selectFrom('supported_cryptocurrencies')
    .selectAll()
    .where('id', 'in', ids)
    .where('enabled', '<>', enabled)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (before.length === 0) return [];
  await db
    .updateTable('supported_cryptocurrencies')
    .set({ enabled, updated_at: now })
    .where(
      'id',
      'in',
      before.map((r) => r.id),
    )
    .execute();
  return before;
}
