import type { Db } from '#app/db/connection.ts';
import type { ChainConfig, ChainFamilyId } from '#app/lib/chain-config.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import type { BlockRef, WatcherLog } from './chain-bookkeeping.ts';
import type { WatchedAddresses } from './watched-addresses.ts';

/**
 * What a chain family (utxo/, evm/) supplies to the one watcher skeleton (generic-watcher.ts): how to read its
 * node. The skeleton keeps the rest alike for every family: the leader lock and loop, the cursor and the stored
 * block hashes, rewinding on a reorganisation, confirmations, crediting each transfer exactly once
 * (chain-bookkeeping.ts), dropping unconfirmed transfers the node no longer has, health and status.
 * Recipe for a new family: docs/architecture.md, "Chain watchers".
 */

/** A block's place in the chain, as the cursor and `chain_blocks` store it. */
export type BlockHeader = { height: number; hash: string; parentHash: string | null; time: Date };

/** The node's best tip; with its hash when the family reads it anyway (UTXO), so an unmoved cursor is not asked about. */
export type ChainTip = { height: number; hash?: string };

/** One incoming transfer to a watched address: an output, a native transfer, a token Transfer log, a balance credit. */
export type IncomingTransfer = {
  txid: string;
  /**
   * UTXO: the output index; EVM: the log's index in its block, or NATIVE_OUTPUT_INDEX. (network, txid, index) is the
   * transfer's identity: it is credited once, whatever replays, restarts and reorganisations do.
   */
  index: number;
  /** The watched address, as its payments store it. */
  address: string;
  /** In base units. */
  amount: bigint;
  /** The coin, on families where one address may serve payments in several (EVM); else the network's coin. */
  currency?: string;
  /**
   * The payer's addresses (EVM: the sender of the transaction or the token Transfer's `from`; UTXO: the addresses of
   * the outputs its inputs spend, looked up on the node: utxo-payers.ts). Absent when unknown. Stored on the
   * transfer for the sanctions rule (modules/risk, decision 021).
   */
  payers?: readonly string[];
  /** UTXO: the outpoints ('<txid>:<vout>') the transaction spends (a conflicting transfer is removed with it). */
  spends?: readonly string[];
  /** UTXO: the latest creation time of a payment this transfer can pay (its transaction's first sighting). */
  notCreatedAfter?: Date;
};

/**
 * A block read by a family, with the transfers in it to watched addresses (already matched to their coin) and,
 * on families with a mempool, its transactions' ids (they leave the mempool view once the block is recorded).
 */
export type ScannedBlock = BlockHeader & {
  transfers: readonly IncomingTransfer[];
  txids?: readonly string[];
};

/** What a family's per-pass work gets from the skeleton. */
export type PassContext = {
  now: Date;
  watched: WatchedAddresses;
  /** Credits a transfer (in `block`, or unconfirmed with null) exactly once: chain-bookkeeping's creditTransfer. */
  credit: (transfer: IncomingTransfer, block: BlockRef | null) => Promise<void>;
};

/** A family's status fields beside the skeleton's (the health endpoint and tests read them). */
export type ReaderStatus = { mempoolTransactions: number } & Record<string, number>;

/** What became of a transfer recorded without a block, once a pass reached the tip (see `unconfirmed`). */
export type UnconfirmedFate = 'pending' | 'gone' | 'gone-quietly';

export type ChainReader = {
  /** The watched set's key of an address as the chain writes it (EVM: lower case); default: as written. */
  addressKey?(address: string): string;
  /** Checks of the node before each pass reads anything (EVM: chain id, factory, token decimals); a throw fails the pass. */
  checkNode?(now: Date): Promise<void>;
  /** The node's best tip, read uncached. */
  tip(): Promise<ChainTip>;
  /** The node's block at `height`, or null when its chain is shorter (a family may also throw its node's error). */
  blockAt(height: number): Promise<BlockHeader | null>;
  /** Whether a stored block is still on the node's best chain (false: a reorganisation orphaned it). */
  isInBestChain(block: { height: number; hash: string }): Promise<boolean>;
  /** How many blocks one `readBlocks` call reads at most. */
  blocksPerRead(watched: WatchedAddresses): number;
  /**
   * Blocks `from`..`to` in order, each with its transfers to watched addresses; null when the chain moved under the
   * read (the pass ends, the next one rewinds). The skeleton checks each block's parent against its cursor again.
   */
  readBlocks(range: {
    from: number;
    to: number;
    parentHash: string;
    watched: WatchedAddresses;
  }): Promise<ScannedBlock[] | null>;
  /** A block's transfers are credited and the cursor is past it (UTXO: its transactions leave the mempool view). */
  blockScanned?(block: ScannedBlock): void;
  /** After confirmations were counted at a new tip (UTXO: payments whose money stayed unmined past the grace). */
  afterConfirmations?(tipHeight: number, now: Date): Promise<void>;
  /**
   * Chains with a mempool: credits its transactions to watched addresses unconfirmed (`added`: addresses new to the
   * watched set this pass, whose transactions may already wait there).
   */
  scanMempool?(pass: PassContext & { added: readonly string[] }): Promise<void>;
  /** Whether this pass read the chain up to the node's tip (then transfers without a block are checked). */
  reachedTip(tip: ChainTip, cursor: { height: number; hash: string }): Promise<boolean>;
  /** A transfer without a block: still pending (or mined in a block not scanned yet), or gone (removed). */
  unconfirmed(txid: string): Promise<UnconfirmedFate>;
  /** The log line of a transfer removed as gone. */
  goneMessage: string;
  /** Family work at the end of a pass (EVM: deposit balances, issue 13). */
  afterPass?(
    pass: PassContext & { cursor: { height: number; hash: string } | null; tip: number },
  ): Promise<void>;
  /** A problem that stays the reported error while scanning goes on (EVM: factory or token check). */
  standingProblem?(): string | null;
  /** The log fields of a failed pass, when the family logs it its own way (EVM: a chain id mismatch). */
  failureLogFields?(err: unknown): object | undefined;
  status(): ReaderStatus;
};

/**
 * A chain family as the watcher role knows it: its id (`ChainConfig.family`) and how to make the reader of a
 * configured chain. The families are the server's registry (apps/server/src/families/registry.ts), handed to
 * startChainWatchers by the composition root. (Method syntax: a family of one kind of configuration is listed
 * with the others; it is only given chains of its own id.)
 */
export type ChainFamily<C extends ChainConfig = ChainConfig> = {
  readonly id: ChainFamilyId;
  createReader(options: { deps: PaymentDeps; db: Db; chain: C; log?: WatcherLog }): ChainReader;
};
