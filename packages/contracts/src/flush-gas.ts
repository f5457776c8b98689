import { type Hex, hexToBytes } from 'viem';

/**
 * Gas bounds of ForwarderFactory's `flushMany` (decision 010, issue 13): a gas limit computed here is an upper
 * bound of what the call can use, whatever the merchants' contracts and the tokens do, so a batch sent with it can
 * never run out of gas (before, the limit was an estimate plus 20 %, and a merchant whose `receive` burned gas after
 * the estimate made the whole batch revert).
 *
 * Factory versions: 1 (2026-11-22) gives every request a fixed budget of 300,000 gas; 2 (2026-11-25) gives
 * `requestGas(tokens.length)` = REQUEST_BASE_GAS + tokens x REQUEST_TOKEN_GAS, which covers the clone's
 * deployment, the ETH sent to the merchant with its fixed stipend (ETH_GAS) and, per token, a `balanceOf` and a
 * `transfer` call with their fixed gas (BALANCE_GAS, TRANSFER_GAS). These mirror the contracts' constants
 * (`contracts.test.ts` reads them back from a deployed factory).
 */
export type FactoryVersion = 1 | 2;

/** v1: every request's budget. */
export const V1_REQUEST_GAS = 300_000n;
/** v2 (ForwarderFactory.REQUEST_BASE_GAS / REQUEST_TOKEN_GAS). */
export const REQUEST_BASE_GAS = 200_000n;
export const REQUEST_TOKEN_GAS = 150_000n;

/** What flushMany spends per request beyond the request's own budget: the reserve it checks before the request
 *  (64/63 of the budget plus 20,000), the self-call, the event with the predicted address, the loop. */
const REQUEST_OVERHEAD = 20_000n + 15_000n;
const TOKEN_OVERHEAD = 1_000n;
/** Decoding the calldata, the function dispatch, the end of the call. */
const CALL_OVERHEAD = 50_000n;

/** A request's budget in flushMany (the gas its own frame gets). */
export function requestGas(tokenCount: number, version: FactoryVersion = 2): bigint {
  return version === 1 ? V1_REQUEST_GAS : REQUEST_BASE_GAS + BigInt(tokenCount) * REQUEST_TOKEN_GAS;
}

/**
 * Intrinsic gas of a transaction with this calldata, at its most: 21,000 plus EIP-7623's floor of 10 gas per zero
 * byte and 40 per other byte (above the 4 and 16 of EIP-2028, so it bounds both rules).
 */
export function intrinsicGasBound(data: Hex): bigint {
  let gas = 21_000n;
  for (const b of hexToBytes(data)) gas += b === 0 ? 10n : 40n;
  return gas;
}

/** One request's share of a flushMany gas limit. */
export function requestGasBound(tokenCount: number, version: FactoryVersion = 2): bigint {
  return (
    (requestGas(tokenCount, version) * 64n) / 63n + REQUEST_OVERHEAD + BigInt(tokenCount) * TOKEN_OVERHEAD
  );
}

/**
 * The gas limit of a `flushMany(requests)` transaction (`data` its calldata): the sum of the requests' bounds plus
 * the call's own costs. flushMany refuses to start a request without its full budget (InsufficientGas), so with
 * this limit it never does, and every request gets the same gas and the same result as in any other batch.
 */
export function flushManyGasLimit({
  requests,
  data,
  version = 2,
}: {
  requests: readonly { tokens: readonly unknown[] }[];
  data: Hex;
  version?: FactoryVersion;
}): bigint {
  let gas = intrinsicGasBound(data) + CALL_OVERHEAD;
  for (const r of requests) gas += requestGasBound(r.tokens.length, version);
  return gas;
}

/**
 * The gas limit of a single `flush(merchant, paymentSalt, tokens)` call (`data` its calldata; the merchant's own
 * flush, GET /payments/{id}/flush-transaction): the same bound as one request of flushMany. Under v2 every call
 * the forwarder makes has a fixed gas, so this is an upper bound; under v1 a merchant contract's `receive` is not
 * bounded and this is the budget v1 gives a request in a batch. Some nodes' eth_estimateGas (Hardhat 2.29 under
 * EIP-7825's cap) cannot estimate a call that checks gasleft(); wallets can use this instead.
 */
export function flushGasLimit({
  tokens,
  data,
  version = 2,
}: {
  tokens: readonly unknown[];
  data: Hex;
  version?: FactoryVersion;
}): bigint {
  return intrinsicGasBound(data) + CALL_OVERHEAD + requestGasBound(tokens.length, version);
}
