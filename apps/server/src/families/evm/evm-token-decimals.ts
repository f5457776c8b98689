import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import {
  BaseError,
  createPublicClient,
  erc20Abi,
  getAddress,
  HttpRequestError,
  http,
  TimeoutError,
} from 'viem';
import type { TokenDecimalsReading } from '#app/modules/admin-currencies/token-family.ts';

/**
 * ERC-20 `decimals()` of a contract on the configured node (decision 020): what the back-office compares a token's
 * decimals with before saving them. A call that reverts or finds no code is 'not_a_token'; a node that does not
 * answer is 'unreachable'.
 */
export async function readEvmTokenDecimals({
  chain,
  contract,
}: {
  chain: EvmChainConfig;
  contract: string;
}): Promise<TokenDecimalsReading> {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  try {
    const decimals = await client.readContract({
      address: getAddress(contract),
      abi: erc20Abi,
      functionName: 'decimals',
    });
    return { kind: 'decimals', decimals: Number(decimals) };
  } catch (err) {
    if (
      err instanceof BaseError &&
      err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
    ) {
      return { kind: 'unreachable' };
    }
    return { kind: 'not_a_token' };
  }
}
