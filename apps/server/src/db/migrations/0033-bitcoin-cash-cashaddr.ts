import { legacyToCashAddr } from '@coinlane/core/families/utxo/cashaddr';
import type { TChainMode } from '@coinlane/core/families/wallet-input';
import { sanctionsKey } from '@coinlane/core/risk-rules';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 19 (docs/decisions/008-wallets.md, "Bitcoin Cash"): CashAddr is Bitcoin Cash's form. Payments of a Bitcoin
 * Cash wallet stored in the legacy form (and their transfers) are rewritten as CashAddr with the prefix of the
 * wallet's chain mode (legacy testnet and regtest addresses are written alike: the wallet tells them apart), so
 * that every payment on an address has one form: a single address's amounts stay unique and an output finds all its
 * payments. A single-address wallet's shown address is rewritten too; its sealed address cannot be opened here
 * (APP_SECRET_KEY) and is converted when handed out (utxo-address-source.ts); its hash, of the legacy form, is the
 * duplicate check's `legacyHash`. Sanctions keys (sanctionsKey) now write a CashAddr in its legacy form: the list in
 * force and the payer addresses recorded by the watcher are keyed again. Payments of no wallet keep their form
 * (the watcher keys both forms alike).
 */
// biome-ignore lint/suspicious/noExplicitAny: written against the tables as they are at this migration
export async function up(db: Kysely<any>): Promise<void> {
  const payments = await sql<{ id: string; address: string; chain_mode: TChainMode }>`
    SELECT p.id, p.address, w.chain_mode FROM payments p JOIN wallets w ON w.id = p.wallet_id
    WHERE p.network = 'bitcoin-cash'`.execute(db);
  for (const p of payments.rows) {
    const cashAddr = legacyToCashAddr(p.address, p.chain_mode);
    if (!cashAddr) continue;
    await sql`UPDATE payments SET address = ${cashAddr} WHERE id = ${p.id}`.execute(db);
    await sql`UPDATE transfers SET address = ${cashAddr} WHERE payment_id = ${p.id} AND address = ${p.address}`.execute(
      db,
    );
  }
  const wallets = await sql<{ id: string; address_display: string; chain_mode: TChainMode }>`
    SELECT id, address_display, chain_mode FROM wallets WHERE network = 'bitcoin-cash' AND kind = 'address'`.execute(
    db,
  );
  for (const w of wallets.rows) {
    const cashAddr = legacyToCashAddr(w.address_display, w.chain_mode);
    if (cashAddr) await sql`UPDATE wallets SET address_display = ${cashAddr} WHERE id = ${w.id}`.execute(db);
  }
  const listed = await sql<{ address_key: string; address: string }>`
    SELECT address_key, address FROM sanctioned_addresses ORDER BY address_key`.execute(db);
  const keys = new Set(listed.rows.map((r) => r.address_key));
  for (const r of listed.rows) {
    const key = sanctionsKey(r.address);
    if (key === r.address_key) continue;
    // One address written in both forms on the list: one row, as an import keeps it.
    if (keys.has(key)) {
      await sql`DELETE FROM sanctioned_addresses WHERE address_key = ${r.address_key}`.execute(db);
    } else {
      await sql`UPDATE sanctioned_addresses SET address_key = ${key} WHERE address_key = ${r.address_key}`.execute(
        db,
      );
      keys.add(key);
    }
    keys.delete(r.address_key);
  }
  const payers = await sql<{ id: string; payer_addresses: string[] }>`
    SELECT id, payer_addresses FROM transfers
    WHERE network = 'bitcoin-cash' AND payer_addresses IS NOT NULL`.execute(db);
  for (const t of payers.rows) {
    const rekeyed = [...new Set(t.payer_addresses.map(sanctionsKey))];
    if (rekeyed.join('\n') !== t.payer_addresses.join('\n')) {
      await sql`UPDATE transfers SET payer_addresses = ${rekeyed} WHERE id = ${t.id}`.execute(db);
    }
  }
}
