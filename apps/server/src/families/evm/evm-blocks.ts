import {
  type Address,
  type Block,
  BlockNotFoundError,
  getAddress,
  type Hash,
  type PublicClient,
  parseAbiItem,
} from 'viem';
import type { IncomingTransfer, ScannedBlock } from '#app/modules/chains/chain-reader.ts';
import type { WatchedAddress, WatchedAddresses } from '#app/modules/chains/watched-addresses.ts';

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

/** Blocks fetched concurrently (one JSON-RPC batch through viem's batching transport). */
const BLOCK_BATCH = 20;
/** Blocks whose logs are asked for concurrently (one eth_getLogs by block hash each, in one JSON-RPC batch). */
const LOG_BATCH = 50;
/** At most this many recipients are named in the eth_getLogs topic filter (providers bound topic lists). */
const TOPIC_FILTER_MAX = 500;

/** A decoded ERC-20 Transfer log. */
type TransferLog = {
  contract: string;
  blockHash: Hash;
  logIndex: number;
  txid: Hash;
  from: string;
  to: string;
  value: bigint;
};

/** What reading a range needs besides the node: the watched set, the native coin, the tokens never credited. */
export type RangeContext = {
  client: PublicClient;
  watched: WatchedAddresses;
  nativeSymbol: string | null;
  badTokens: ReadonlySet<string>;
};

/** The node's block at `height`, or null when it has none (the chain is shorter, e.g. after evm_revert). */
export async function blockAt(client: PublicClient, height: number, includeTransactions = false) {
  try {
    return (await client.getBlock({ blockNumber: BigInt(height), includeTransactions })) as Block;
  } catch (err) {
    if (err instanceof BlockNotFoundError) return null;
    throw err;
  }
}

/** Whether native transfers are read: blocks then come with their transactions. */
export const readsNative = (watched: WatchedAddresses, nativeSymbol: string | null) =>
  watched.native && nativeSymbol !== null;

/**
 * Blocks `from`..`to` with their transfers to watched addresses: native ones from each block's transactions
 * (`to` watched, value > 0, receipt successful), token ones from the Transfer logs of the watched payments'
 * token contracts. Null when the chain moved under the read: a block missing, a parent hash that does not chain
 * from `parentHash`, a log of a block not read (the next pass rewinds or retries). `logs`: the logs read.
 */
export async function readRange(
  ctx: RangeContext,
  { from, to, parentHash }: { from: number; to: number; parentHash: string },
): Promise<{ blocks: ScannedBlock[]; logs: number } | null> {
  const withTxs = readsNative(ctx.watched, ctx.nativeSymbol);
  const blocks: Block[] = [];
  for (let h = from; h <= to; h += BLOCK_BATCH) {
    const heights: number[] = [];
    for (let i = h; i <= Math.min(to, h + BLOCK_BATCH - 1); i++) heights.push(i);
    for (const b of await Promise.all(heights.map((i) => blockAt(ctx.client, i, withTxs)))) {
      if (!b) return null;
      blocks.push(b);
    }
  }
  let parent = parentHash;
  for (const b of blocks) {
    if (b.parentHash !== parent) return null;
    parent = b.hash!;
  }
  const logs = ctx.watched.contracts.size ? await transferLogs(ctx, blocks) : [];
  // Asked by block hash, every log is of a block just read (checked all the same).
  const hashes = new Set(blocks.map((b) => b.hash));
  if (logs.some((l) => !hashes.has(l.blockHash))) return null;
  const logsByBlock = new Map<string, TransferLog[]>();
  for (const l of logs) {
    const list = logsByBlock.get(l.blockHash) ?? [];
    list.push(l);
    logsByBlock.set(l.blockHash, list);
  }
  const scanned: ScannedBlock[] = [];
  for (const b of blocks) {
    const transfers = [
      ...(withTxs ? await nativeTransfers(ctx, b) : []),
      ...tokenTransfers(ctx, logsByBlock.get(b.hash!) ?? []),
    ];
    const time = new Date(Number(b.timestamp) * 1000);
    scanned.push({ height: Number(b.number), hash: b.hash!, parentHash: b.parentHash, time, transfers });
  }
  return { blocks: scanned, logs: logs.length };
}

/**
 * Whether a transfer in `currency` (of token `contract`, null for the native coin) counts for a payment of this
 * address. Another coin, or another token contract, than any payment of the address (a USDC transfer to a USDT
 * payment's address; a token of another contract under the same symbol, e.g. a payment made under an older
 * CHAIN_<NETWORK>_TOKENS): ignored. Matching by contract, not only by symbol (issue 13).
 */
const paysFor = (entry: WatchedAddress, currency: string, contract: string | null) =>
  entry.payments.some((p) => p.currency === currency && p.contract === contract) ||
  // A refund awaiting payment to a customer's address (decision 022): the watcher routes it to the refund.
  (entry.refunds ?? []).some((r) => r.currency === currency && r.contract === contract);

/** A block's transactions paying the native coin to a watched address of a native payment, and successful. */
async function nativeTransfers({ client, watched, nativeSymbol }: RangeContext, b: Block) {
  const found: IncomingTransfer[] = [];
  for (const tx of b.transactions) {
    if (typeof tx === 'string' || !tx.to || tx.value <= 0n) continue;
    const entry = watched.get(tx.to);
    if (!entry || !paysFor(entry, nativeSymbol!, null)) continue;
    // A reverted transaction keeps its value: only a successful one paid the address.
    const receipt = await client.getTransactionReceipt({ hash: tx.hash });
    if (receipt.status !== 'success') continue;
    found.push({
      txid: tx.hash,
      index: NATIVE_OUTPUT_INDEX,
      address: entry.address,
      amount: tx.value,
      currency: nativeSymbol!,
      payers: [tx.from],
    });
  }
  return found;
}

/** A block's token Transfer logs to watched addresses of payments in that token contract. */
function tokenTransfers({ watched, badTokens }: RangeContext, logs: readonly TransferLog[]) {
  const found: IncomingTransfer[] = [];
  for (const l of logs) {
    const entry = watched.get(l.to);
    const contract = l.contract.toLowerCase();
    const currency = watched.contracts.get(contract);
    if (!entry || !currency || badTokens.has(contract) || !paysFor(entry, currency, contract)) continue;
    found.push({
      txid: l.txid,
      index: l.logIndex,
      address: entry.address,
      amount: l.value,
      currency,
      payers: [l.from],
    });
  }
  return found;
}

/**
 * The recipients to name in the logs filter: the watched addresses with a token payment, when they are few
 * enough for a topic filter (the node then returns only transfers to them); null when there are more, and the
 * contracts' Transfer logs are filtered in memory instead.
 */
function tokenRecipients({ watched, nativeSymbol }: RangeContext): Address[] | null {
  const found: Address[] = [];
  for (const entry of watched.entries()) {
    const coins = [...entry.payments, ...(entry.refunds ?? [])];
    if (!coins.some((p) => p.currency !== nativeSymbol)) continue;
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
async function transferLogs(ctx: RangeContext, blocks: readonly Block[]): Promise<TransferLog[]> {
  const address = [...ctx.watched.contracts.keys()]
    .filter((a) => !ctx.badTokens.has(a))
    .map((a) => getAddress(a));
  if (address.length === 0) return [];
  const recipients = tokenRecipients(ctx);
  const found: TransferLog[] = [];
  for (let i = 0; i < blocks.length; i += LOG_BATCH) {
    const pages = await Promise.all(
      blocks.slice(i, i + LOG_BATCH).map((b) =>
        ctx.client.getLogs({
          address,
          event: TRANSFER_EVENT,
          ...(recipients ? { args: { to: recipients } } : {}),
          blockHash: b.hash!,
          strict: true,
        }),
      ),
    );
    for (const l of pages.flat()) {
      const { from, to, value } = l.args;
      found.push({
        contract: l.address,
        blockHash: l.blockHash,
        logIndex: l.logIndex,
        txid: l.transactionHash,
        from,
        to,
        value,
      });
    }
  }
  return found;
}
