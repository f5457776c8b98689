import { type Kysely, sql } from 'kysely';

/**
 * Cryptocurrency management (issue 16, decision 020). Deleting a cryptocurrency, or changing its decimals,
 * contract, symbol or network, first asks whether payments (open ones for decimals and contract) or payment links
 * use it: these indexes answer that by (network, currency) without scanning every payment. The daily limit of live
 * payments counts a merchant's payments of the day through payments_owner_idx (user_id, mode, created_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX payments_currency_idx ON payments (network, currency, status)`.execute(db);
  await sql`CREATE INDEX payment_links_currency_idx ON payment_links (network, currency)`.execute(db);
}
