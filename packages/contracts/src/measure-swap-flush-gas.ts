import {
  type Account,
  type Address,
  type Chain,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  parseAbi,
  parseEventLogs,
  type Transport,
  toHex,
  type WalletClient,
  zeroAddress,
} from 'viem';
import { swapForwarderAbi, swapForwarderFactoryAbi } from './abi.ts';
import { swapFlushManyGasLimit } from './swap-flush-gas.ts';
import { type SwapRoute, swapForwarderAddress } from './swap-forwarder-address.ts';

type Wallet = WalletClient<Transport, Chain, Account>;

/** EIP-7825: no transaction may use more than 2^24 gas. */
export const TRANSACTION_GAS_CAP = 16_777_216n;

export type SwapFlushGas = {
  payments: number;
  /** Gas of the one flushMany transaction (deploys every forwarder, then swaps its balance). */
  gasUsed: bigint;
  perPayment: bigint;
  /** swapFlushManyGasLimit of the batch: the upper bound the flush job would send (it can exceed the 2^24 cap). */
  gasBound: bigint;
  /** The limit the transaction was sent with: the bound, or the cap when the bound is above it. */
  gasLimit: bigint;
};

const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);
/** transfer without reading a return value (USDT-like test tokens return nothing). */
const transferAbi = parseAbi(['function transfer(address to, uint256 amount)']);

/**
 * Gas of flushing `payments` fresh payments of `amount` along `route` in one SwapForwarderFactory `flushMany`,
 * each swapped (what the flush job sends for payments under a conversion rule; the first flush of a deposit address
 * also deploys its clone). `payer` pays each payment to its own deposit address (native coin when route.tokenIn is
 * the zero address, else a test token it mints); `caller` sends the flush. Throws unless every request swapped.
 * Used by the swap contract tests and the chains bench.
 */
export async function measureSwapFlushGas({
  publicClient,
  payer,
  caller,
  factory,
  route,
  payments,
  amount,
}: {
  publicClient: PublicClient<Transport, Chain>;
  payer: Wallet;
  caller: Wallet;
  factory: Address;
  route: Omit<SwapRoute, 'paymentSalt'>;
  payments: number;
  amount: bigint;
}): Promise<SwapFlushGas> {
  const routes: SwapRoute[] = Array.from({ length: payments }, () => ({
    ...route,
    paymentSalt: toHex(crypto.getRandomValues(new Uint8Array(32))),
  }));
  const native = route.tokenIn === zeroAddress;
  if (!native) {
    await publicClient.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: route.tokenIn,
        abi: mintAbi,
        functionName: 'mint',
        args: [payer.account.address, amount * BigInt(payments)],
      }),
    });
  }
  let last: Hex | undefined;
  for (const r of routes) {
    const deposit = swapForwarderAddress({ factory, ...r });
    last = native
      ? await payer.sendTransaction({ to: deposit, value: amount })
      : await payer.writeContract({
          address: route.tokenIn,
          abi: transferAbi,
          functionName: 'transfer',
          args: [deposit, amount],
        });
  }
  if (last) await publicClient.waitForTransactionReceipt({ hash: last });
  const requests = routes.map((r) => ({ route: r, tokens: [] as Address[] }));
  const data = encodeFunctionData({
    abi: swapForwarderFactoryAbi,
    functionName: 'flushMany',
    args: [requests],
  });
  const gasBound = swapFlushManyGasLimit({ requests, data });
  const gasLimit = gasBound > TRANSACTION_GAS_CAP ? TRANSACTION_GAS_CAP : gasBound;
  const hash = await caller.sendTransaction({ to: factory, data, gas: gasLimit });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const flushed = parseEventLogs({ abi: swapForwarderFactoryAbi, logs: receipt.logs, eventName: 'Flushed' });
  const swapped = parseEventLogs({ abi: swapForwarderAbi, logs: receipt.logs, eventName: 'Swapped' });
  if (receipt.status !== 'success' || flushed.length !== payments || swapped.length !== payments) {
    throw new Error(
      `flushMany of ${payments} swap payments: ${receipt.status}, ${flushed.length} flushed, ${swapped.length} swapped`,
    );
  }
  return {
    payments,
    gasUsed: receipt.gasUsed,
    perPayment: receipt.gasUsed / BigInt(payments),
    gasBound,
    gasLimit,
  };
}
