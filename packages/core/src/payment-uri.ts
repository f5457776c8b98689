/**
 * Payment URIs for QR codes and wallet links, carrying exact amounts (merchant spec 9, ARCHITECTURE
 * "Payments"):
 * - UTXO coins: BIP21, `bitcoin:<address>?amount=<coins>&message=<text>` with the network's scheme
 *   (bitcoin, litecoin, dogecoin, bitcoincash); the amount is a plain decimal of whole coins.
 * - EVM networks: EIP-681 with the chain id. Native coin `ethereum:<to>@<chainId>?value=<wei>`; token
 *   `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>`, in the token's own base units
 *   whatever its decimals (the spec's "amount times 1e6" holds only for 6-decimal tokens).
 * - Anything else: the coin's lower-case code as scheme, `<code>:<address>?amount=<coins>`.
 */
import { formatUnits } from './money.ts';

const BIP21_SCHEMES: Readonly<Record<string, string>> = {
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  dogecoin: 'dogecoin',
  'bitcoin-cash': 'bitcoincash',
};

export type TPaymentUriInput = {
  /** Coin code, e.g. 'BTC', 'USDT'. */
  symbol: string;
  /** Network id (bitcoin, ethereum, polygon, ...). */
  network: string;
  /** Network family: 'evm' networks get EIP-681. */
  family: 'utxo' | 'evm' | 'other';
  /** EIP-155 chain id (EVM networks). */
  chainId?: number | null;
  /** The token contract, for a token; null or absent for the network's own coin. */
  contractAddress?: string | null;
  /** Where to pay. */
  address: string;
  /** Amount in base units. */
  amount: bigint;
  decimals: number;
  /** Shown by BIP21 wallets (e.g. the payment description). */
  message?: string | null;
};

/** RFC 3986 percent-encoding for a query value (encodeURIComponent leaves !'()* alone). */
const encodeQuery = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function buildPaymentUri(input: TPaymentUriInput): string {
  if (input.amount < 0n) throw new RangeError('amount must not be negative');
  const coins = formatUnits(input.amount, input.decimals);

  const bip21 = BIP21_SCHEMES[input.network];
  if (bip21) {
    // CashAddr addresses may already carry their prefix: do not write it twice.
    const address = input.address.replace(new RegExp(`^${bip21}:`, 'i'), '');
    const params = [`amount=${coins}`];
    if (input.message) params.push(`message=${encodeQuery(input.message)}`);
    return `${bip21}:${address}?${params.join('&')}`;
  }

  if (input.family === 'evm') {
    if (!input.chainId) throw new RangeError(`chain id required for an EVM network (${input.network})`);
    if (input.contractAddress) {
      return `ethereum:${input.contractAddress}@${input.chainId}/transfer?address=${input.address}&uint256=${input.amount}`;
    }
    return `ethereum:${input.address}@${input.chainId}?value=${input.amount}`;
  }

  const params = [`amount=${coins}`];
  if (input.message) params.push(`message=${encodeQuery(input.message)}`);
  return `${input.symbol.toLowerCase()}:${input.address}?${params.join('&')}`;
}
