import { type Kysely, sql } from 'kysely';

/**
 * Live EVM chains (issue 7, docs/decisions/011-evm-watcher.md):
 * - wallets.receive_mode: how an EVM wallet receives: 'forwarder' (a CREATE2 deposit address per payment that
 *   can only pay out to the wallet's address; the default for an address), 'single' (the address itself, with
 *   unique amounts) or 'xpub' (derived child addresses); null for UTXO wallets.
 * - payments.deposit_salt: the forwarder's payment salt (0x + 64 hex) of a forwarder payment, else null.
 * - payments.chain_id: the EIP-155 chain id a live EVM payment is to be paid on (its EIP-681 URI carries it),
 *   taken from the configuration or, on a dev chain, from the node (chain_cursors.chain_id).
 * - chain_cursors.chain_id: the chain id the network's node reported to its watcher.
 * - payments_open_address_key gains the currency and forwarder payments: on an EVM address one wallet key may
 *   serve an ETH and a USDT payment at once (two wallets of one merchant with the same key), and a forwarder
 *   address is never shared by two open payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE wallets ADD COLUMN receive_mode text
      CHECK (receive_mode IS NULL OR receive_mode IN ('forwarder', 'single', 'xpub'));
    ALTER TABLE payments ADD COLUMN deposit_salt text CHECK (deposit_salt IS NULL OR deposit_salt ~ '^0x[0-9a-f]{64}$');
    ALTER TABLE payments ADD COLUMN chain_id integer;
    ALTER TABLE chain_cursors ADD COLUMN chain_id integer;
    DROP INDEX payments_open_address_key;
    CREATE UNIQUE INDEX payments_open_address_key ON payments (network, address, currency)
      WHERE status IN ('pending', 'partial')
        AND (wallet_id IS NULL OR derivation_index IS NOT NULL OR deposit_salt IS NOT NULL);
  `.execute(db);
}
