import { forwarderAddress } from '@coinlane/contracts/forwarder-address';
import { type Address, getAddress, type Hex } from 'viem';
import type { WalletAddress } from '#app/modules/wallets/get-wallet-addresses.ts';

/**
 * A forwarder payment's flush parameters (decision 010): its wallet's merchant address and its salt, when its
 * stored address is the CREATE2 forwarder of that pair under `factory`. Null when the wallet is not an address
 * wallet, or the address was computed otherwise (another factory, changed data): such a payment cannot be flushed.
 */
export function paymentForwarder({
  factory,
  wallet,
  depositSalt,
  address,
}: {
  factory: Address;
  wallet: WalletAddress | undefined;
  depositSalt: string;
  address: string;
}): { merchant: Address; salt: Hex; forwarder: Address } | null {
  if (wallet?.kind !== 'address') return null;
  const merchant = getAddress(wallet.value);
  const salt = depositSalt as Hex;
  const forwarder = forwarderAddress({ factory, merchant, paymentSalt: salt });
  return forwarder.toLowerCase() === address.toLowerCase() ? { merchant, salt, forwarder } : null;
}
