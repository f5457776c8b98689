import type { TUtxoNetwork } from '@coinlane/core/families/utxo/utxo-keys';

/**
 * How many blocks after a payment's expiry its money may stay unmined (docs/decisions/009-utxo-watcher.md,
 * "Review 2026-11-25"). A payment whose full amount was seen in time waits for its confirmations past its
 * expiry; without a bound, a payer who broadcast at the minimum fee holds a free option on the locked rate:
 * bump the fee when the price moves their way, double-spend the coins back when it does not. When the first
 * block after the expiry and this many blocks in all have passed with the money still unmined, it counts as
 * late: the payment is expired with `paid_late`, its money still shown. About an hour of blocks on each chain:
 * a transaction at a fee that gets mined at all is mined well within it.
 */
export const UNMINED_GRACE_BLOCKS: Readonly<Record<TUtxoNetwork, number>> = {
  bitcoin: 6,
  'bitcoin-cash': 6,
  litecoin: 24,
  dogecoin: 60,
};
