import { randomId } from '@coinlane/core/ids';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 19 (Tron as a chain family, docs/decisions/025-tron.md): TRX, Tron's own coin (6 decimals: 1 TRX is
 * 1,000,000 sun; 20 confirmations as USDT on Tron), and the mainnet contract of USDT on Tron, which 0002 left empty
 * because the admin form took only 0x contracts: Tether's TRC-20 deployment TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t.
 * An administrator's own row or contract is kept.
 */
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
  await sql`
    INSERT INTO supported_cryptocurrencies
      (id, symbol, name, network, decimals, contract_address, min_amount, max_amount, required_confirmations)
    SELECT ${randomId('cur')}, 'TRX', 'TRON', 'tron', 6, NULL, 0.000001, 1000000, 20
    WHERE NOT EXISTS (SELECT 1 FROM supported_cryptocurrencies WHERE symbol = 'TRX' AND network = 'tron')
  `.execute(db);
  await sql`
    UPDATE supported_cryptocurrencies SET contract_address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
    WHERE symbol = 'USDT' AND network = 'tron' AND contract_address IS NULL
  `.execute(db);
}
