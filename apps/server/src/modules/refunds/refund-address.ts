import type { TNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { coreFamilyOf } from '@coinlane/core/families/index';
import { CHAIN_MODES, type TChainMode, WalletInputError } from '@coinlane/core/families/wallet-input';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import { isPaymentAddress } from '#app/modules/payments/payment-refunds.ts';

const refuse = (message: string) =>
  new AppError('VALIDATION_ERROR', { message, details: { fields: { address: message } } });

/**
 * The customer's refund address checked for the refund's network with the family's own address parser
 * (packages/core/src/families/): one address (not an extended key), of the chain the live node runs (`chainMode`;
 * test mode: any chain of the network), and not a payment address of Coinlane (a customer pasting the address they
 * paid to would send the merchant's refund back to the merchant). Returns the address as the family writes it
 * (EVM: checksummed), or throws VALIDATION_ERROR with the parser's message.
 */
export async function checkRefundAddress({
  db,
  network,
  mode,
  chainMode,
  text,
}: {
  db: Db;
  network: string;
  mode: TMode;
  chainMode: TChainMode | null;
  text: string;
}): Promise<string> {
  const net = networkInfo(network);
  const family = coreFamilyOf(net.family);
  if (!family) throw refuse(T.walletNetworkUnsupported(network));
  const modes: readonly TChainMode[] = mode === 'test' || !chainMode ? CHAIN_MODES : [chainMode];
  let firstError: WalletInputError | null = null;
  let address: string | null = null;
  for (const chain of modes) {
    try {
      const parsed = family.parseWalletInput({ network: net.id as TNetworkId, chainMode: chain, text }) as {
        kind: string;
        address?: string;
      };
      if (parsed.kind !== 'address' || !parsed.address) throw refuse(T.refundAddressIsKey);
      address = parsed.address;
      break;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (!(err instanceof WalletInputError)) throw err;
      // A key-shaped input is refused as such, whatever the chain.
      if (err.reason === 'private_key' || err.reason === 'seed_phrase') throw refuse(err.message);
      if (!firstError || firstError.reason === 'chain_mode') firstError = err;
    }
  }
  if (!address) throw refuse(firstError?.message ?? T.refundAddressTooLong);
  if (await isPaymentAddress({ db, network, address })) throw refuse(T.refundAddressIsPaymentAddress);
  return address;
}
