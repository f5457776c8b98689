import type { Hex } from 'viem';
import { intrinsicGasBound } from './flush-gas.ts';
import { MAX_HOPS, swapPathHops } from './swap-forwarder-address.ts';

/**
 * Gas bounds of SwapForwarderFactory's `flushMany` (decision 024), built as ForwarderFactory v2's (flush-gas.ts): a
 * request's budget `requestGas(hops, tokens)` covers every call its forwarder may make with their fixed gas (the
 * clone's deployment, the swap's own frame with its fixed gas, the fallback transfer of the original coin, the
 * native coin's send with its stipend, each named token's balanceOf and transfer), so the sum of the requests'
 * bounds is an upper bound of the whole call whatever merchants, tokens and pools do. These mirror the contract's
 * constants (`swap-contracts.test.ts` reads them back from a deployed factory).
 */
export const SWAP_REQUEST_BASE_GAS = 480_000n;
export const SWAP_REQUEST_HOP_GAS = 155_000n;
export const SWAP_REQUEST_TOKEN_GAS = 150_000n;

/** What flushMany spends per request beyond its budget: the reserve checked before it, the self-call with the
 *  route's calldata, the event with the predicted address, the loop. */
const REQUEST_OVERHEAD = 20_000n + 20_000n;
const TOKEN_OVERHEAD = 1_000n;
/** Decoding the calldata, the function dispatch, the end of the call. */
const CALL_OVERHEAD = 50_000n;

/** The pools counted for a path's budget: 1 to MAX_HOPS (a path that does not parse is refused in the swap's frame
 *  within the budget of one pool; a longer one within that of MAX_HOPS), as SwapForwarderFactory.requestGas. */
function budgetHops(hops: number): bigint {
  return BigInt(Math.min(Math.max(hops, 1), MAX_HOPS));
}

/** A request's budget in flushMany (the gas its own frame gets): SwapForwarderFactory.requestGas(hops, tokens). */
export function swapRequestGas(hops: number, tokenCount: number): bigint {
  return (
    SWAP_REQUEST_BASE_GAS +
    budgetHops(hops) * SWAP_REQUEST_HOP_GAS +
    BigInt(tokenCount) * SWAP_REQUEST_TOKEN_GAS
  );
}

/** One request's share of a flushMany gas limit. */
export function swapRequestGasBound(hops: number, tokenCount: number): bigint {
  return (
    (swapRequestGas(hops, tokenCount) * 64n) / 63n + REQUEST_OVERHEAD + BigInt(tokenCount) * TOKEN_OVERHEAD
  );
}

/**
 * The gas limit of a `flushMany(requests)` transaction (`data` its calldata): the sum of the requests' bounds plus
 * the call's own costs. With it flushMany never refuses a request for want of gas (InsufficientGas), and every
 * request gets its full budget. EIP-7825 caps a transaction at 2^24 gas: a batch whose limit is above about
 * 15,000,000 must be split (about 20 one-pool swap requests with one named token).
 */
export function swapFlushManyGasLimit({
  requests,
  data,
}: {
  requests: readonly { route: { path: Hex }; tokens: readonly unknown[] }[];
  data: Hex;
}): bigint {
  let gas = intrinsicGasBound(data) + CALL_OVERHEAD;
  for (const r of requests) gas += swapRequestGasBound(swapPathHops(r.route.path), r.tokens.length);
  return gas;
}

/**
 * The gas limit of a single `flush(route, tokens)` call (`data` its calldata; a merchant's own flush): the same bound
 * as one request of flushMany. An upper bound: every call the forwarder makes has a fixed gas.
 */
export function swapFlushGasLimit({
  path,
  tokens,
  data,
}: {
  path: Hex;
  tokens: readonly unknown[];
  data: Hex;
}): bigint {
  return intrinsicGasBound(data) + CALL_OVERHEAD + swapRequestGasBound(swapPathHops(path), tokens.length);
}
