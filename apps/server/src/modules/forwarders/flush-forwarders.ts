import { forwarderAbi, forwarderFactoryAbi, swapForwarderFactoryAbi } from '@coinlane/contracts/abi';
import {
  type FactoryVersion,
  flushManyGasLimit,
  REQUEST_BASE_GAS,
  REQUEST_TOKEN_GAS,
  requestGasBound,
  V1_REQUEST_GAS,
} from '@coinlane/contracts/flush-gas';
import {
  swapFlushManyGasLimit,
  swapRequestGas,
  swapRequestGasBound,
} from '@coinlane/contracts/swap-flush-gas';
import { type SwapRoute, swapPathHops } from '@coinlane/contracts/swap-forwarder-address';
import { CRYPTO_CURRENCIES } from '@coinlane/core/currencies';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { randomId } from '@coinlane/core/ids';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Address,
  BaseError,
  type Chain,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  HttpRequestError,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  parseEventLogs,
  TimeoutError,
  type TransactionReceipt,
  type TransactionSerializable,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Db } from '#app/db/connection.ts';
import { type FlushCandidate, listFlushCandidates } from '#app/modules/payments/list-flush-candidates.ts';
import { markPaymentsFlushed } from '#app/modules/payments/mark-payments-flushed.ts';
import {
  recordFlushBatchReverted,
  recordFlushDeferred,
  recordFlushFailures,
} from '#app/modules/payments/record-flush-failures.ts';
import { loadRateBook } from '#app/modules/rates/load-rate-book.ts';
import type { RateBook } from '#app/modules/rates/rate-book.ts';
import { getWalletAddresses } from '#app/modules/wallets/get-wallet-addresses.ts';
import { failFlushPayouts, openFlushPayouts, settleFlushPayouts } from './flush-payouts.ts';
import { flushTokens, type KnownToken, knownTokens } from './flush-tokens.ts';
import { expectedRequestGas, type Holding, valueInWei, worthFlushing } from './flush-value.ts';
import { paymentForwarder } from './payment-forwarder.ts';
import {
  deleteFlush,
  type EvmFlushRow,
  insertFlushClaim,
  selectInFlightFlush,
  updateFlush,
} from './queries.ts';
import { isKnownSwapFactory, paymentSwapForwarder } from './swap-forwarder.ts';

/** Payments per flushMany transaction, at most. */
export const FLUSH_BATCH = 50;
/** The gas limit of a flush transaction, at most: the sum of its requests' bounds (src/flush-gas.ts) stays below
 *  this, itself below EIP-7825's per-transaction cap of 2^24 (with one token each, about 37 requests). */
export const MAX_BATCH_GAS = 15_000_000n;
/** A `preparing` flush older than this was abandoned by a crashed process before it signed anything. */
export const PREPARING_LEASE_MS = 5 * 60_000;
/** Due payments read per round, and how many of them have their balances read at a time. */
const CANDIDATES = FLUSH_BATCH * 4;
const READ_CHUNK = 50;
/** Stored by the rates job; older market rates still value a balance here (a dust decision, not a price). */
const RATE_MAX_AGE_SECONDS = 3600;

export type FlushOutcome = {
  /** idle: nothing due (or nothing worth its gas); in-flight: another flush of the network is not mined yet;
   *  deferred: the gas price is above CHAIN_<NETWORK>_MAX_GAS_GWEI; pending: ours was sent and is not mined
   *  within the wait; confirmed / reverted / failed: the flush's end. */
  status: 'idle' | 'in-flight' | 'deferred' | 'pending' | 'confirmed' | 'reverted' | 'failed';
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

/** The node did not answer (as opposed to a call that reverted). */
const unreachable = (err: unknown) =>
  err instanceof BaseError &&
  err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;

/**
 * One flush round of an EVM network (decision 010): settles the network's flush in flight, if any (its receipt,
 * a re-broadcast after a restart, or its end when its nonce was used by another transaction); then, when nothing
 * is in flight and the gas price is not above CHAIN_<NETWORK>_MAX_GAS_GWEI, plans one batch (planBatch: the due
 * payments' balances read off chain, dust left, risky merchants alone), signs one `flushMany` from the gas wallet
 * with a gas limit that bounds whatever the batch's merchants and tokens do, stores the signed transaction BEFORE
 * broadcasting it, and waits up to `receiptTimeoutMs` for the receipt. The receipt's events say which payments were
 * flushed (payment_flushes.flushed_at, flush_tx) and which failed (backed off); a reverted batch is split. Never
 * two flush transactions in flight on a network, so never two for one payment, and the gas wallet's nonces are
 * used one at a time. `gasLimit` (tests) replaces the gas limit computed.
 */
export async function flushForwarders({
  db,
  chain,
  secretKey,
  log,
  receiptTimeoutMs = 60_000,
  pollingIntervalMs = 1_000,
  now = () => new Date(),
  gasLimit,
}: {
  db: Db;
  chain: EvmChainConfig;
  secretKey: Buffer;
  log: FastifyBaseLogger;
  receiptTimeoutMs?: number;
  pollingIntervalMs?: number;
  now?: () => Date;
  gasLimit?: (bound: bigint) => bigint;
}): Promise<FlushOutcome> {
  if (!chain.factory || !chain.gasKey) return none('idle');
  const configuredFactory = getAddress(chain.factory);
  const account = privateKeyToAccount(chain.gasKey);
  const client: Client = createPublicClient({
    transport: http(chain.rpcUrl, { timeout: 15_000, retryCount: 1, batch: { batchSize: 100 } }),
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
  const gasPrice = await client.getGasPrice();
  const maxGasPrice = chain.maxGasPrice ?? null;
  if (maxGasPrice !== null && gasPrice > maxGasPrice) {
    log.info(
      { network: chain.network, gasPrice: gasPrice.toString(), maxGasPrice: maxGasPrice.toString() },
      'flush deferred: the gas price is above CHAIN_<NETWORK>_MAX_GAS_GWEI',
    );
    return none('deferred');
  }
  const claim = await insertFlushClaim(db, {
    id: randomId('fls'),
    network: chain.network,
    chainId,
    fromAddress: account.address,
    factory: configuredFactory,
    now: now(),
  });
  if (!claim) return none('in-flight');

  let sent = false;
  try {
    const batch = await planBatch({
      db,
      chain,
      client,
      chainId,
      configuredFactory,
      secretKey,
      log,
      gasPrice,
      now: now(),
    });
    if (!batch) {
      await deleteFlush(db, claim.id);
      return none('idle');
    }
    const { factory, version, requests } = batch;
    const paymentIds = requests.map((r) => r.payment.id);
    await updateFlush(db, claim.id, {
      factory,
      payment_ids: JSON.stringify(paymentIds),
      forwarders: JSON.stringify(requests.map((r) => r.forwarder)),
      updated_at: now(),
    });
    // a batch of swapping deposit addresses goes to their factory (decision 024), the others to the plain one
    const swaps = requests.flatMap((r) => (r.swap ? [{ route: r.swap, tokens: r.tokens }] : []));
    const data =
      version === 'swap'
        ? encodeFunctionData({ abi: swapForwarderFactoryAbi, functionName: 'flushMany', args: [swaps] })
        : encodeFunctionData({
            abi: forwarderFactoryAbi,
            functionName: 'flushMany',
            args: [requests.map((r) => ({ merchant: r.merchant, paymentSalt: r.salt, tokens: r.tokens }))],
          });
    // An upper bound of the gas the call can use, whatever its merchants and tokens do (each request has a fixed
    // budget and flushMany refuses to start one without it): the batch cannot run out of gas.
    const bound =
      version === 'swap'
        ? swapFlushManyGasLimit({ requests: swaps, data })
        : flushManyGasLimit({ requests, data, version });
    // The call must succeed with it; one that reverts (a factory without code, say) is split like a reverted batch.
    try {
      await client.call({ account: account.address, to: factory, data, gas: bound });
    } catch (err) {
      if (unreachable(err)) throw err;
      const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      await updateFlush(db, claim.id, {
        status: 'failed',
        error: `the call reverts: ${message}`.slice(0, 500),
        failed_payment_ids: JSON.stringify(paymentIds),
        updated_at: now(),
      });
      await recordFlushBatchReverted({ db, paymentIds, at: now() });
      log.warn({ network: chain.network, flush: claim.id, factory, err }, 'flush batch reverts; split');
      return { ...none('failed'), flushId: claim.id, failed: paymentIds };
    }
    let gas = bound;
    // Arbitrum charges its L1 data in L2 gas units: the node's estimate includes it, the bound does not.
    if (chain.network === 'arbitrum') {
      gas += await client.estimateGas({ account: account.address, to: factory, data }).catch(() => 0n);
    }
    if (gasLimit) gas = gasLimit(gas);
    const chainDef = defineChain({
      id: chainId,
      name: chain.network,
      nativeCurrency: { name: 'native', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    });
    const prepared = await client.prepareTransactionRequest({
      account,
      chain: chainDef,
      to: factory,
      data,
      value: 0n,
      gas,
    });
    const common = { chainId, nonce: prepared.nonce, gas, to: factory, data, value: 0n };
    const cap = (fee: bigint) => (maxGasPrice !== null && fee > maxGasPrice ? maxGasPrice : fee);
    let tx: TransactionSerializable;
    if (prepared.maxFeePerGas !== undefined) {
      const maxFeePerGas = cap(prepared.maxFeePerGas);
      const tip = prepared.maxPriorityFeePerGas ?? 0n;
      tx = {
        ...common,
        type: 'eip1559',
        maxFeePerGas,
        maxPriorityFeePerGas: tip > maxFeePerGas ? maxFeePerGas : tip,
      };
    } else {
      tx = { ...common, type: 'legacy', gasPrice: cap(prepared.gasPrice!) };
    }
    const maxCost = gas * (tx.type === 'eip1559' ? tx.maxFeePerGas! : tx.gasPrice!);
    const balance = await client.getBalance({ address: account.address });
    if (balance < maxCost) {
      throw new Error(
        `the gas wallet ${account.address} holds ${balance} wei, less than the ${maxCost} wei this flush may cost`,
      );
    }
    const serialized = await account.signTransaction(tx);
    const txHash = keccak256(serialized);
    // stored before it leaves: a crash from here on re-broadcasts this very transaction, never a second one; the
    // payout history's pending entries with it
    await db.transaction().execute(async (trx) => {
      await updateFlush(trx, claim.id, {
        status: 'sent',
        nonce: prepared.nonce,
        tx_hash: txHash,
        raw_tx: serialized,
        sent_at: now(),
        updated_at: now(),
      });
      await openFlushPayouts(trx, {
        flushId: claim.id,
        network: chain.network,
        txHash,
        requests: requests.map((r) => ({ ...r, swap: r.swap !== null })),
      });
    });
    sent = true;
    log.info(
      {
        network: chain.network,
        flush: claim.id,
        txHash,
        factory,
        payments: paymentIds.length,
        gas: gas.toString(),
      },
      'flush sent',
    );
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

// ---------------------------------------------------------------------------------------------------------------
// Factories

const v1Abi = parseAbi(['function REQUEST_GAS() view returns (uint256)']);
/** Factory -> version (null: not a factory of ours), per chain id: contracts are immutable, read once. */
const factoryVersions = new Map<string, FactoryVersion | null>();

/** Forgets the factory versions read so far (Clear All Cache): each is read from its chain again. */
export function clearFactoryVersions(): number {
  const n = factoryVersions.size;
  factoryVersions.clear();
  return n;
}

/**
 * The version of a forwarder factory, read from its constants: v2 has REQUEST_BASE_GAS and REQUEST_TOKEN_GAS equal
 * to src/flush-gas.ts's, v1 has REQUEST_GAS = 300,000. Anything else is not a factory the job can bound the gas
 * of: null (its payments back off). Throws when the node does not answer.
 */
async function factoryVersion(
  client: Client,
  chainId: number,
  factory: Address,
): Promise<FactoryVersion | null> {
  const key = `${chainId}:${lower(factory)}`;
  const known = factoryVersions.get(key);
  if (known !== undefined) return known;
  const read = async (fn: () => Promise<bigint>) =>
    fn().catch((err: unknown) => {
      if (unreachable(err)) throw err;
      return null;
    });
  let version: FactoryVersion | null = null;
  const base = await read(() =>
    client.readContract({ address: factory, abi: forwarderFactoryAbi, functionName: 'REQUEST_BASE_GAS' }),
  );
  if (base !== null) {
    const perToken = await read(() =>
      client.readContract({ address: factory, abi: forwarderFactoryAbi, functionName: 'REQUEST_TOKEN_GAS' }),
    );
    if (base === REQUEST_BASE_GAS && perToken === REQUEST_TOKEN_GAS) version = 2;
  } else {
    const v1 = await read(() =>
      client.readContract({ address: factory, abi: v1Abi, functionName: 'REQUEST_GAS' }),
    );
    if (v1 === V1_REQUEST_GAS) version = 1;
  }
  factoryVersions.set(key, version);
  return version;
}

// ---------------------------------------------------------------------------------------------------------------
// Planning a batch

type FlushRequest = {
  payment: FlushCandidate;
  merchant: Address;
  salt: Hex;
  forwarder: Address;
  /** The tokens the deposit address holds (balances read off chain at the round's block); for a swapping deposit
   *  address, those other than the coin it swaps (moved as they are). */
  tokens: Address[];
  /** A swapping deposit address's route (decision 024); null for a plain forwarder. */
  swap: SwapRoute | null;
  /** The payment's own asset held, base units (the payout history's original amount). */
  held: bigint;
};

/** A factory's kind: a plain forwarder factory's version, or a swapping forwarder factory. */
type FactoryKind = FactoryVersion | 'swap';

type PlannedBatch = { factory: Address; version: FactoryKind; requests: FlushRequest[] };

/** A due payment whose request can be built: its factory, version, merchant and deposit address. */
type Resolved = {
  payment: FlushCandidate;
  factory: Address;
  version: FactoryKind;
  merchant: Address;
  salt: Hex;
  forwarder: Address;
  swap: SwapRoute | null;
};

/**
 * The next batch of the network's due payments (issue 13), and the bookkeeping of those not in it:
 * - each payment's request goes to the factory its address was computed under (its chain details' forwarderFactory, the
 *   configured one for payments from before 0011); its merchant is the payment's wallet address, checked to give
 *   the payment's address under that factory; a payment whose request cannot be built backs off;
 * - balances are read off chain at one block, the node's latest (a node behind a payment's last confirmed
 *   transfer is not asked about it this round): a request names only the tokens its deposit address holds; an
 *   empty deposit address (moved by the merchant) is recorded as moved without a transaction; one worth less than
 *   FLUSH_VALUE_MULTIPLE times its request's gas at the current price is left (dust, recordFlushDeferred);
 * - a batch holds one factory's requests, and either only merchants whose address has no code and that never
 *   failed, or one such "risky" merchant alone (a contract wallet, a failed request): a merchant can then never
 *   cost other merchants their flush; at most FLUSH_BATCH requests, the smallest flush_batch_max of its payments
 *   (a reverted batch's halves), and MAX_BATCH_GAS of summed bounds.
 * Null when nothing is to be sent.
 */
async function planBatch({
  db,
  chain,
  client,
  chainId,
  configuredFactory,
  secretKey,
  log,
  gasPrice,
  now,
}: {
  db: Db;
  chain: EvmChainConfig;
  client: Client;
  chainId: number;
  configuredFactory: Address;
  secretKey: Buffer;
  log: FastifyBaseLogger;
  gasPrice: bigint;
  now: Date;
}): Promise<PlannedBatch | null> {
  const candidates = await listFlushCandidates({ db, network: chain.network, now, limit: CANDIDATES });
  if (candidates.length === 0) return null;
  const wallets = await getWalletAddresses({
    db,
    walletIds: candidates.flatMap((c) => (c.walletId ? [c.walletId] : [])),
    secretKey,
  });
  const resolved: Resolved[] = [];
  const unusable: string[] = [];
  for (const payment of candidates) {
    if (payment.conversion?.kind === 'swap') {
      const factory = getAddress(payment.conversion.swapFactory);
      const found = (await isKnownSwapFactory(client, chainId, factory))
        ? paymentSwapForwarder({
            factory,
            wallet: payment.walletId ? wallets.get(payment.walletId) : undefined,
            conversion: payment.conversion,
            depositSalt: payment.depositSalt,
            address: payment.address,
          })
        : null;
      if (!found) {
        log.warn(
          { network: chain.network, payment: payment.id, address: payment.address, factory },
          'swap payment skipped: its factory is not one the job knows, or its address is not its terms’',
        );
        unusable.push(payment.id);
        continue;
      }
      resolved.push({ payment, factory, version: 'swap', ...found, swap: found.route });
      continue;
    }
    const factory = getAddress(payment.forwarderFactory ?? configuredFactory);
    const version = await factoryVersion(client, chainId, factory);
    const found =
      version === null
        ? null
        : paymentForwarder({
            factory,
            wallet: payment.walletId ? wallets.get(payment.walletId) : undefined,
            depositSalt: payment.depositSalt,
            address: payment.address,
          });
    if (!found || version === null) {
      log.warn(
        { network: chain.network, payment: payment.id, address: payment.address, factory },
        version === null
          ? 'forwarder payment skipped: its factory is not a forwarder factory the job knows'
          : 'forwarder payment skipped: its deposit address is not the forwarder of its wallet under its factory',
      );
      unusable.push(payment.id);
      continue;
    }
    resolved.push({ payment, factory, version, ...found, swap: null });
  }
  await recordFlushFailures({ db, paymentIds: unusable, at: now });
  if (resolved.length === 0) return null;

  const block = await client.getBlockNumber({ cacheTime: 0 });
  const tokensFor = await flushTokens({ db, chain });
  const tokenInfo = new Map<string, KnownToken>(
    (await knownTokens({ db, chain })).map((t) => [lower(t.address), t]),
  );
  const nativeSymbol =
    CRYPTO_CURRENCIES.find((c) => c.network === chain.network && c.native)?.symbol ?? 'ETH';
  let book: RateBook | undefined;
  const rates = async () => (book ??= await loadRateBook({ db, now, maxAgeSeconds: RATE_MAX_AGE_SECONDS }));
  const merchantCode = new Map<string, Promise<boolean>>();
  const hasCode = (merchant: Address) => {
    let found = merchantCode.get(lower(merchant));
    if (!found) {
      found = client.getCode({ address: merchant }).then((code) => !!code && code !== '0x');
      merchantCode.set(lower(merchant), found);
    }
    return found;
  };

  const empty: string[] = [];
  const dust: string[] = [];
  let batch: { key: string; factory: Address; version: FactoryKind; max: number; gas: bigint } | null = null;
  const requests: FlushRequest[] = [];
  for (let i = 0; i < resolved.length; i += READ_CHUNK) {
    if (batch && requests.length >= batch.max) break;
    const chunk = resolved
      .slice(i, i + READ_CHUNK)
      .filter((r) => r.payment.lastTransferBlock <= Number(block));
    const read = await Promise.all(
      chunk.map(async (r) => {
        const tokens = tokensFor(r.payment.contractAddress);
        const [wei, balances, risky] = await Promise.all([
          client.getBalance({ address: r.forwarder, blockNumber: block }),
          Promise.all(
            tokens.map((token) =>
              client
                .readContract({
                  address: token,
                  abi: erc20Abi,
                  functionName: 'balanceOf',
                  args: [r.forwarder],
                  blockNumber: block,
                })
                .catch((err: unknown): bigint | null => {
                  if (unreachable(err)) throw err;
                  return null; // a token whose balanceOf fails is not named
                }),
            ),
          ),
          hasCode(r.merchant),
        ]);
        return { r, wei, tokens, balances, risky: risky || r.payment.flushAttempts > 0 };
      }),
    );
    for (const { r, wei, tokens, balances, risky } of read) {
      const held = tokens.filter((_, k) => (balances[k] ?? 0n) > 0n);
      if (wei === 0n && held.length === 0) {
        // nothing to move; unless a balance could not be read, it was moved already (by the merchant)
        if (!balances.includes(null)) empty.push(r.payment.id);
        continue;
      }
      const holdings: Holding[] = held.map((token) => {
        const info = tokenInfo.get(lower(token));
        const units = balances[tokens.indexOf(token)]!;
        return info
          ? { symbol: info.symbol, decimals: info.decimals, units }
          : { symbol: r.payment.currency, decimals: r.payment.decimals, units };
      });
      const hops = r.swap ? swapPathHops(r.swap.path) : 0;
      // a swap costs about half its budget per pool on top of a plain flush (measured: decision 024)
      const gas =
        expectedRequestGas({
          deployed: r.payment.flushBlock !== null,
          assets: held.length + (wei > 0n ? 1 : 0),
        }) + (r.swap ? (swapRequestGas(hops, 0) - swapRequestGas(0, 0)) / 2n : 0n);
      const own = r.payment.contractAddress
        ? (balances[tokens.findIndex((t) => lower(t) === lower(r.payment.contractAddress!))] ?? 0n)
        : wei;
      // a swapping deposit address swaps its own coin through its route; other tokens are named to move as they are
      const named = r.swap
        ? held.filter((t) => !r.payment.contractAddress || lower(t) !== lower(r.payment.contractAddress))
        : held;
      const valueWei = held.length
        ? valueInWei({ book: await rates(), nativeSymbol, nativeWei: wei, holdings })
        : Number(wei);
      if (!worthFlushing({ valueWei, gas, gasPrice })) {
        dust.push(r.payment.id);
        continue;
      }
      const key = `${lower(r.factory)}:${risky ? lower(r.merchant) : '*'}`;
      const bound =
        r.version === 'swap'
          ? swapRequestGasBound(hops, named.length)
          : requestGasBound(named.length, r.version);
      if (!batch) {
        batch = { key, factory: r.factory, version: r.version, max: FLUSH_BATCH, gas: 0n };
      } else if (key !== batch.key) {
        continue; // another group: a later round
      }
      const max = Math.min(batch.max, r.payment.flushBatchMax ?? FLUSH_BATCH);
      if (requests.length + 1 > max || batch.gas + bound > MAX_BATCH_GAS) continue;
      batch.max = max;
      batch.gas += bound;
      requests.push({
        payment: r.payment,
        merchant: r.merchant,
        salt: r.salt,
        forwarder: r.forwarder,
        tokens: named,
        swap: r.swap,
        held: own,
      });
    }
  }

  const at = now;
  // empty at `block`: a transfer confirmed in a later block makes it due again
  await markPaymentsFlushed({ db, paymentIds: empty, txHash: null, blockNumber: Number(block) + 1, at });
  await recordFlushDeferred({ db, paymentIds: dust, fromBlock: Number(block) + 1, at });
  if (empty.length || dust.length) {
    log.info(
      { network: chain.network, empty, dust, gasPrice: gasPrice.toString() },
      'forwarders left: already empty, or holding less than their flush would cost',
    );
  }
  if (!batch || requests.length === 0) return null;
  return { factory: batch.factory, version: batch.version, requests };
}

// ---------------------------------------------------------------------------------------------------------------
// Settling

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
    await db.transaction().execute(async (trx) => {
      await updateFlush(trx, row.id, {
        status: 'failed',
        error: `nonce ${row.nonce} was used by another transaction`,
        updated_at: now(),
      });
      await failFlushPayouts(
        trx,
        row.id,
        'The flush transaction was replaced before it was mined; it is tried again.',
      );
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
 * status, gas used, effective price and cost. A payment is flushed when its request emitted Flushed and its own
 * asset (its token, or ETH) was not reported by its forwarder's ForwardFailed (another asset that could not move,
 * a wrong token paused by its issuer say, stays for the merchant's own flush); the others failed and back off. A
 * reverted transaction is split: its payments are sent in halves (recordFlushBatchReverted).
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
    const success = receipt.status === 'success';
    const flushedForwarders = new Set(
      success
        ? parseEventLogs({ abi: forwarderFactoryAbi, logs: receipt.logs, eventName: 'Flushed' })
            .filter((e) => lower(e.address) === lower(row.factory))
            .map((e) => lower(e.args.forwarder))
        : [],
    );
    // forwarder -> the assets it could not move (v2 forwarders only; address(0) is ETH)
    const stuck = new Map<string, Set<string>>();
    if (success) {
      for (const e of parseEventLogs({ abi: forwarderAbi, logs: receipt.logs, eventName: 'ForwardFailed' })) {
        const f = lower(e.address);
        if (!forwarders.includes(f)) continue;
        stuck.set(f, (stuck.get(f) ?? new Set()).add(lower(e.args.token)));
      }
    }
    const own = new Map(
      ids.length
        ? (
            await trx
              .selectFrom('payments')
              .select(['id', 'contract_address'])
              .where('id', 'in', ids)
              .execute()
          ).map((p) => [p.id, lower(p.contract_address ?? zeroAddress)])
        : [],
    );
    const flushed = ids.filter((id, i) => {
      const f = forwarders[i]!;
      return flushedForwarders.has(f) && !stuck.get(f)?.has(own.get(id) ?? lower(zeroAddress));
    });
    const failed = ids.filter((id) => !flushed.includes(id));
    const at = now();
    await updateFlush(trx, row.id, {
      status: success ? 'confirmed' : 'reverted',
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
    if (success) await recordFlushFailures({ db: trx, paymentIds: failed, at });
    else await recordFlushBatchReverted({ db: trx, paymentIds: failed, at });
    await settleFlushPayouts(trx, {
      flushId: row.id,
      network: ctx.network,
      receipt,
      flushed,
      forwarderOf: new Map(ids.map((id, i) => [id, forwarders[i]!])),
    });
    const partial = ids.filter((id, i) => flushed.includes(id) && stuck.has(forwarders[i]!));
    log[failed.length > 0 || partial.length > 0 || !success ? 'warn' : 'info'](
      {
        network: ctx.network,
        flush: row.id,
        txHash: receipt.transactionHash,
        flushed: flushed.length,
        failed,
        // flushed, but another asset of their deposit address could not move (ForwardFailed)
        partial,
        reverted: !success,
      },
      'flush mined',
    );
    return {
      status: success ? 'confirmed' : 'reverted',
      flushId: row.id,
      txHash: receipt.transactionHash,
      flushed,
      failed,
    };
  });
}
