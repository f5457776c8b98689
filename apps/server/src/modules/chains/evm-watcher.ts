import { forwarderFactoryAbi } from '@coinlane/contracts/abi';
import { forwarderAddress, forwarderImplementationAddress } from '@coinlane/contracts/forwarder-address';
import { forwarderCodeVersion } from '@coinlane/contracts/known-code';
import { CRYPTO_CURRENCIES, NETWORKS } from '@coinlane/core/currencies';
import { T } from '@coinlane/core/texts';
import {
  type Address,
  BaseError,
  type Block,
  BlockNotFoundError,
  createPublicClient,
  erc20Abi,
  getAddress,
  type Hash,
  HttpRequestError,
  http,
  keccak256,
  type PublicClient,
  parseAbiItem,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { DbHandle } from '#app/db/connection.ts';
import type { EvmChainConfig } from '#app/lib/chain-config.ts';
import { knownTokens } from '#app/modules/forwarders/flush-tokens.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { removePaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { listMovingTransfers } from '#app/modules/transfers/list-chain-transfers.ts';
import {
  type BlockRef,
  confirmUpToTip,
  creditTransfer,
  loadWatcherCursor,
  rollBackToFork,
  type WatcherLog,
} from './chain-bookkeeping.ts';
import { createLeaderLock, type LeaderLock } from './leader-lock.ts';
import {
  advanceCursor,
  selectBalanceCheckPayments,
  selectBlocksFrom,
  writeChainId,
  writeVerifiedFactory,
} from './queries.ts';
import { createWatchedPaymentsFeed } from './watched-payments.ts';
import type { ChainWatcher, WatcherStatus } from './watcher.ts';
import { createLeaderLoop, createPassHealth } from './watcher-loop.ts';

/**
 * The transfers table's output index of a native (ETH, BNB, ...) transfer: a transaction pays its `to` at most
 * once, and this value can never be a log index (a block's logs are numbered from 0), so (txid, index) stays
 * unique whether a transaction pays value, emits token Transfer logs to watched addresses, or both.
 * Token transfers use the log's index in its block.
 */
export const NATIVE_OUTPUT_INDEX = 2_147_483_647;

/** ERC-20 Transfer; `strict` decoding drops ERC-721 Transfers (a fourth, indexed topic). */
export const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** A watched payment: its coin and, for a token, its contract (lower case; null for the native coin). */
type WatchedPaymentRef = { paymentId: string; createdAt: Date; currency: string; contract: string | null };
/** A watched address (lower-case key in the map): its stored (checksummed) form and its payments, newest first. */
type WatchedAddress = { address: string; payments: WatchedPaymentRef[] };

/** A decoded ERC-20 Transfer log. */
type TransferLog = {
  contract: string;
  blockHash: Hash;
  logIndex: number;
  txid: Hash;
  to: string;
  value: bigint;
};

/** One incoming transfer found in a block: a native value (contract null) or a token Transfer log. */
type Incoming = {
  address: string;
  currency: string;
  contract: string | null;
  txid: string;
  index: number;
  amount: bigint;
};

/** Blocks fetched concurrently (one JSON-RPC batch through viem's batching transport). */
const BLOCK_BATCH = 20;
/** Blocks whose logs are asked for concurrently (one eth_getLogs by block hash each, in one JSON-RPC batch). */
const LOG_BATCH = 50;
/** At most this many recipients are named in the eth_getLogs topic filter (providers bound topic lists). */
const TOPIC_FILTER_MAX = 500;
/** Blocks per range while native payments are watched (blocks are fetched with their transactions). */
const NATIVE_RANGE = 50;

class ChainIdMismatch extends Error {}

/**
 * The txid of a balance credit (issue 13): ETH found at a forwarder deposit address at `height` beyond what its
 * recorded transfers account for (an internal transfer, made by a contract through a call, which no transaction
 * and no log shows). Stable, so a re-run at the same height finds the same row; never a transaction hash.
 */
export const balanceTxid = (address: string, height: number) => `balance:${address.toLowerCase()}:${height}`;
export const isBalanceTxid = (txid: string) => txid.startsWith('balance:');
/** Open native forwarder payments' balances are read once per this many scanned blocks (and at each expiry). */
const BALANCE_EVERY_BLOCKS = 20;
/** Balances read concurrently (one JSON-RPC batch). */
const BALANCE_BATCH = 50;

/** How often a configured factory that failed its check is checked again (it may be deployed meanwhile). */
const FACTORY_RECHECK_MS = 60_000;
/** The probe of the factory check: any merchant and salt do; these are fixed so the check is reproducible. */
const FACTORY_PROBE = {
  merchant: '0x000000000000000000000000000000000000dEaD',
  paymentSalt: keccak256(new TextEncoder().encode('coinlane factory check')),
} as const;

/**
 * The watcher of one EVM network (docs/decisions/011-evm-watcher.md), the UTXO watcher's contract over viem and
 * JSON-RPC. At start, and until it matches, the node's chain id is checked against the configuration (a dev
 * chain's own id is accepted in regtest mode and stored for payments); a mismatch is a health error and nothing
 * is scanned. While it holds the network's leader lock, every `pollMs`: refreshes the watched addresses, then
 * scans new blocks from its cursor in ranges: native transfers from each block's transactions (`to` watched,
 * value > 0, receipt successful), token transfers from one `eth_getLogs` per block, by block hash (EIP-234), on the
 * Transfer event of the token contracts of watched payments, to the watched recipients (named in the filter when
 * at most TOPIC_FILTER_MAX, else matched in memory), matched to payments by token contract; token contracts whose
 * decimals are not the catalogue's are reported and never credited. There is no mempool pass (EVM
 * dev nodes have no reliable public mempool): a transfer is recorded at inclusion with tip - block + 1
 * confirmations, the tip read uncached. Reorganisations are found by parent hash as for UTXO; transfers of
 * orphaned blocks lose their block, and those neither re-mined nor pending in the node are removed.
 */
export function createEvmChainWatcher({
  deps,
  dbHandle,
  chain,
  client = createPublicClient({ transport: http(chain.rpcUrl, { batch: true, retryCount: 1 }) }),
  log,
  pollMs = 500,
  watchDays = 7,
  startLookback = 10,
  logRange = 500,
  lock = createLeaderLock({ dbHandle, network: chain.network }),
  balanceEveryBlocks = BALANCE_EVERY_BLOCKS,
}: {
  deps: PaymentDeps;
  dbHandle: DbHandle;
  chain: EvmChainConfig;
  client?: PublicClient;
  log?: WatcherLog;
  pollMs?: number;
  watchDays?: number;
  /** With no cursor yet, the first block scanned is this many blocks below the node's tip. */
  startLookback?: number;
  /** Blocks per scanned range (their logs are asked for block by block, by hash). */
  logRange?: number;
  lock?: LeaderLock;
  /** Open native forwarder payments' deposit balances are read once per this many blocks (issue 13). */
  balanceEveryBlocks?: number;
}): ChainWatcher {
  const db = dbHandle.db;
  const health = createPassHealth({ db, network: chain.network, log });
  const network = chain.network;
  const nativeSymbol = CRYPTO_CURRENCIES.find((c) => c.network === network && c.native)?.symbol ?? null;

  let watched = new Map<string, WatchedAddress>();
  /** Token contract (lower case) -> coin, from the watched payments: only these contracts' logs are read. */
  let tokenContracts = new Map<string, string>();
  let nativeWatched = false;
  const feed = createWatchedPaymentsFeed({ db, network, watchDays });
  const unassigned = new Set<string>();

  let chainIdChecked = false;
  /** The token contracts' decimals check: null until done; its problem, or '' when it passed. */
  let tokenProblem: string | null = null;
  let tokensCheckedAt = 0;
  /** Token contracts (lower case) whose decimals() is not the catalogue's: their transfers are never credited. */
  let badTokens = new Set<string>();
  /** The configured factory's check: null until done; its problem, or '' when it passed. */
  let factoryProblem: string | null = null;
  let factoryCheckedAt = 0;
  /** The forwarder contract version whose code the configured factory has (once its check passed). */
  let factoryVersion: string | null = null;
  let cursor: { height: number; hash: string } | null = null;
  let cursorLoaded = false;
  let nodeTip: number | null = null;
  let lastBlockTime: Date | null = null;
  let confirmedTip: number | null = null;
  let logsScanned = 0;
  let blocksScanned = 0;
  /** The last balance check of forwarder deposit addresses (null: not since this instance started). */
  let balanceChecked: { height: number; time: Date } | null = null;
  /** The earliest expiry of the payments of that check that were still open: a check is due when it passes. */
  let nextExpiry: Date | null = null;

  // ---------------------------------------------------------------------------------------------------
  // Watched addresses

  async function refreshWatched(now: Date) {
    const { full, pages } = feed.next(now);
    const next = full ? new Map<string, WatchedAddress>() : watched;
    const contracts = full ? new Map<string, string>() : tokenContracts;
    let native = full ? false : nativeWatched;
    for await (const rows of pages) {
      for (const r of rows) {
        const key = r.address.toLowerCase();
        let entry = next.get(key);
        if (!entry) {
          entry = { address: r.address, payments: [] };
          next.set(key, entry);
        }
        if (!entry.payments.some((p) => p.paymentId === r.id)) {
          entry.payments.unshift({
            paymentId: r.id,
            createdAt: r.created_at,
            currency: r.currency,
            contract: r.contract_address?.toLowerCase() ?? null,
          });
        }
        if (r.contract_address) contracts.set(r.contract_address.toLowerCase(), r.currency);
        else native = true;
      }
    }
    watched = next;
    tokenContracts = contracts;
    nativeWatched = native;
  }

  // ---------------------------------------------------------------------------------------------------
  // Recording (the UTXO watcher's rules: a recorded transfer keeps its payment; see 009 "Matching")

  async function seen(entry: WatchedAddress, t: Incoming, block: BlockRef, now: Date) {
    // Another coin, or another token contract, than any payment of this address (a USDC transfer to a USDT
    // payment's address; a token of another contract under the same symbol, e.g. a payment made under an older
    // CHAIN_<NETWORK>_TOKENS): ignored. Matching by contract, not only by symbol (issue 13).
    if (!entry.payments.some((p) => p.currency === t.currency && p.contract === t.contract)) return;
    await creditTransfer({
      deps,
      db,
      network,
      txid: t.txid,
      index: t.index,
      address: entry.address,
      amount: t.amount,
      currency: t.currency,
      block,
      unassigned,
      log,
      now,
    });
  }

  // ---------------------------------------------------------------------------------------------------
  // Node

  async function checkChainId(now: Date) {
    if (chainIdChecked) return;
    const found = await client.getChainId();
    if (chain.chainId !== null && found !== chain.chainId) {
      throw new ChainIdMismatch(T.evmChainIdMismatch(network, String(chain.chainId), found));
    }
    await writeChainId(db, network, found, now);
    chainIdChecked = true;
    log?.info({ network, chainId: found }, 'EVM node chain id checked');
  }

  /**
   * The configured forwarder factory (CHAIN_<NETWORK>_FACTORY) must be deployed on this node and predict the
   * deposit addresses Coinlane computes offline, and its code and its implementation's must hash to a version
   * Coinlane ships (known-code.ts: v2, or v1 for old payments); otherwise funds paid to them could never be
   * flushed, or could be moved by code that is not Coinlane's. The result
   * is stored (`chain_cursors.factory`): forwarder addresses are handed out only under a verified factory. A
   * failure is reported as the watcher's error but does not stop scanning (single-address and xpub wallets do
   * not need the factory); it is checked again every minute.
   */
  async function checkFactory(now: Date) {
    if (!chain.factory || factoryProblem === '') return;
    if (factoryProblem !== null && now.getTime() - factoryCheckedAt < FACTORY_RECHECK_MS) return;
    const factory = getAddress(chain.factory);
    const name = NETWORKS[network].name;
    let problem = '';
    const code = await client.getCode({ address: factory });
    if (!code || code === '0x') problem = T.evmFactoryNotDeployed(name, factory);
    else {
      const expected = forwarderAddress({ factory, ...FACTORY_PROBE });
      const predicted = await client
        .readContract({
          address: factory,
          abi: forwarderFactoryAbi,
          functionName: 'predict',
          args: [FACTORY_PROBE.merchant, FACTORY_PROBE.paymentSalt],
        })
        .catch((err: unknown) => {
          // The node did not answer: not a verdict on the contract (the pass fails and the check is redone).
          if (
            err instanceof BaseError &&
            err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
          ) {
            throw err;
          }
          return null; // the contract reverted or has no such function: not Coinlane's factory
        });
      if (!predicted || predicted.toLowerCase() !== expected.toLowerCase()) {
        problem = T.evmFactoryMismatch(name, factory);
      } else {
        // Issue 13: predicting the addresses is not enough, the code that will move the funds must be Coinlane's
        // (the factory's and the implementation's every clone delegates to): a known version's code hash.
        const implementationCode = await client.getCode({ address: forwarderImplementationAddress(factory) });
        const version = forwarderCodeVersion({
          factory,
          factoryCode: code,
          implementationCode: implementationCode ?? '0x',
        });
        if (!version) problem = T.evmFactoryCodeUnknown(name, factory);
        else factoryVersion = version;
      }
    }
    factoryCheckedAt = now.getTime();
    if (problem !== factoryProblem) {
      if (problem) log?.error({ network, factory }, problem);
      else log?.info({ network, factory, version: factoryVersion }, 'forwarder factory checked');
      await writeVerifiedFactory(db, network, problem ? null : factory, now);
    }
    factoryProblem = problem;
  }

  /**
   * The decimals of every token contract payments may use on this network (CHAIN_<NETWORK>_TOKENS and, on
   * mainnet, the catalogue's contracts) must be the catalogue's, else amounts would be credited at a wrong scale
   * (issue 13): a contract that differs, or has no decimals(), is reported as the watcher's error (health) and
   * its transfers are never credited. Checked at start; a failed check again every minute.
   */
  async function checkTokens(now: Date) {
    if (tokenProblem === '') return;
    if (tokenProblem !== null && now.getTime() - tokensCheckedAt < FACTORY_RECHECK_MS) return;
    const problems: string[] = [];
    const bad = new Set<string>();
    for (const token of await knownTokens({ db, chain })) {
      const found = await client
        .readContract({ address: token.address, abi: erc20Abi, functionName: 'decimals' })
        .catch((err: unknown) => {
          if (
            err instanceof BaseError &&
            err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
          ) {
            throw err;
          }
          return null;
        });
      if (found !== token.decimals) {
        bad.add(token.address.toLowerCase());
        problems.push(
          T.evmTokenDecimalsMismatch(
            NETWORKS[network].name,
            token.symbol,
            token.address,
            found,
            token.decimals,
          ),
        );
      }
    }
    tokensCheckedAt = now.getTime();
    const problem = problems.join(' ');
    if (problem !== tokenProblem) {
      if (problem) log?.error({ network, tokens: [...bad] }, problem);
      else if (tokenProblem !== null) log?.info({ network }, 'token contracts checked');
    }
    badTokens = bad;
    tokenProblem = problem;
  }

  /** The node's block at `height`, or null when it has none (the chain is shorter, e.g. after evm_revert). */
  async function blockAt(height: number, includeTransactions = false): Promise<Block | null> {
    try {
      return (await client.getBlock({ blockNumber: BigInt(height), includeTransactions })) as Block;
    } catch (err) {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    }
  }

  /**
   * The recipients to name in the logs filter: the watched addresses with a token payment, when they are few
   * enough for a topic filter (the node then returns only transfers to them); null when there are more, and the
   * contracts' Transfer logs are filtered in memory instead.
   */
  function tokenRecipients(): Address[] | null {
    const found: Address[] = [];
    for (const entry of watched.values()) {
      if (!entry.payments.some((p) => p.currency !== nativeSymbol)) continue;
      if (found.length === TOPIC_FILTER_MAX) return null;
      found.push(getAddress(entry.address));
    }
    return found;
  }

  /**
   * The Transfer logs of the watched token contracts in `blocks`, asked for block by block by hash (EIP-234
   * `blockHash` filter), in JSON-RPC batches: a node that does not have one of these blocks (a provider's backend
   * lagging behind the one that answered the blocks) answers an error instead of an empty list, so a lagging
   * provider can never make the cursor pass transfers it has not seen (issue 13). Tokens whose decimals failed
   * the check are not read.
   */
  async function transferLogs(blocks: readonly Block[]): Promise<TransferLog[]> {
    const address = [...tokenContracts.keys()].filter((a) => !badTokens.has(a)).map((a) => getAddress(a));
    if (address.length === 0) return [];
    const recipients = tokenRecipients();
    const found: TransferLog[] = [];
    for (let i = 0; i < blocks.length; i += LOG_BATCH) {
      const pages = await Promise.all(
        blocks.slice(i, i + LOG_BATCH).map((b) =>
          client.getLogs({
            address,
            event: TRANSFER_EVENT,
            ...(recipients ? { args: { to: recipients } } : {}),
            blockHash: b.hash!,
            strict: true,
          }),
        ),
      );
      for (const logs of pages) {
        for (const l of logs) {
          found.push({
            contract: l.address,
            blockHash: l.blockHash,
            logIndex: l.logIndex,
            txid: l.transactionHash,
            to: l.args.to,
            value: l.args.value,
          });
        }
      }
    }
    return found;
  }

  // ---------------------------------------------------------------------------------------------------
  // Blocks

  async function loadCursor(now: Date) {
    if (cursorLoaded) return;
    ({ cursor, lastBlockTime } = await loadWatcherCursor({ deps, db, network, now }));
    cursorLoaded = true;
  }

  /** The cursor's block left the node's chain: back to the last stored block still in it (as for UTXO). */
  async function rewind(now: Date) {
    const stored = await selectBlocksFrom(db, network, cursor!.height);
    let fork: { height: number; hash: string } | null = null;
    for (const b of stored) {
      const onNode = await blockAt(b.height);
      if (onNode?.hash === b.hash) {
        fork = { height: b.height, hash: b.hash };
        break;
      }
    }
    if (!fork) {
      const lowest = Math.max(0, stored.at(-1)?.height ?? cursor!.height - 100);
      const b = await blockAt(lowest);
      if (!b?.hash) throw new Error(`no block ${lowest} on the node while rolling back a reorganisation`);
      fork = { height: lowest, hash: b.hash };
      log?.error({ network, height: lowest }, 'reorganisation deeper than the kept block hashes');
    }
    await rollBackToFork({ deps, db, network, cursor: cursor!, fork, log, now });
    cursor = fork;
    confirmedTip = null;
  }

  /** Scans blocks (from, to] of one range; false when the chain moved under the scan (next pass rewinds). */
  async function scanRange(from: number, to: number, tip: number, now: Date): Promise<boolean> {
    const withTxs = nativeWatched && nativeSymbol !== null;
    const blocks: Block[] = [];
    for (let h = from; h <= to; h += BLOCK_BATCH) {
      const heights: number[] = [];
      for (let i = h; i <= Math.min(to, h + BLOCK_BATCH - 1); i++) heights.push(i);
      const got = await Promise.all(heights.map((i) => blockAt(i, withTxs)));
      for (const b of got) {
        if (!b) return false;
        blocks.push(b);
      }
    }
    let parent = cursor!.hash;
    for (const b of blocks) {
      if (b.parentHash !== parent) return false;
      parent = b.hash!;
    }
    const logs = tokenContracts.size ? await transferLogs(blocks) : [];
    // Asked by block hash, every log is of a block just read (checked all the same).
    const hashes = new Set(blocks.map((b) => b.hash));
    if (logs.some((l) => !hashes.has(l.blockHash))) return false;
    logsScanned += logs.length;
    const logsByBlock = new Map<string, TransferLog[]>();
    for (const l of logs) {
      const list = logsByBlock.get(l.blockHash) ?? [];
      list.push(l);
      logsByBlock.set(l.blockHash, list);
    }

    for (const b of blocks) {
      const height = Number(b.number);
      const ref = { height, hash: b.hash!, confirmations: tip - height + 1 };
      if (withTxs) {
        for (const tx of b.transactions) {
          if (typeof tx === 'string' || !tx.to || tx.value <= 0n) continue;
          const entry = watched.get(tx.to.toLowerCase());
          if (!entry) continue;
          // A reverted transaction keeps its value: only a successful one paid the address.
          const receipt = await client.getTransactionReceipt({ hash: tx.hash });
          if (receipt.status !== 'success') continue;
          const incoming = {
            address: entry.address,
            currency: nativeSymbol!,
            contract: null,
            txid: tx.hash,
            index: NATIVE_OUTPUT_INDEX,
            amount: tx.value,
          };
          await seen(entry, incoming, ref, now);
        }
      }
      for (const l of logsByBlock.get(b.hash!) ?? []) {
        const entry = watched.get(l.to.toLowerCase());
        const contract = l.contract.toLowerCase();
        const currency = tokenContracts.get(contract);
        if (!entry || !currency || badTokens.has(contract)) continue;
        const incoming = {
          address: entry.address,
          currency,
          contract,
          txid: l.txid,
          index: l.logIndex,
          amount: l.value,
        };
        await seen(entry, incoming, ref, now);
      }
      const time = new Date(Number(b.timestamp) * 1000);
      await advanceCursor(db, network, { height, hash: b.hash!, previousHash: b.parentHash, time }, now);
      cursor = { height, hash: b.hash! };
      lastBlockTime = time;
      blocksScanned++;
    }
    return true;
  }

  async function scanBlocks(now: Date) {
    await loadCursor(now);
    const tip = Number(await client.getBlockNumber({ cacheTime: 0 }));
    nodeTip = tip;
    if (!cursor) {
      const height = Math.max(0, tip - startLookback);
      const b = await blockAt(height);
      if (!b?.hash) throw new Error(`no block ${height} on the node`);
      await advanceCursor(
        db,
        network,
        { height, hash: b.hash, previousHash: b.parentHash, time: new Date(Number(b.timestamp) * 1000) },
        now,
      );
      cursor = { height, hash: b.hash };
    }
    const atCursor = await blockAt(cursor.height);
    if (atCursor?.hash !== cursor.hash) await rewind(now);
    const range = nativeWatched && nativeSymbol !== null ? Math.min(NATIVE_RANGE, logRange) : logRange;
    while (cursor.height < tip) {
      const from = cursor.height + 1;
      const to = Math.min(tip, cursor.height + range);
      if (!(await scanRange(from, to, tip, now))) return;
    }
    if (confirmedTip !== cursor.height) {
      await confirmUpToTip({ deps, db, network, tipHeight: cursor.height, now });
      confirmedTip = cursor.height;
    }
  }

  /**
   * Transfers that lost their block in a reorganisation and were not re-mined by the rescan: removed, unless
   * the node still holds the transaction (pending, or mined in a block not scanned yet).
   */
  async function dropOrphaned(now: Date) {
    const moving = await listMovingTransfers({ db, network });
    for (const t of moving) {
      if (t.block_hash !== null) continue;
      if (isBalanceTxid(t.txid)) {
        // a balance credit of an orphaned block: the next balance check credits what is still there
        await removePaymentTransfer({ deps, db, paymentId: t.payment_id, transferId: t.id, now });
        continue;
      }
      const hash = t.txid as Hash;
      const mined = await client
        .getTransactionReceipt({ hash })
        .then(() => true)
        .catch((err) => {
          if (err instanceof TransactionReceiptNotFoundError) return false;
          throw err;
        });
      if (mined) continue;
      const pending = await client
        .getTransaction({ hash })
        .then(() => true)
        .catch((err) => {
          if (err instanceof TransactionNotFoundError) return false;
          throw err;
        });
      if (pending) continue;
      await removePaymentTransfer({ deps, db, paymentId: t.payment_id, transferId: t.id, now });
      log?.info({ network, txid: t.txid }, 'transfer of an orphaned block not re-mined: removed');
    }
  }

  /**
   * ETH that reached a native forwarder payment's deposit address by an internal transfer (a contract paying out
   * through a call: no transaction to the address, no log) is found by its balance (issue 13): once per
   * `balanceEveryBlocks` scanned blocks and whenever one of the open payments expires, each open (and just
   * expired) unflushed native forwarder payment's balance is read at the cursor's block, which the scan has
   * fully read, so every transaction transfer up to it is recorded. What exceeds the sum of its recorded
   * transfers is credited as a transfer `balance:<address>:<height>` (NATIVE_OUTPUT_INDEX) in that block. Nothing
   * but a flush moves ETH out of a deposit address, and only unflushed payments are read, so the excess is
   * never more than what arrived unseen; a later real transfer is in a later block (not in this balance) and is
   * recorded on its own; a re-run at the same height finds the same row, and at a later height the credit is in
   * the recorded sum. A payment the merchant flushed themselves (not recorded) reads less than recorded: nothing.
   */
  async function checkBalances(now: Date) {
    if (!chain.factory || !nativeSymbol || !cursor || cursor.height !== nodeTip) return;
    const due =
      !balanceChecked ||
      cursor.height >= balanceChecked.height + balanceEveryBlocks ||
      (nextExpiry !== null && nextExpiry <= now);
    if (!due) return;
    // At start, those expired within the watch window; then those expired since the last check (a margin).
    const expiredAfter = balanceChecked
      ? new Date(balanceChecked.time.getTime() - 10 * 60_000)
      : new Date(now.getTime() - watchDays * 24 * 3600_000);
    const payments = await selectBalanceCheckPayments(db, network, expiredAfter);
    const at = { height: cursor.height, hash: cursor.hash };
    const tip = nodeTip;
    for (let i = 0; i < payments.length; i += BALANCE_BATCH) {
      const batch = payments.slice(i, i + BALANCE_BATCH);
      const balances = await Promise.all(
        batch.map((p) =>
          client.getBalance({ address: getAddress(p.address), blockNumber: BigInt(at.height) }),
        ),
      );
      for (const [k, p] of batch.entries()) {
        const excess = balances[k]! - BigInt(p.recorded);
        if (excess <= 0n) continue;
        log?.info(
          { network, paymentId: p.id, address: p.address, amount: excess.toString(), height: at.height },
          'ETH at a deposit address beyond its recorded transfers (an internal transfer): credited',
        );
        await creditTransfer({
          deps,
          db,
          network,
          txid: balanceTxid(p.address, at.height),
          index: NATIVE_OUTPUT_INDEX,
          address: p.address,
          amount: excess,
          currency: nativeSymbol,
          block: { ...at, confirmations: tip - at.height + 1 },
          unassigned,
          log,
          now,
        });
      }
    }
    let earliest: Date | null = null;
    for (const p of payments) {
      if (p.expires_at > now && (!earliest || p.expires_at < earliest)) earliest = p.expires_at;
    }
    nextExpiry = earliest;
    balanceChecked = { height: at.height, time: now };
  }

  // ---------------------------------------------------------------------------------------------------

  async function tick() {
    const now = new Date();
    await health.run({
      now,
      nodeTip: () => nodeTip,
      pass: async () => {
        await checkChainId(now);
        await checkFactory(now);
        await checkTokens(now);
        await refreshWatched(now);
        await scanBlocks(now);
        if (cursor && cursor.height === nodeTip) await dropOrphaned(now);
        await checkBalances(now);
        // a factory or a token that failed its check stays the reported error while the scan itself goes on
        return [factoryProblem, tokenProblem].filter(Boolean).join(' ') || null;
      },
      logFailure: (err, text) => {
        if (err instanceof ChainIdMismatch) log?.error({ network, expected: chain.chainId }, text);
        else log?.error({ network, err }, 'watcher pass failed');
      },
    });
  }

  const runner = createLeaderLoop({
    lock,
    pollMs,
    tick,
    onStart: () => {
      cursorLoaded = false; // another process may have moved it while this one was stopped
      feed.reset();
    },
  });

  return {
    start: runner.start,
    stop: runner.stop,
    tick,
    status(): WatcherStatus & { logsScanned: number; blocksScanned: number } {
      return {
        network,
        mode: chain.mode,
        running: runner.running,
        leader: lock.held,
        nodeTip,
        processedHeight: cursor?.height ?? null,
        lag: nodeTip !== null && cursor ? Math.max(0, nodeTip - cursor.height) : null,
        ...health.status(),
        lastBlockTime: lastBlockTime?.toISOString() ?? null,
        watchedAddresses: watched.size,
        mempoolTransactions: 0,
        logsScanned,
        blocksScanned,
      };
    },
  };
}
