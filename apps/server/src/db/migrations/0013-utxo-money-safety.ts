import { type Kysely, sql } from 'kysely';

/**
 * Issue 13, UTXO part (docs/decisions/009-utxo-watcher.md, "Review 2026-11-25"):
 * - transfer_spends: the outpoints (txid:vout) each credited transaction spends. The watcher credits a
 *   transaction and removes the unconfirmed transfers of every other transaction spending one of the same
 *   outpoints (a fee bump, a double spend) in one database transaction, so no event ever shows both.
 * - payments.expiry_height: the node's tip when the watcher first saw the payment past its expiry while its full
 *   amount awaited confirmations. Money still unmined a fixed number of blocks later counts as late.
 * - platform_fees: a fee of a payment that a reorganisation reversed is 'voided' (voided_at), and counts again
 *   ('pending') when the payment is confirmed again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE transfer_spends (
      network text NOT NULL,
      txid text NOT NULL,
      -- '<previous txid>:<output index>'
      outpoint text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (network, outpoint, txid)
    );
    CREATE INDEX transfer_spends_tx_idx ON transfer_spends (network, txid);

    ALTER TABLE payments ADD COLUMN expiry_height integer;

    ALTER TABLE platform_fees DROP CONSTRAINT platform_fees_status_check;
    ALTER TABLE platform_fees ADD CONSTRAINT platform_fees_status_check
      CHECK (status IN ('pending', 'invoiced', 'voided'));
    ALTER TABLE platform_fees ADD COLUMN voided_at timestamptz;
  `.execute(db);
}
