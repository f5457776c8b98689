/** UTXO coins a wallet can be added for, with their network (the server checks the chain mode). */
export const WALLET_COINS = [
  { currency: 'BTC', network: 'bitcoin', segwit: true },
  { currency: 'LTC', network: 'litecoin', segwit: true },
  { currency: 'DOGE', network: 'dogecoin', segwit: false },
  { currency: 'BCH', network: 'bitcoin-cash', segwit: false },
] as const;
export type TWalletCoin = (typeof WALLET_COINS)[number];

/** Private keys and recovery phrases are caught here, before they leave the browser. */
export function secretKind(input: string): 'private_key' | 'seed_phrase' | null {
  const v = input.trim();
  if (/^(xprv|yprv|zprv|tprv|uprv|vprv|Ltpv|Mtpv|dgpv)/.test(v)) return 'private_key';
  const words = v.split(/\s+/);
  if (words.length >= 12 && words.every((w) => /^[a-z]+$/i.test(w))) return 'seed_phrase';
  return null;
}

/** A key whose address type the merchant chooses (xpub, tpub, Ltub); ypub/zpub/... fix their own. */
export const isChoosableKey = (input: string) =>
  /^(xpub|tpub|Ltub)[1-9A-HJ-NP-Za-km-z]{100,}$/.test(input.trim());

/** First 8 and last 6 characters (merchant spec: Instant Payouts addresses). */
export const shortAddress = (address: string) =>
  address.length <= 17 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
