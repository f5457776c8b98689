import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { SupportedCryptocurrenciesTable } from '#app/db/schema.ts';

export type CurrencyRow = Selectable<SupportedCryptocurrenciesTable>;

/** Enabled rows of a coin code, in network order of the catalogue's insertion. */
export const selectEnabledBySymbol = (db: Db, symbol: string) =>
  db
    .selectFrom('supported_cryptocurrencies')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('enabled', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const selectBySymbolNetwork = (db: Db, symbol: string, network: string) =>
  db
    .selectFrom('supported_cryptocurrencies')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('network', '=', network)
    .executeTakeFirst();

/** Distinct codes of enabled currencies (what the rate refresh asks for). */
export async function listCurrencySymbols(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('supported_cryptocurrencies')
    .select('symbol')
    .distinct()
    .where('enabled', '=', true)
    .orderBy('symbol')
    .execute();
  return rows.map((r) => r.symbol);
}

/** Every code ever listed, enabled or not (rates may be set and shown for them). */
export async function listKnownSymbols(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('supported_cryptocurrencies').select('symbol').distinct().execute();
  return rows.map((r) => r.symbol);
}

/** The token contracts the catalogue lists on a network (mainnet contracts), enabled or not. */
export async function listTokenContracts(db: Db, network: string): Promise<string[]> {
  const rows = await db
    .selectFrom('supported_cryptocurrencies')
    .select('contract_address')
    .where('network', '=', network)
    .where('contract_address', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.contract_address!);
}
