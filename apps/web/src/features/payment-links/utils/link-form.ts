import type { TCurrencyOption } from '@coinlane/core/api/currencies';
import { FIAT_CURRENCIES, type TFiatCode } from '@coinlane/core/currencies';
import {
  decimalProblem,
  div,
  fiatToCrypto,
  formatRational,
  formatUnits,
  parseRational,
} from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { checkReturnUrl, type TReturnUrlProblem } from '@coinlane/core/return-url';

export type LinkFormValues = {
  fiatAmount: string;
  fiatCurrency: TFiatCode;
  crypto: string;
  network: string;
  description: string;
  expiresInHours: number;
  /** Optional: where the payment page sends the customer once paid (empty: none). */
  returnUrl: string;
};

/** The networks of a coin in the order offered; the first is the default (merchant spec 4). */
export const networksOf = (currencies: readonly TCurrencyOption[], symbol: string) =>
  currencies.find((c) => c.symbol === symbol)?.networks ?? [];

/** The network to keep after the coin changed: the current one if the coin has it, else its first. */
export function networkFor(currencies: readonly TCurrencyOption[], symbol: string, current: string): string {
  const nets = networksOf(currencies, symbol);
  return nets.some((n) => n.id === current) ? current : (nets[0]?.id ?? '');
}

/** The amount input's step: 1 for JPY, 0.01 otherwise (merchant spec 5). */
export const amountStep = (fiat: TFiatCode) => (FIAT_CURRENCIES[fiat].decimals === 0 ? '1' : '0.01');

/** A positive plain decimal with no more digits than the currency has, or null. */
function validFiat(value: string, fiat: TFiatCode): string | null {
  const v = value.trim();
  if (v === '' || decimalProblem(v, FIAT_CURRENCIES[fiat].decimals) !== null || !/[1-9]/.test(v)) return null;
  return v;
}

/**
 * The crypto amount the link will ask, as the spec computes it (crypto = fiat / fiatRate * cryptoRate) with
 * the server's rounding (up, at 2 decimals for USDT, USDC, DAI and 8 otherwise); null when it cannot be
 * computed. `rates` maps codes to units per 1 USD, as GET /exchange-rates answers.
 */
export function previewCryptoAmount(
  v: Pick<LinkFormValues, 'fiatAmount' | 'fiatCurrency' | 'crypto'>,
  rates: Readonly<Record<string, string>>,
  decimals: number,
): string | null {
  const fiat = validFiat(v.fiatAmount, v.fiatCurrency);
  const fiatRate = v.fiatCurrency === 'USD' ? '1' : rates[v.fiatCurrency];
  const cryptoRate = rates[v.crypto];
  if (!fiat || !fiatRate || !cryptoRate) return null;
  try {
    const units = fiatToCrypto({
      fiatAmount: fiat,
      fiatRate: parseRational(fiatRate),
      cryptoRate: parseRational(cryptoRate),
      symbol: v.crypto,
      decimals,
    });
    return formatUnits(units, decimals);
  } catch {
    return null;
  }
}

/**
 * The price of one coin in the form's fiat currency at the rates the preview uses (fiatRate / cryptoRate, both
 * units per 1 USD), as a decimal string for display (formatRational, 18 significant digits); null without both
 * rates. Display only: the server prices the link itself.
 */
export function previewCoinPrice(
  v: Pick<LinkFormValues, 'fiatCurrency' | 'crypto'>,
  rates: Readonly<Record<string, string>>,
): string | null {
  const fiatRate = v.fiatCurrency === 'USD' ? '1' : rates[v.fiatCurrency];
  const cryptoRate = rates[v.crypto];
  if (!fiatRate || !cryptoRate) return null;
  try {
    return formatRational(div(parseRational(fiatRate), parseRational(cryptoRate)));
  } catch {
    return null;
  }
}

/** A problem to show: a catalogue key (translated, merchant spec 5 and 8 texts) or the server's own message. */
export type LinkProblem =
  | {
      key:
        | 'validAmount'
        | 'rateNotAvailable'
        | 'selectNetwork'
        | 'network'
        | 'auth'
        | 'rateLimit'
        | 'invalidInput'
        | 'createFailed';
      currency?: string;
    }
  | { message: string };

/** The form's checks of merchant spec 5, in order; the first failing one, or null. */
export function validateLinkForm(
  v: LinkFormValues,
  currencies: readonly TCurrencyOption[],
  rates: Readonly<Record<string, string>>,
): LinkProblem | null {
  if (!validFiat(v.fiatAmount, v.fiatCurrency)) return { key: 'validAmount' };
  if (!rates[v.crypto]) return { key: 'rateNotAvailable', currency: v.crypto };
  const nets = networksOf(currencies, v.crypto);
  if (nets.length > 1 && !nets.some((n) => n.id === v.network))
    return { key: 'selectNetwork', currency: v.crypto };
  return null;
}

/**
 * The create-link error as merchant spec 8 maps it: a network failure reads as a connection problem, 401 /
 * 'unauthorized' as expired sign-in, 429 / 'rate limit' as too many requests, 'currency' or 'amount' as bad
 * inputs; otherwise the server's own message, or the default. The spec's rule "message containing 'network'"
 * meant the browser's fetch failure ('NetworkError ...'); it is applied to failures that never reached the
 * server (status 0), because this server's own messages about blockchain networks ('Please select a network
 * for USDT', 'USDT is not available on the tron network') must not read as a lost connection.
 */
export function createLinkProblem(err: unknown): LinkProblem {
  const status = (err as { status?: number } | null)?.status;
  const message = err instanceof Error ? err.message : '';
  const m = message.toLowerCase();
  if (status === 0) return { key: 'network' };
  if (m.includes('unauthorized') || status === 401) return { key: 'auth' };
  if (m.includes('rate limit') || status === 429) return { key: 'rateLimit' };
  if (m.includes('network')) return { message };
  if (m.includes('currency') || m.includes('amount')) return { key: 'invalidInput' };
  return message ? { message } : { key: 'createFailed' };
}

/**
 * The return URL field's problem (the server's rules, return-url.ts, for the session's mode), or null when it is
 * empty (none) or acceptable.
 */
export function returnUrlProblem(value: string, mode: TMode): TReturnUrlProblem | null {
  if (value.trim() === '') return null;
  const r = checkReturnUrl(value, mode);
  return r.ok ? null : r.problem;
}
