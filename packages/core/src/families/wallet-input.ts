/**
 * What every family's wallet parsing shares (issue 15): the chain a node runs, which wallets are checked against,
 * and the error a refused wallet input throws.
 */

/** The chain a node runs (CHAIN_<NETWORK>_MODE), and the one a wallet's keys and addresses are for. */
export const CHAIN_MODES = ['mainnet', 'testnet', 'regtest'] as const;
export type TChainMode = (typeof CHAIN_MODES)[number];

/** Why an input was refused; `message` is the text for the merchant (core texts). */
export class WalletInputError extends Error {
  readonly reason:
    | 'required'
    | 'checksum'
    | 'chain_mode'
    | 'other_network'
    | 'invalid'
    | 'private_key'
    | 'seed_phrase'
    | 'no_segwit'
    | 'script_type'
    | 'unsupported';
  constructor(reason: WalletInputError['reason'], message: string) {
    super(message);
    this.name = 'WalletInputError';
    this.reason = reason;
  }
}
