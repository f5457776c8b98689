import { swapForwarderFactoryAbi } from '@coinlane/contracts/abi';
import {
  SWAP_REQUEST_BASE_GAS,
  SWAP_REQUEST_HOP_GAS,
  SWAP_REQUEST_TOKEN_GAS,
} from '@coinlane/contracts/swap-flush-gas';
import {
  encodeV3Path,
  type SwapRoute,
  swapForwarderAddress,
} from '@coinlane/contracts/swap-forwarder-address';
import {
  type Address,
  BaseError,
  type Chain,
  getAddress,
  type Hex,
  HttpRequestError,
  type PublicClient,
  TimeoutError,
  type Transport,
  zeroAddress,
} from 'viem';
import type { TPaymentConversion } from '#app/db/schema.ts';
import type { WalletAddress } from '#app/modules/wallets/get-wallet-addresses.ts';

type SwapConversion = Extract<TPaymentConversion, { kind: 'swap' }>;

/**
 * A swapping deposit address's flush route (docs/decisions/024-auto-conversion.md): the terms stored with the
 * payment (payments.conversion) with the recipient read from its wallet row (sealed, as plain forwarders' merchant
 * is), when they give the payment's stored address under `factory`. Null otherwise (a wallet that is not a single
 * address, terms changed since): such a payment cannot be flushed, and nothing can be flushed on other terms, since
 * other terms are another address.
 */
export function paymentSwapForwarder({
  factory,
  wallet,
  conversion,
  depositSalt,
  address,
}: {
  factory: Address;
  wallet: WalletAddress | undefined;
  conversion: SwapConversion;
  depositSalt: string;
  address: string;
}): { merchant: Address; salt: Hex; forwarder: Address; route: SwapRoute } | null {
  if (wallet?.kind !== 'address') return null;
  const merchant = getAddress(wallet.value);
  let route: SwapRoute;
  let forwarder: Address;
  try {
    route = {
      merchant,
      tokenIn: conversion.tokenIn ? getAddress(conversion.tokenIn) : zeroAddress,
      tokenOut: getAddress(conversion.tokenOut),
      path: encodeV3Path(conversion.route.tokens as Address[], conversion.route.fees),
      slippageBps: conversion.slippageBps,
      twapSeconds: conversion.twapSeconds,
      paymentSalt: depositSalt as Hex,
    };
    forwarder = swapForwarderAddress({ factory, ...route });
  } catch {
    return null;
  }
  if (forwarder.toLowerCase() !== address.toLowerCase()) return null;
  return { merchant, salt: depositSalt as Hex, forwarder, route };
}

type Client = PublicClient<Transport, Chain | undefined>;

const unreachable = (err: unknown) =>
  err instanceof BaseError &&
  err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;

/** Swap factory -> whether its request budgets are the ones src/swap-flush-gas.ts bounds, per chain id. */
const known = new Map<string, boolean>();

/** Forgets what was read (Clear All Cache). */
export function clearSwapFactories(): number {
  const n = known.size;
  known.clear();
  return n;
}

/**
 * Whether `factory` is a swapping forwarder factory whose request budgets (REQUEST_BASE_GAS, REQUEST_HOP_GAS,
 * REQUEST_TOKEN_GAS) are those the job bounds a batch's gas with; read once per chain (contracts are immutable).
 * False for anything else (its payments back off). Throws when the node does not answer.
 */
export async function isKnownSwapFactory(
  client: Client,
  chainId: number,
  factory: Address,
): Promise<boolean> {
  const key = `${chainId}:${factory.toLowerCase()}`;
  const found = known.get(key);
  if (found !== undefined) return found;
  const read = (functionName: 'REQUEST_BASE_GAS' | 'REQUEST_HOP_GAS' | 'REQUEST_TOKEN_GAS') =>
    client
      .readContract({ address: factory, abi: swapForwarderFactoryAbi, functionName })
      .catch((err: unknown) => {
        if (unreachable(err)) throw err;
        return null;
      });
  const [base, hop, token] = await Promise.all([
    read('REQUEST_BASE_GAS'),
    read('REQUEST_HOP_GAS'),
    read('REQUEST_TOKEN_GAS'),
  ]);
  const ok =
    base === SWAP_REQUEST_BASE_GAS && hop === SWAP_REQUEST_HOP_GAS && token === SWAP_REQUEST_TOKEN_GAS;
  known.set(key, ok);
  return ok;
}
