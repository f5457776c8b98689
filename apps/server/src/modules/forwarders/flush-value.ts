import type { Rational } from '@coinlane/core/money';
import type { RateBook } from '#app/modules/rates/rate-book.ts';

/**
 * Whether a forwarder's balance is worth the gas of flushing it (issue 13, decision 010 "Dust"): the flush job
 * moves a deposit address only when what it holds is worth at least FLUSH_VALUE_MULTIPLE times the gas its request
 * costs at the current gas price; smaller balances stay for the merchant's own route ("Move now") or until more
 * arrives. Values come from the rates the server stores (modules/rates: the freshest market rate, else a manual or
 * stale one); a balance whose value is unknown (no rate for the coin or the token) is flushed, as before.
 */
export const FLUSH_VALUE_MULTIPLE = 5;

/**
 * Gas a request of flushMany uses, about (Hardhat, paris bytecode, in a batch): the first flush of a deposit
 * address deploys its forwarder (about 88,000 with one asset); a later one about 45,000; each further asset about
 * 30,000. Rounded up: it only decides what is dust.
 */
export const FIRST_FLUSH_GAS = 110_000n;
export const REPEAT_FLUSH_GAS = 60_000n;
export const EXTRA_ASSET_GAS = 30_000n;

const toNumber = (r: Rational) => Number(r.num) / Number(r.den);

/** The expected gas of a request moving `assets` assets (ETH counts as one), first flush or not. */
export function expectedRequestGas({ deployed, assets }: { deployed: boolean; assets: number }): bigint {
  return (deployed ? REPEAT_FLUSH_GAS : FIRST_FLUSH_GAS) + BigInt(Math.max(0, assets - 1)) * EXTRA_ASSET_GAS;
}

export type Holding = { symbol: string; decimals: number; units: bigint };

/**
 * The value of `holdings` in the native coin's base units (wei), or null when a holding with a balance has no
 * known rate (nor has the native coin).
 */
export function valueInWei({
  book,
  nativeSymbol,
  nativeWei,
  holdings,
}: {
  book: RateBook;
  nativeSymbol: string;
  nativeWei: bigint;
  holdings: readonly Holding[];
}): number | null {
  let wei = Number(nativeWei);
  const tokens = holdings.filter((h) => h.units > 0n);
  if (tokens.length === 0) return wei;
  const native = book.coinRate(nativeSymbol, 'display');
  if (!native) return null;
  const nativePerUsd = toNumber(native.rate);
  for (const h of tokens) {
    const rate = book.coinRate(h.symbol, 'display');
    if (!rate) return null;
    const usd = Number(h.units) / 10 ** h.decimals / toNumber(rate.rate);
    wei += usd * nativePerUsd * 1e18;
  }
  return wei;
}

/** True when `valueWei` (null: unknown) is worth a request of `gas` at `gasPrice` wei per gas. */
export function worthFlushing({
  valueWei,
  gas,
  gasPrice,
}: {
  valueWei: number | null;
  gas: bigint;
  gasPrice: bigint;
}): boolean {
  if (valueWei === null) return true;
  return valueWei >= FLUSH_VALUE_MULTIPLE * Number(gas * gasPrice);
}
