import { randomId } from '@coinlane/core/ids';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 19 (Tron as a chain family, docs/decisions/025-tron.md): TRX, Tron's own coin (6 decimals: 1 TRX is
 * 1,000,000 sun; 20 confirmations as USDT on Tron), and the mainnet contract of USDT on Tron, which 0002 left empty
 * because the admin form took only 0x contracts: Tether's TRC-20 deployment TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t.
 * An administrator's own row or contract is kept.
 */
/** The coins this migration adds (written out, not read from @coinlane/core, so it stays what it shipped as). */
export const TRON_CURRENCY_SEED = [
  {
    symbol: 'TRX',
    name: 'TRON',
    network: 'tron',
    decimals: 6,
    contract: null,
    confirmations: 20,
    min: '0.000001',
  },
] as const;

/** Tether's USDT on Tron (TRC-20), the contract 0002 could not store. */
export const TRON_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A contract is 0x and 40 hex digits on EVM networks, base58check T… on Tron (the admin form checks each by its
  // network's family; the database keeps the two forms apart from anything else).
  await sql`
    ALTER TABLE supported_cryptocurrencies DROP CONSTRAINT IF EXISTS supported_cryptocurrencies_contract_address_check
  `.execute(db);
  await sql`
    ALTER TABLE supported_cryptocurrencies ADD CONSTRAINT supported_cryptocurrencies_contract_address_check
      CHECK (contract_address IS NULL OR contract_address ~ '^0x[0-9a-fA-F]{40}$'
             OR (network = 'tron' AND contract_address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$'))
  `.execute(db);
  for (const c of TRON_CURRENCY_SEED) {
    await sql`
      INSERT INTO supported_cryptocurrencies
        (id, symbol, name, network, decimals, contract_address, min_amount, max_amount, required_confirmations)
      SELECT ${randomId('cur')}, ${c.symbol}, ${c.name}, ${c.network}, ${c.decimals}, ${c.contract},
             ${c.min}::numeric, 1000000, ${c.confirmations}
      WHERE NOT EXISTS (
        SELECT 1 FROM supported_cryptocurrencies WHERE symbol = ${c.symbol} AND network = ${c.network}
      )
    `.execute(db);
  }
  await sql`
    UPDATE supported_cryptocurrencies SET contract_address = ${TRON_USDT_CONTRACT}
    WHERE symbol = 'USDT' AND network = 'tron' AND contract_address IS NULL
  `.execute(db);
}
