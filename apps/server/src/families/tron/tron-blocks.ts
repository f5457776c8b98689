import { tronAddressFromHex } from '@coinlane/core/families/tron/tron-keys';
import type { BlockHeader, IncomingTransfer, ScannedBlock } from '#app/modules/chains/chain-reader.ts';
import type { WatchedAddress, WatchedAddresses } from '#app/modules/chains/watched-addresses.ts';
import {
  type TronBlock,
  type TronNode,
  TronNodeError,
  type TronTransaction,
  type TronTransactionInfo,
} from './tron-node.ts';

/**
 * The transfers table's output index of a TRX transfer: a transaction pays its `to_address` once, and no log
 * index reaches this value, so a transaction that both pays TRX and emits TRC-20 Transfer logs to watched addresses
 * gets distinct rows (as on EVM chains).
 */
export const NATIVE_OUTPUT_INDEX = 2_147_483_647;

/** keccak256('Transfer(address,address,uint256)'): the TRC-20 Transfer event, as on EVM chains. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** Blocks asked for at once within a read (each block is one or two requests). */
const PARALLEL_BLOCKS = 5;

export type ReadContext = { node: TronNode; watched: WatchedAddresses; nativeSymbol: string | null };

/** A block's place in the chain. java-tron omits fields at their default (the genesis block has no `number`). */
export function headerOf(b: TronBlock): BlockHeader {
  const raw = b.block_header.raw_data;
  return {
    height: Number(raw.number ?? 0),
    hash: b.blockID,
    parentHash: raw.parentHash ?? null,
    time: new Date(Number(raw.timestamp ?? 0)),
  };
}

/** The T… form of a hex address (`41…`, or the 20 bytes of a log or a topic's last 20 bytes); null if malformed. */
function tronAddress(hex: string | undefined): string | null {
  if (!hex) return null;
  try {
    return tronAddressFromHex(hex);
  } catch {
    return null;
  }
}

/** A 32-byte topic holding an address: 12 zero bytes, then the 20 address bytes. */
function topicAddress(topic: string | undefined): string | null {
  const t = topic?.replace(/^0x/i, '').toLowerCase();
  if (!t || !/^0{24}[0-9a-f]{40}$/.test(t)) return null;
  return tronAddress(t.slice(24));
}

/**
 * Whether a transfer in `currency` (of token `contract`, lower case; null for TRX) counts for this address: a payment
 * or a refund awaiting payment (decision 022) of that coin and contract. Contracts are matched in the lower case the
 * watched set keys them by: a base58 address's case variant is a valid address with odds of 2^-32, and a contract
 * would still have to be deployed at it.
 */
const paysFor = (entry: WatchedAddress, currency: string, contract: string | null) =>
  entry.payments.some((p) => p.currency === currency && p.contract === contract) ||
  (entry.refunds ?? []).some((r) => r.currency === currency && r.contract === contract);

/** A block's successful TRX transfers (TransferContract, `contractRet` SUCCESS) to addresses of TRX payments. */
function nativeTransfers({ watched, nativeSymbol }: ReadContext, txs: readonly TronTransaction[]) {
  const found: IncomingTransfer[] = [];
  if (!watched.native || !nativeSymbol) return found;
  for (const tx of txs) {
    const c = tx.raw_data?.contract?.[0];
    if (c?.type !== 'TransferContract' || tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
    const to = tronAddress(c.parameter.value.to_address);
    const entry = to ? watched.get(to) : undefined;
    if (!entry || !paysFor(entry, nativeSymbol, null)) continue;
    const amount = BigInt(c.parameter.value.amount ?? 0);
    if (amount <= 0n) continue;
    const payer = tronAddress(c.parameter.value.owner_address);
    found.push({
      txid: tx.txID,
      index: NATIVE_OUTPUT_INDEX,
      address: entry.address,
      amount,
      currency: nativeSymbol,
      ...(payer ? { payers: [payer] } : {}),
    });
  }
  return found;
}

/**
 * The TRC-20 Transfer logs of successful calls (`receipt.result` SUCCESS) from the watched payments' token contracts
 * to watched addresses. A transfer's index is its log's position among its transaction's logs: with the txid it
 * names the transfer, and it stays the same when a reorganisation puts the transaction in another block or at
 * another place in one (the block's log numbering would not).
 */
function tokenTransfers({ watched }: ReadContext, infos: readonly TronTransactionInfo[]) {
  const found: IncomingTransfer[] = [];
  let logs = 0;
  for (const info of infos) {
    if (info.result === 'FAILED' || info.receipt?.result !== 'SUCCESS') continue;
    (info.log ?? []).forEach((l, index) => {
      logs++;
      const topics = l.topics ?? [];
      if (topics.length !== 3 || topics[0]!.replace(/^0x/i, '').toLowerCase() !== TRANSFER_TOPIC) return;
      const contract = tronAddress(l.address)?.toLowerCase();
      const currency = contract ? watched.contracts.get(contract) : undefined;
      if (!contract || !currency) return;
      const to = topicAddress(topics[2]);
      const entry = to ? watched.get(to) : undefined;
      if (!entry || !paysFor(entry, currency, contract)) return;
      const data = l.data?.replace(/^0x/i, '') ?? '';
      if (!/^[0-9a-fA-F]{64}$/.test(data)) return;
      const from = topicAddress(topics[1]);
      found.push({
        txid: info.id,
        index,
        address: entry.address,
        amount: BigInt(`0x${data}`),
        currency,
        ...(from ? { payers: [from] } : {}),
      });
    });
  }
  return { found, logs };
}

/** The node's block at `height`, checked to be that height's (null: the node has none there). */
export async function blockAt(node: TronNode, height: number): Promise<TronBlock | null> {
  const b = await node.blockByNum(height);
  if (b && headerOf(b).height !== height) {
    throw new TronNodeError(
      `block ${height} at ${node.endpoint}: the node answered block ${headerOf(b).height}`,
    );
  }
  return b;
}

/**
 * The transaction infos of a block just read, checked against its transactions. A list of other transactions means
 * the block at that height changed between the two requests (null: the chain moved) or a node that lacks them; the
 * latter is an error, so that a node without its transaction infos can never make the cursor pass a transfer.
 */
async function infosOf(node: TronNode, b: TronBlock, height: number): Promise<TronTransactionInfo[] | null> {
  const txids = new Set((b.transactions ?? []).map((t) => t.txID));
  if (txids.size === 0) return [];
  const infos = await node.transactionInfosByBlockNum(height);
  const matches =
    infos.length === txids.size &&
    infos.every((i) => txids.has(i.id) && Number(i.blockNumber ?? 0) === height);
  if (matches) return infos;
  if ((await node.blockByNum(height))?.blockID !== b.blockID) return null;
  throw new TronNodeError(
    `block ${height} at ${node.endpoint}: ${txids.size} transactions but ${infos.length} matching transaction infos`,
  );
}

/**
 * Blocks `from`..`to` with their transfers to watched addresses: TRX ones from each block's transactions, TRC-20
 * ones from its transaction infos' logs (asked only while a token payment is watched, and only for blocks with
 * transactions). Null when the chain moved under the read: a block missing, a parent hash that does not chain
 * from `parentHash`, infos of another block. `logs`: the logs read.
 */
export async function readTronBlocks(
  ctx: ReadContext,
  { from, to, parentHash }: { from: number; to: number; parentHash: string },
): Promise<{ blocks: ScannedBlock[]; logs: number } | null> {
  const blocks: TronBlock[] = [];
  for (let h = from; h <= to; h += PARALLEL_BLOCKS) {
    const heights: number[] = [];
    for (let i = h; i <= Math.min(to, h + PARALLEL_BLOCKS - 1); i++) heights.push(i);
    for (const b of await Promise.all(heights.map((i) => blockAt(ctx.node, i)))) {
      if (!b) return null;
      blocks.push(b);
    }
  }
  let parent = parentHash;
  for (const b of blocks) {
    const header = headerOf(b);
    if (header.parentHash !== parent) return null;
    parent = header.hash;
  }
  const readsTokens = ctx.watched.contracts.size > 0;
  const scanned: ScannedBlock[] = [];
  let logs = 0;
  for (let i = 0; i < blocks.length; i += PARALLEL_BLOCKS) {
    const slice = blocks.slice(i, i + PARALLEL_BLOCKS);
    const infos = await Promise.all(
      slice.map((b) => (readsTokens ? infosOf(ctx.node, b, headerOf(b).height) : [])),
    );
    for (const [j, b] of slice.entries()) {
      const blockInfos = infos[j];
      if (!blockInfos) return null;
      const tokens = tokenTransfers(ctx, blockInfos);
      logs += tokens.logs;
      const transfers = [...nativeTransfers(ctx, b.transactions ?? []), ...tokens.found];
      scanned.push({ ...headerOf(b), transfers });
    }
  }
  return { blocks: scanned, logs };
}
