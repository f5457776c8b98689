import {
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  parseEventLogs,
  type Transport,
  toHex,
  type WalletClient,
} from 'viem';
import { forwarderFactoryAbi, testTokenAbi } from './abi.ts';
import { forwarderAddress } from './forwarder-address.ts';

type Wallet = WalletClient<Transport, Chain, Account>;

export type FlushGas = {
  payments: number;
  /** Gas of the one flushMany transaction (deploys every forwarder, then moves its token balance). */
  gasUsed: bigint;
  perPayment: bigint;
};

/**
 * Gas of flushing `payments` fresh token payments in one `flushMany` (what Coinlane's flush job sends; the first
 * flush of a deposit address also deploys its clone). Each payment is `amount` units of `token` paid to its own
 * predicted deposit address by `payer`; `caller` sends the flush. Used by the contract tests and the chains bench.
 */
export async function measureFlushGas({
  publicClient,
  payer,
  caller,
  factory,
  token,
  merchant,
  payments,
  amount = 1_000_000n,
}: {
  publicClient: PublicClient<Transport, Chain>;
  payer: Wallet;
  caller: Wallet;
  factory: Address;
  token: Address;
  merchant: Address;
  payments: number;
  amount?: bigint;
}): Promise<FlushGas> {
  const salts: Hex[] = Array.from({ length: payments }, () =>
    toHex(crypto.getRandomValues(new Uint8Array(32))),
  );
  await publicClient.waitForTransactionReceipt({
    hash: await payer.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'mint',
      args: [payer.account.address, amount * BigInt(payments)],
    }),
  });
  let last: Hex | undefined;
  for (const paymentSalt of salts) {
    last = await payer.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [forwarderAddress({ factory, merchant, paymentSalt }), amount],
    });
  }
  if (last) await publicClient.waitForTransactionReceipt({ hash: last });
  const hash = await caller.writeContract({
    address: factory,
    abi: forwarderFactoryAbi,
    functionName: 'flushMany',
    args: [salts.map((paymentSalt) => ({ merchant, paymentSalt, tokens: [token] }))],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const flushed = parseEventLogs({ abi: forwarderFactoryAbi, logs: receipt.logs, eventName: 'Flushed' });
  if (receipt.status !== 'success' || flushed.length !== payments) {
    throw new Error(`flushMany of ${payments} did not flush them all (${flushed.length} flushed)`);
  }
  return { payments, gasUsed: receipt.gasUsed, perPayment: receipt.gasUsed / BigInt(payments) };
}
