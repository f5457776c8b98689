import { forwarderFactoryAbi } from '@coinlane/contracts/abi';
import { randomId } from '@coinlane/core/ids';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Address,
  type Chain,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  type TransactionSerializable,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Db } from '#app/db/connection.ts';
import type { EvmChainConfig } from '#app/modules/chains/chain-config.ts';
import { type FlushCandidate, listFlushCandidates } from '#app/modules/payments/list-flush-candidates.ts';
import { markPaymentsFlushed } from '#app/modules/payments/mark-payments-flushed.ts';
import { recordFlushFailures } from '#app/modules/payments/record-flush-failures.ts';
import { getWalletAddresses } from '#app/modules/wallets/get-wallet-addresses.ts';
import { flushTokens } from './flush-tokens.ts';
import { paymentForwarder } from './payment-forwarder.ts';
import {
  deleteFlush,
  type EvmFlushRow,
  insertFlushClaim,
  selectInFlightFlush,
  updateFlush,
} from './queries.ts';

/** Payments per flushMany transaction (each request has a 300,000 gas budget in the contract: 15 M at most). */
export const FLUSH_BATCH = 50;
/** A `preparing` flush older than this was abandoned by a crashed process before it signed anything. */
export const PREPARING_LEASE_MS = 5 * 60_000;
/** The highest gas limit tried: below EIP-7825's per-transaction cap of 2^24 gas (a batch of 50 first flushes
 *  uses about 4.3 M). */
const ESTIMATE_GAS_CAP = 16_000_000n;
/** Gas limit = the node's estimate plus this share (the estimate is exact for flushMany; this is headroom). */
const GAS_HEADROOM_PERCENT = 20n;

export type FlushOutcome = {
  /** idle: nothing due; in-flight: another flush of the network is not mined yet; pending: ours was sent and is
   *  not mined within the wait; confirmed / reverted / failed: the flush's end. */
  status: 'idle' | 'in-flight' | 'pending' | 'confirmed' | 'reverted' | 'failed';
  flushId: string | null;
  txHash: Hex | null;
  flushed: string[];
  failed: string[];
};

type Client = PublicClient<Transport, Chain | undefined>;

const none = (status: FlushOutcome['status'], row?: EvmFlushRow): FlushOutcome => ({
  status,
  flushId: row?.id ?? null,
  txHash: (row?.tx_hash as Hex | null) ?? null,
  flushed: [],
  failed: [],
});

const lower = (a: string) => a.toLowerCase();

/**
 * One flush round of an EVM network (decision 010): settles the network's flush in flight, if any (its receipt,
 * a re-broadcast after a restart, or its end when its nonce was used by another transaction); then, when nothing
 * is in flight, takes up to FLUSH_BATCH confirmed forwarder payments not flushed since their last confirmed
 * transfer, signs one `flushMany` from the gas wallet, stores the signed transaction BEFORE broadcasting it, and
 * waits up to `receiptTimeoutMs` for the receipt. The receipt's per-request events say which payments were
 * flushed (payments.flushed_at, flush_tx) and which failed (due again next round). Never two flush transactions
 * in flight on a network, so never two for one payment, and the gas wallet's nonces are used one at a time.
 */
export async function flushForwarders({
  db,
  chain,
  secretKey,
  log,
  receiptTimeoutMs = 60_000,
  pollingIntervalMs = 1_000,
  now = () => new Date(),
}: {
  db: Db;
  chain: EvmChainConfig;
  secretKey: Buffer;
  log: FastifyBaseLogger;
  receiptTimeoutMs?: number;
  pollingIntervalMs?: number;
  now?: () => Date;
}): Promise<FlushOutcome> {
  if (!chain.factory || !chain.gasKey) return none('idle');
  const factory = getAddress(chain.factory);
  const account = privateKeyToAccount(chain.gasKey);
  const client: Client = createPublicClient({
    transport: http(chain.rpcUrl, { timeout: 15_000, retryCount: 1 }),
    pollingInterval: pollingIntervalMs,
    cacheTime: 0,
  });
  const ctx = { db, client, log, network: chain.network, now };

  const inFlight = await selectInFlightFlush(db, chain.network);
  if (inFlight) {
    const settled = await settleInFlight(ctx, inFlight);
    if (settled.status === 'in-flight') return settled;
  }

  const chainId = await client.getChainId();
  if (chain.chainId !== null && chain.chainId !== chainId) {
    throw new Error(`${chain.network}: the node reports chain id ${chainId}, configured ${chain.chainId}`);
  }
  const claim = await insertFlushClaim(db, {
    id: randomId('fls'),
    network: chain.network,
    chainId,
    fromAddress: account.address,
    factory,
    now: now(),
  });
  if (!claim) return none('in-flight');

  let sent = false;
  try {
    const requests = await flushRequests({ db, chain, factory, secretKey, log, now: now() });
    if (requests.length === 0) {
      await deleteFlush(db, claim.id);
      return none('idle');
    }
    const paymentIds = requests.map((r) => r.payment.id);
    await updateFlush(db, claim.id, {
      payment_ids: JSON.stringify(paymentIds),
      forwarders: JSON.stringify(requests.map((r) => r.forwarder)),
      updated_at: now(),
    });
    const data = encodeFunctionData({
      abi: forwarderFactoryAbi,
      functionName: 'flushMany',
      args: [requests.map((r) => ({ merchant: r.merchant, paymentSalt: r.salt, tokens: r.tokens }))],
    });
    const chainDef = defineChain({
      id: chainId,
      name: chain.network,
      nativeCurrency: { name: 'native', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    });
    const estimate = await estimateFlushGas(client, account.address, factory, data);
    const prepared = await client.prepareTransactionRequest({
      account,
      chain: chainDef,
      to: factory,
      data,
      value: 0n,
      gas: estimate + (estimate * GAS_HEADROOM_PERCENT) / 100n,
    });
    const common = { chainId, nonce: prepared.nonce, gas: prepared.gas, to: factory, data, value: 0n };
    const tx: TransactionSerializable =
      prepared.maxFeePerGas !== undefined
        ? {
            ...common,
            type: 'eip1559',
            maxFeePerGas: prepared.maxFeePerGas,
            maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
          }
        : { ...common, type: 'legacy', gasPrice: prepared.gasPrice };
    const maxCost = tx.gas! * (tx.type === 'eip1559' ? tx.maxFeePerGas! : tx.gasPrice!);
    const balance = await client.getBalance({ address: account.address });
    if (balance < maxCost) {
      throw new Error(
        `the gas wallet ${account.address} holds ${balance} wei, less than the ${maxCost} wei this flush may cost`,
      );
    }
    const serialized = await account.signTransaction(tx);
    const txHash = keccak256(serialized);
    // stored before it leaves: a crash from here on re-broadcasts this very transaction, never a second one
    await updateFlush(db, claim.id, {
      status: 'sent',
      nonce: prepared.nonce,
      tx_hash: txHash,
      raw_tx: serialized,
      sent_at: now(),
      updated_at: now(),
    });
    sent = true;
    log.info({ network: chain.network, flush: claim.id, txHash, payments: paymentIds.length }, 'flush sent');
    try {
      await client.sendRawTransaction({ serializedTransaction: serialized });
    } catch (err) {
      // maybe it reached the node anyway: the row stays `sent` and the next round settles it
      log.warn(
        { network: chain.network, flush: claim.id, err },
        'flush broadcast failed; settled next round',
      );
      return { ...none('pending'), flushId: claim.id, txHash };
    }
    let receipt: TransactionReceipt;
    try {
      receipt = await client.waitForTransactionReceipt({
        hash: txHash,
        timeout: receiptTimeoutMs,
        pollingInterval: pollingIntervalMs,
      });
    } catch (err) {
      if (err instanceof WaitForTransactionReceiptTimeoutError) {
        return { ...none('pending'), flushId: claim.id, txHash };
      }
      throw err;
    }
    return await finalizeFlush(ctx, claim.id, receipt);
  } catch (err) {
    if (sent) throw err; // a sent transaction is settled from its row, never declared failed here
    const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    await updateFlush(db, claim.id, { status: 'failed', error: message.slice(0, 500), updated_at: now() });
    log.error({ network: chain.network, flush: claim.id, err }, 'flush failed before sending');
    return { ...none('failed'), flushId: claim.id };
  }
}

/**
 * The least gas limit with which the flushMany call succeeds, found by bisecting eth_call between 21,000 and
 * ESTIMATE_GAS_CAP (to 1,000 gas). flushMany refuses to start a request without its full budget, so every limit
 * that succeeds gives each request the same gas and the same result: bisection is exact. eth_estimateGas does the
 * same search inside the node, but Hardhat 2.29's (EDR) fails on it under EIP-7825's cap; eth_call has no such
 * problem on any node. Throws the node's error when even the cap fails (the call reverts).
 */
async function estimateFlushGas(client: Client, from: Address, to: Address, data: Hex): Promise<bigint> {
  const succeeds = (gas: bigint) =>
    client.call({ account: from, to, data, gas }).then(
      () => true,
      () => false,
    );
  await client.call({ account: from, to, data, gas: ESTIMATE_GAS_CAP }); // throws when it cannot succeed at all
  let lo = 21_000n;
  let hi = ESTIMATE_GAS_CAP;
  while (hi - lo > 1_000n) {
    const mid = (lo + hi) / 2n;
    if (await succeeds(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

type FlushRequest = {
  payment: FlushCandidate;
  merchant: Address;
  salt: Hex;
  forwarder: Address;
  tokens: Address[];
};

/**
 * The due payments of the configured factory as flushMany requests. The merchant is the payment's wallet
 * address; a payment whose deposit address is not the forwarder of (factory, merchant, salt) (its wallet is not a
 * plain address) is skipped with a warning and backs off like a failed one, so it never holds the queue: flushing
 * it would move nothing. Each request names the payment's token and the network's other known tokens
 * (flushTokens), so a wrong token paid to the deposit address reaches the merchant too.
 */
async function flushRequests({
  db,
  chain,
  factory,
  secretKey,
  log,
  now,
}: {
  db: Db;
  chain: EvmChainConfig;
  factory: Address;
  secretKey: Buffer;
  log: FastifyBaseLogger;
  now: Date;
}): Promise<FlushRequest[]> {
  const candidates = await listFlushCandidates({
    db,
    network: chain.network,
    factory,
    now,
    limit: FLUSH_BATCH * 4,
  });
  const wallets = await getWalletAddresses({
    db,
    walletIds: candidates.flatMap((c) => (c.walletId ? [c.walletId] : [])),
    secretKey,
  });
  const tokensFor = await flushTokens({ db, chain });
  const requests: FlushRequest[] = [];
  const unusable: string[] = [];
  for (const payment of candidates) {
    if (requests.length >= FLUSH_BATCH) break;
    const found = paymentForwarder({
      factory,
      wallet: payment.walletId ? wallets.get(payment.walletId) : undefined,
      depositSalt: payment.depositSalt,
      address: payment.address,
    });
    if (!found) {
      log.warn(
        { network: chain.network, payment: payment.id, address: payment.address },
        'forwarder payment skipped: its deposit address is not the forwarder of its wallet under the configured factory',
      );
      unusable.push(payment.id);
      continue;
    }
    requests.push({ payment, ...found, tokens: tokensFor(payment.contractAddress) });
  }
  await recordFlushFailures({ db, paymentIds: unusable, at: now });
  return requests;
}

type Ctx = { db: Db; client: Client; log: FastifyBaseLogger; network: string; now: () => Date };

/** The flush in flight of a previous round (or of a crashed or concurrent process). */
async function settleInFlight(ctx: Ctx, row: EvmFlushRow): Promise<FlushOutcome> {
  const { db, client, log, now } = ctx;
  if (row.status === 'preparing' || !row.tx_hash || !row.raw_tx || row.nonce === null) {
    if (now().getTime() - row.updated_at.getTime() < PREPARING_LEASE_MS) return none('in-flight', row);
    await updateFlush(db, row.id, { status: 'failed', error: 'abandoned before sending', updated_at: now() });
    log.warn({ network: ctx.network, flush: row.id }, 'abandoned flush released');
    return none('failed', row);
  }
  const hash = row.tx_hash as Hex;
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
  if (receipt) return finalizeFlush(ctx, row.id, receipt);
  // not mined: broadcast it again (a restart between storing and sending, or a node that dropped it)
  await client.sendRawTransaction({ serializedTransaction: row.raw_tx as Hex }).catch(() => undefined);
  const used = await client.getTransactionCount({ address: row.from_address as Address, blockTag: 'latest' });
  if (used > row.nonce) {
    const late = await client.getTransactionReceipt({ hash }).catch(() => null);
    if (late) return finalizeFlush(ctx, row.id, late);
    // the nonce went to another transaction of the gas wallet: this one can never be mined
    await updateFlush(db, row.id, {
      status: 'failed',
      error: `nonce ${row.nonce} was used by another transaction`,
      updated_at: now(),
    });
    log.warn(
      { network: ctx.network, flush: row.id, hash },
      'flush replaced or dropped; its payments are due again',
    );
    return none('failed', row);
  }
  return none('in-flight', row);
}

/**
 * Records a mined flush once (the row must still be `sent`; a concurrent settle of the same row does nothing):
 * status, gas used, effective price and cost; the payments whose request emitted Flushed are marked flushed, the
 * others (FlushFailed, or all of a reverted transaction) stay due.
 */
async function finalizeFlush(ctx: Ctx, flushId: string, receipt: TransactionReceipt): Promise<FlushOutcome> {
  const { db, log, now } = ctx;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('evm_flushes')
      .selectAll()
      .where('id', '=', flushId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status !== 'sent') return none(row.status === 'confirmed' ? 'confirmed' : 'in-flight', row);
    const ids = row.payment_ids;
    const forwarders = row.forwarders.map(lower);
    const flushedForwarders = new Set(
      receipt.status === 'success'
        ? parseEventLogs({ abi: forwarderFactoryAbi, logs: receipt.logs, eventName: 'Flushed' })
            .filter((e) => lower(e.address) === lower(row.factory))
            .map((e) => lower(e.args.forwarder))
        : [],
    );
    const flushed = ids.filter((_, i) => flushedForwarders.has(forwarders[i]!));
    const failed = ids.filter((id) => !flushed.includes(id));
    const at = now();
    await updateFlush(trx, row.id, {
      status: receipt.status === 'success' ? 'confirmed' : 'reverted',
      block_number: Number(receipt.blockNumber),
      gas_used: receipt.gasUsed.toString(),
      effective_gas_price: receipt.effectiveGasPrice.toString(),
      cost_wei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
      flushed_payment_ids: JSON.stringify(flushed),
      failed_payment_ids: JSON.stringify(failed),
      confirmed_at: at,
      updated_at: at,
    });
    await markPaymentsFlushed({
      db: trx,
      paymentIds: flushed,
      txHash: receipt.transactionHash,
      blockNumber: Number(receipt.blockNumber),
      at,
    });
    await recordFlushFailures({ db: trx, paymentIds: failed, at });
    log[failed.length > 0 ? 'warn' : 'info'](
      {
        network: ctx.network,
        flush: row.id,
        txHash: receipt.transactionHash,
        flushed: flushed.length,
        failed,
      },
      'flush mined',
    );
    return {
      status: receipt.status === 'success' ? 'confirmed' : 'reverted',
      flushId: row.id,
      txHash: receipt.transactionHash,
      flushed,
      failed,
    };
  });
}
