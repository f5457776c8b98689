import { forwarderFactoryAbi, swapForwarderFactoryAbi } from '@coinlane/contracts/abi';
import { flushGasLimit } from '@coinlane/contracts/flush-gas';
import { swapFlushGasLimit } from '@coinlane/contracts/swap-flush-gas';
import type { TFlushTransaction } from '@coinlane/core/api/payments';
import { AppError } from '@coinlane/core/errors';
import { isEvmChain } from '@coinlane/core/families/evm/evm-chain-config';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { encodeFunctionData, getAddress } from 'viem';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { chainConfigOf } from '#app/lib/is-live-network.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import { familyDetailsOf } from '#app/modules/payments/chain-details.ts';
import { findOwnPayment } from '#app/modules/payments/find-own-payment.ts';
import { getWalletAddresses } from '#app/modules/wallets/get-wallet-addresses.ts';
import { flushTokens } from './flush-tokens.ts';
import { paymentForwarder } from './payment-forwarder.ts';
import { paymentSwapForwarder } from './swap-forwarder.ts';

/**
 * GET /payments/{id}/flush-transaction: the factory call a merchant can send from any wallet to move a live
 * forwarder payment's deposit address to their address (decision 010), whatever the payment's status: the same
 * `flush(merchant, paymentSalt, tokens)` Coinlane's job sends in batches, under the factory the payment's deposit
 * address was computed with, naming the payment's token and the network's other known tokens (flushTokens). Own payments only; test payments, payments not paid to a forwarder and
 * networks without a factory are refused with the reason.
 */
export async function getFlushTransaction({
  db,
  config,
  userId,
  mode,
  paymentId,
}: {
  db: Db;
  config: Config;
  userId: string;
  mode: TMode;
  paymentId: string;
}): Promise<TFlushTransaction> {
  const payment = await findOwnPayment({ db, userId, mode, paymentId });
  if (payment.mode !== 'live') throw new AppError('INVALID_STATE', { message: T.flushNotLive });
  const evm = familyDetailsOf(payment, 'evm');
  if (!evm?.depositSalt || !payment.wallet_id) {
    throw new AppError('INVALID_STATE', { message: T.flushNotForwarder });
  }
  const chain = chainConfigOf({ network: payment.network, config });
  if (!chain || !isEvmChain(chain) || !chain.factory) {
    throw new AppError('NETWORK_NOT_CONFIGURED', {
      message: T.flushFactoryMissing(networkInfo(payment.network).name),
    });
  }
  const chainId = chain.chainId ?? evm.chainId ?? null;
  const wallet = (
    await getWalletAddresses({ db, walletIds: [payment.wallet_id], secretKey: config.appSecretKey })
  ).get(payment.wallet_id);
  if (chainId === null || !wallet || wallet.kind !== 'address') {
    throw new AppError('INVALID_STATE', { message: T.flushNotForwarder });
  }
  const conversion = payment.conversion?.kind === 'swap' ? payment.conversion : null;
  if (conversion) {
    // a swapping deposit address (decision 024): its own factory's flush(route, tokens), on the terms it was made on
    const factory = getAddress(conversion.swapFactory);
    const found = paymentSwapForwarder({
      factory,
      wallet,
      conversion,
      depositSalt: evm.depositSalt,
      address: payment.address,
    });
    if (!found) throw new AppError('INVALID_STATE', { message: T.flushAddressMismatch });
    const tokens = (await flushTokens({ db, chain }))(payment.contract_address).filter(
      (t) => !payment.contract_address || t.toLowerCase() !== payment.contract_address.toLowerCase(),
    );
    const data = encodeFunctionData({
      abi: swapForwarderFactoryAbi,
      functionName: 'flush',
      args: [found.route, tokens],
    });
    return {
      to: factory,
      data,
      chainId,
      value: '0',
      gas: swapFlushGasLimit({ path: found.route.path, tokens, data }).toString(),
      depositAddress: found.forwarder,
      merchantAddress: found.merchant,
    };
  }
  // the factory the deposit address was computed under, even if the configuration names another one now
  const factory = getAddress(evm.forwarderFactory ?? chain.factory);
  const found = paymentForwarder({
    factory,
    wallet,
    depositSalt: evm.depositSalt,
    address: payment.address,
  });
  if (!found) throw new AppError('INVALID_STATE', { message: T.flushAddressMismatch });
  const { merchant, salt: paymentSalt, forwarder: depositAddress } = found;
  const tokens = (await flushTokens({ db, chain }))(payment.contract_address);
  const data = encodeFunctionData({
    abi: forwarderFactoryAbi,
    functionName: 'flush',
    args: [merchant, paymentSalt, tokens],
  });
  // enough under either factory version (v1's fixed request budget, v2's bound): no RPC call needed here
  let gas = 0n;
  for (const version of [1, 2] as const) {
    const bound = flushGasLimit({ tokens, data, version });
    if (bound > gas) gas = bound;
  }
  return {
    to: factory,
    data,
    chainId,
    value: '0',
    gas: gas.toString(),
    depositAddress,
    merchantAddress: merchant,
  };
}
