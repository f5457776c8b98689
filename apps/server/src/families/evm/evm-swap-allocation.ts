import { randomBytes } from 'node:crypto';
import {
  encodeV3Path,
  swapForwarderAddress,
  swapRouteProblem,
} from '@coinlane/contracts/swap-forwarder-address';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { formatUnits } from '@coinlane/core/money';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import type { Db } from '#app/db/connection.ts';
import type { TPaymentConversion } from '#app/db/schema.ts';
import type { AllocatedAddress } from '#app/modules/payments/address-sources.ts';
import { findApplicableRule } from '#app/modules/payouts/find-applicable-rule.ts';
import { openWalletAddress } from '#app/modules/wallets/wallet-secret.ts';

/**
 * The swapping deposit address of a live EVM payment made under a payout rule (docs/decisions/024-auto-conversion.md),
 * or null when no rule applies (the plain forwarder then): the merchant's Auto Conversion switch is on, an enabled
 * rule converts this coin on this network, and the amount reaches its minimum (findApplicableRule). The CREATE2
 * address commits to the recipient (the rule's whitelisted wallet of the To currency), the coin paid (zero address
 * for the native coin), the target token, the route stored with the rule, the merchant's maximum slippage and the
 * network's TWAP window: whatever it is flushed with, its money can only be swapped on those terms or forwarded as
 * it is, and only to that recipient. All of it is stored in payments.conversion, so a later edit of the rule or of
 * the settings changes nothing under way. A rule whose stored route no longer fits (the coin's or the target's
 * contract configured differently since) does not apply: the payment is a plain one, logged. Reads only the
 * database (the route was read from the chain when the rule was saved).
 */
export async function allocateSwapAddress({
  db,
  chain,
  secretKey,
  userId,
  symbol,
  decimals,
  amount,
  contractAddress,
  chainId,
  log,
}: {
  db: Db;
  chain: EvmChainConfig;
  secretKey: Buffer;
  userId: string;
  symbol: string;
  decimals: number;
  amount: bigint;
  /** The token paid (null: the native coin). */
  contractAddress: Address | null;
  chainId: number;
  log?: FastifyBaseLogger;
}): Promise<(AllocatedAddress & { payoutRuleId: string; conversion: TPaymentConversion }) | null> {
  if (!chain.swapFactory) return null;
  const applicable = await findApplicableRule(db, {
    userId,
    currency: symbol,
    network: chain.network,
    amount: formatUnits(amount, decimals),
  });
  if (!applicable?.rule.swap_route) return null;
  const { rule, wallet, maxSlippageBps } = applicable;
  const route = rule.swap_route!;
  // the target as resolved when the rule was saved (the route's last token), unless configured otherwise since
  const routeOut = getAddress(route.tokens[route.tokens.length - 1]!);
  const configuredOut = chain.tokens[rule.to_currency];
  const tokenOut = !configuredOut || getAddress(configuredOut) === routeOut ? routeOut : null;
  const tokenIn = contractAddress ? getAddress(contractAddress) : zeroAddress;
  const path = encodeV3Path(route.tokens as Address[], route.fees);
  const recipient = getAddress(openWalletAddress(secretKey, wallet));
  const twapSeconds = chain.swapTwapSeconds ?? 1800;
  const paymentSalt = `0x${randomBytes(32).toString('hex')}` as Hex;
  const terms = {
    merchant: recipient,
    tokenIn,
    tokenOut: tokenOut ? getAddress(tokenOut) : zeroAddress,
    path,
    slippageBps: maxSlippageBps,
    twapSeconds,
    paymentSalt,
  };
  // the stored route must still start with the coin paid (WETH, its first token, for the native coin) and end with
  // the target's configured contract
  const weth = getAddress(route.tokens[0]!);
  const problem = !tokenOut ? 'the target token is configured otherwise' : swapRouteProblem(terms, weth);
  if (problem || (contractAddress && weth !== tokenIn)) {
    log?.warn(
      { network: chain.network, rule: rule.id, problem: problem ?? 'the route starts with another token' },
      'payout rule not applied: its route no longer fits the configured tokens',
    );
    return null;
  }
  const swapFactory = getAddress(chain.swapFactory);
  const address = swapForwarderAddress({ factory: swapFactory, ...terms });
  return {
    address,
    walletId: wallet.id,
    chainDetails: { chainId, depositSalt: paymentSalt, forwarderFactory: swapFactory },
    contractAddress,
    payoutRuleId: rule.id,
    conversion: {
      kind: 'swap',
      toCurrency: rule.to_currency,
      tokenIn: contractAddress ? tokenIn : null,
      tokenOut: terms.tokenOut,
      route: { tokens: route.tokens.map((t) => getAddress(t)), fees: route.fees },
      slippageBps: maxSlippageBps,
      twapSeconds,
      recipient,
      walletId: wallet.id,
      swapFactory,
    },
  };
}
