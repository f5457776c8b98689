/**
 * Payment URIs for QR codes and wallet links, carrying exact amounts (merchant spec 9, ARCHITECTURE
 * "Payments"), by the network's family (families/):
 * - UTXO coins: BIP21, `bitcoin:<address>?amount=<coins>&message=<text>` with the network's scheme
 *   (bitcoin, litecoin, dogecoin, bitcoincash); the amount is a plain decimal of whole coins (families/utxo/utxo-family.ts).
 * - EVM networks: EIP-681 with the chain id (families/evm/evm-family.ts).
 * - Anything else: the coin's lower-case code as scheme, `<code>:<address>?amount=<coins>`.
 */
import { codeSchemeUri, type TPaymentUriInput } from './families/family.ts';
import { coreFamilyOf } from './families/index.ts';

export type { TPaymentUriInput };

export function buildPaymentUri(input: TPaymentUriInput): string {
  if (input.amount < 0n) throw new RangeError('amount must not be negative');
  const family = coreFamilyOf(input.family);
  return family ? family.paymentUri(input) : codeSchemeUri(input);
}
