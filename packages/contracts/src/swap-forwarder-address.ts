import {
  type Address,
  concatHex,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hex,
  isHex,
  keccak256,
  numberToHex,
  size,
  sliceHex,
  zeroAddress,
} from 'viem';
import { cloneInitCode, forwarderImplementationAddress } from './forwarder-address.ts';

/**
 * Pure computations of SwapForwarderFactory's deposit addresses (decision 024), so the server can hand out a swap
 * deposit address without calling the node. Each equals what the factory computes on chain (`implementation()`,
 * `predict(route)`); `swap-contracts.test.ts` in the server project checks that against a real node.
 */

/** The route of a swap deposit address: everything that decides where its money goes (SwapRoute in Solidity). */
export type SwapRoute = {
  /** Where the output (or the original coin when the swap cannot be made) goes. */
  merchant: Address;
  /** What the payment is paid in: an ERC-20 address, or the zero address for the chain's native coin. */
  tokenIn: Address;
  /** What the merchant receives: the last token of `path`. */
  tokenOut: Address;
  /** Uniswap V3 path (encodeV3Path); its first token is tokenIn, or WETH for the native coin. */
  path: Hex;
  /** The most the output may fall short of the pools' time-weighted price net of pool fees, in basis points. */
  slippageBps: number;
  /** The oracle window in seconds. */
  twapSeconds: number;
  /** 32 random bytes per payment. */
  paymentSalt: Hex;
};

/** The contract's bounds (SwapForwarder.MAX_SLIPPAGE_BPS, MIN_TWAP_SECONDS, MAX_HOPS): a route outside them is
 *  never swapped (the forwarder forwards the original coin). */
export const MAX_SLIPPAGE_BPS = 1_000;
export const MIN_TWAP_SECONDS = 60;
export const MAX_HOPS = 3;
/** The pool fees Uniswap V3 factories enable (hundredths of a basis point): 0.01 %, 0.05 %, 0.3 %, 1 %. */
export const V3_FEES = [100, 500, 3000, 10_000] as const;

/** The SwapForwarder implementation the factory deployed in its constructor: CREATE from the factory at nonce 1. */
export function swapForwarderImplementationAddress(factory: Address): Address {
  return forwarderImplementationAddress(factory);
}

/**
 * A Uniswap V3 path: the first token, then for each hop the pool's fee (3 bytes) and the next token (20 bytes).
 * `tokens` has one more entry than `fees`.
 */
export function encodeV3Path(tokens: readonly Address[], fees: readonly number[]): Hex {
  if (tokens.length < 2 || tokens.length !== fees.length + 1)
    throw new Error('a V3 path needs n + 1 tokens for n fees, n >= 1');
  const parts: Hex[] = [getAddress(tokens[0]!).toLowerCase() as Hex];
  for (const [i, fee] of fees.entries()) {
    if (!Number.isInteger(fee) || fee < 0 || fee >= 1_000_000) throw new Error(`bad pool fee ${fee}`);
    parts.push(numberToHex(fee, { size: 3 }), getAddress(tokens[i + 1]!).toLowerCase() as Hex);
  }
  return concatHex(parts);
}

/** The tokens and fees of a V3 path (the inverse of encodeV3Path). Throws when its length is not 20 + 23 x hops. */
export function decodeV3Path(path: Hex): { tokens: Address[]; fees: number[] } {
  const hops = swapPathHops(path);
  if (hops === 0) throw new Error('not a V3 path (20 + 23 x hops bytes)');
  const tokens: Address[] = [getAddress(sliceHex(path, 0, 20))];
  const fees: number[] = [];
  for (let i = 0; i < hops; i++) {
    fees.push(Number.parseInt(sliceHex(path, 20 + i * 23, 23 + i * 23).slice(2), 16));
    tokens.push(getAddress(sliceHex(path, 23 + i * 23, 43 + i * 23)));
  }
  return { tokens, fees };
}

/** The number of pools of a V3 path, or 0 when its length is not 20 + 23 x hops (swapPathHops in Solidity). */
export function swapPathHops(path: Hex): number {
  const n = size(path);
  return n < 43 || (n - 20) % 23 !== 0 ? 0 : (n - 20) / 23;
}

/**
 * Checks a route's shape as the forwarder does before swapping (path length and ends, bounds); returns the problem
 * or null. A route that fails here still has a deposit address, but its flush would only forward the original coin.
 */
export function swapRouteProblem(route: SwapRoute, weth: Address): string | null {
  const hops = swapPathHops(route.path);
  if (hops === 0 || hops > MAX_HOPS) return `the path must have 1 to ${MAX_HOPS} pools`;
  const { tokens } = decodeV3Path(route.path);
  const tokenIn = route.tokenIn === zeroAddress ? getAddress(weth) : getAddress(route.tokenIn);
  if (tokens[0] !== tokenIn) return 'the path must start with tokenIn (WETH for the native coin)';
  if (route.tokenOut === zeroAddress || tokens[tokens.length - 1] !== getAddress(route.tokenOut))
    return 'the path must end with tokenOut';
  if (getAddress(route.tokenOut) === tokenIn) return 'tokenOut must differ from tokenIn';
  if (!Number.isInteger(route.slippageBps) || route.slippageBps < 0 || route.slippageBps > MAX_SLIPPAGE_BPS)
    return `slippage must be 0 to ${MAX_SLIPPAGE_BPS} basis points`;
  if (
    !Number.isInteger(route.twapSeconds) ||
    route.twapSeconds < MIN_TWAP_SECONDS ||
    route.twapSeconds > 2 ** 32 - 1
  )
    return `the oracle window must be at least ${MIN_TWAP_SECONDS} seconds`;
  return null;
}

/**
 * The CREATE2 salt of a route's deposit address:
 * keccak256(abi.encode(merchant, tokenIn, tokenOut, keccak256(path), slippageBps, twapSeconds, paymentSalt)).
 */
export function swapRouteSalt(route: SwapRoute): Hex {
  if (!isHex(route.paymentSalt) || route.paymentSalt.length !== 66)
    throw new Error('paymentSalt must be 32 bytes (0x + 64 hex)');
  if (!isHex(route.path)) throw new Error('path must be hex');
  if (!Number.isInteger(route.slippageBps) || route.slippageBps < 0 || route.slippageBps > 0xffff)
    throw new Error('slippageBps must be a uint16');
  if (!Number.isInteger(route.twapSeconds) || route.twapSeconds < 0 || route.twapSeconds > 0xffffffff)
    throw new Error('twapSeconds must be a uint32');
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'address' },
        { type: 'address' },
        { type: 'bytes32' },
        { type: 'uint16' },
        { type: 'uint32' },
        { type: 'bytes32' },
      ],
      [
        getAddress(route.merchant),
        getAddress(route.tokenIn),
        getAddress(route.tokenOut),
        keccak256(route.path),
        route.slippageBps,
        route.twapSeconds,
        route.paymentSalt,
      ],
    ),
  );
}

/** The deposit address of `route` under the swap forwarder `factory`, checksummed (EIP-55). */
export function swapForwarderAddress({ factory, ...route }: SwapRoute & { factory: Address }): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: getAddress(factory),
    salt: swapRouteSalt(route),
    bytecodeHash: keccak256(cloneInitCode(swapForwarderImplementationAddress(factory))),
  });
}
