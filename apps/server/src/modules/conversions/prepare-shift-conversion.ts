import { AppError } from '@coinlane/core/errors';
import { coreFamilyOf } from '@coinlane/core/families/index';
import { WalletInputError } from '@coinlane/core/families/wallet-input';
import { randomId } from '@coinlane/core/ids';
import { formatUnits, MoneyError, parseUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { SupportedCryptocurrenciesTable } from '#app/db/schema.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { AddressSources } from '#app/modules/payments/address-sources.ts';
import { findApplicableRule } from '#app/modules/payouts/find-applicable-rule.ts';
import { openWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import type { ConversionDeps } from './conversion-deps.ts';
import { conversionUnavailable } from './conversion-errors.ts';
import { ConversionProviderError, type ProviderShift } from './conversion-provider.ts';

type CurrencyRow = Selectable<SupportedCryptocurrenciesTable>;

/**
 * The customer must have this long at least to pay before the exchange's quote ends, or the shift is refused: a
 * payment whose window is already nearly over is of no use to anyone.
 */
export const SHIFT_MIN_WINDOW_MS = 2 * 60_000;
/**
 * The payment's window ends this long before the exchange's shift does: the exchange must see the deposit before
 * its quote ends (a transfer takes a few seconds to reach it), or it refunds the coins.
 */
export const SHIFT_EXPIRY_MARGIN_MS = 60_000;
/** A quoted deposit amount may differ from the payment's by the exchange's rounding, at most this share (0.1 %). */
const AMOUNT_TOLERANCE_DIVISOR = 1000n;

export type ShiftPlan = {
  kind: 'shift';
  ruleId: string;
  /** The payment's id, chosen now: the exchange keeps it with the shift (externalId). */
  paymentId: string;
  provider: string;
  providerName: string;
  shift: ProviderShift;
  /** The payment's amount due: exactly the shift's deposit amount, in base units of the coin. */
  depositUnits: bigint;
  settle: { currency: string; network: string; address: string; walletId: string };
  refund: { address: string; walletId: string; derivationIndex: number | null };
  /** The payment's window ends by then (the shift's expiry less SHIFT_EXPIRY_MARGIN_MS). */
  expiresAt: Date;
};

/**
 * How a new live payment is paid under the merchant's payout rules (decision 024, "Bitcoin-family coins"):
 * - `none`: no rule applies (test mode, not a Bitcoin-family coin, Auto Conversion off, rule disabled, amount below
 *   its minimum): the payment is paid to the merchant's own wallet as always;
 * - `unconverted`: a rule applies but this server has no exchange configured (no SIDESHIFT_SECRET): the payment is
 *   paid unconverted to the merchant's own wallet, created under the rule, and its history entry says so once paid;
 * - `shift`: a fixed-rate shift at the exchange, created now.
 */
export type ConversionPlan = { kind: 'none' } | { kind: 'unconverted'; ruleId: string } | ShiftPlan;

/**
 * Before the payment's insert transaction (network I/O: never inside it), for a payment the hosted page starts:
 * finds the rule (findApplicableRule), counts the conversion against its limits (`admit`), asks the exchange for a
 * fixed quote of the payment's exact amount, reserves the merchant's own next address of the coin as the refund
 * address (its own short transaction: the address source's reserveAddress), and creates the shift settling to the
 * rule's whitelisted stablecoin wallet. Every reply is checked: the pair, the amount (the exchange's rounding only),
 * a deposit address of the payment's network and chain, enough time left to pay. A provider's failure or refusal is
 * CONVERSION_UNAVAILABLE with a message for the customer; nothing is created then (a reserved refund address stays
 * consumed: it is never handed to a payment).
 */
export async function prepareShiftConversion({
  db,
  deps,
  addressSources,
  userId,
  mode,
  currency,
  units,
  customerIp,
  admit,
  now = new Date(),
}: {
  db: Db;
  deps: ConversionDeps;
  addressSources: AddressSources;
  userId: string;
  mode: TMode;
  currency: CurrencyRow;
  /** The payment's amount due as priced, in base units. */
  units: bigint;
  /** The customer's IP (sent to the exchange as x-user-ip). */
  customerIp: string;
  /** Counts one conversion against the per-IP and per-merchant limits; throws RATE_LIMITED to refuse it. */
  admit: () => Promise<void>;
  now?: Date;
}): Promise<ConversionPlan> {
  if (mode !== 'live' || networkInfo(currency.network).family !== 'utxo') return { kind: 'none' };
  const amount = formatUnits(units, currency.decimals);
  const applicable = await findApplicableRule(db, {
    userId,
    currency: currency.symbol,
    network: currency.network,
    amount,
  });
  if (!applicable) return { kind: 'none' };
  const { rule, wallet } = applicable;
  const { provider } = deps;
  if (!provider.canCreate) return { kind: 'unconverted', ruleId: rule.id };

  const from = { currency: currency.symbol, network: currency.network };
  const to = { currency: rule.to_currency, network: wallet.network };
  if (!provider.supports(from, to)) {
    throw new AppError('CONVERSION_UNAVAILABLE', {
      message: T.conversionUnsupported(
        provider.name,
        `${from.currency} (${networkInfo(from.network).name})`,
        `${to.currency} (${networkInfo(to.network).name})`,
      ),
      details: { provider: provider.id, reason: 'unsupported' },
    });
  }
  await admit();
  const source = addressSources.forPayment('live', currency.network);
  if (!source?.reserveAddress) {
    throw new AppError('NETWORK_NOT_CONFIGURED', {
      message: T.liveNetworkNotConfigured(networkInfo(currency.network).name),
    });
  }
  const settleAddress = openWalletAddress(deps.secretKey, wallet);
  const paymentId = randomId('pay');
  const badReply = (message: string) =>
    new AppError('CONVERSION_UNAVAILABLE', {
      message,
      details: { provider: provider.id, reason: 'bad_reply' },
    });
  const unitsOf = (text: string) => {
    try {
      return parseUnits(text, currency.decimals);
    } catch (err) {
      if (err instanceof MoneyError) throw badReply(T.conversionAmountMismatch(provider.name));
      throw err;
    }
  };

  try {
    const quote = await provider.quote({ from, to, depositAmount: amount, customerIp });
    const quoted = unitsOf(quote.depositAmount);
    const diff = quoted > units ? quoted - units : units - quoted;
    if (quoted <= 0n || diff * AMOUNT_TOLERANCE_DIVISOR > units) {
      throw badReply(T.conversionAmountMismatch(provider.name));
    }
    // The merchant's own next address of the coin, consumed now in its own transaction: no payment is ever given it.
    const refund = await db
      .transaction()
      .execute((trx) => source.reserveAddress!({ db: trx, userId, currency, now }));
    const shift = await provider.createFixedShift({
      quoteId: quote.id,
      settleAddress,
      refundAddress: refund.address,
      customerIp,
      externalId: paymentId,
    });
    if (unitsOf(shift.depositAmount) !== quoted) throw badReply(T.conversionAmountMismatch(provider.name));
    const depositAddress = checkDepositAddress(
      shift.depositAddress,
      currency.network,
      deps.chainModeOf(currency.network),
      () => badReply(T.conversionBadReply(provider.name)),
    );
    const ends = Math.min(shift.expiresAt.getTime(), quote.expiresAt.getTime()) - SHIFT_EXPIRY_MARGIN_MS;
    if (ends - now.getTime() < SHIFT_MIN_WINDOW_MS) throw badReply(T.conversionBadReply(provider.name));
    return {
      kind: 'shift',
      ruleId: rule.id,
      paymentId,
      provider: provider.id,
      providerName: provider.name,
      shift: { ...shift, depositAddress },
      depositUnits: quoted,
      settle: {
        currency: rule.to_currency,
        network: wallet.network,
        address: settleAddress,
        walletId: wallet.id,
      },
      refund,
      expiresAt: new Date(ends),
    };
  } catch (err) {
    if (err instanceof ConversionProviderError) throw conversionUnavailable(err, provider.name);
    throw err;
  }
}

/**
 * The exchange's deposit address must be one address of the payment's network on the configured chain (parsed by
 * the network family's own parser, as a merchant's wallet is): anything else would show the customer an address
 * they cannot pay, or one of another chain. Returns it in the family's canonical form (bech32 in lower case), the
 * form the chain watcher matches.
 */
function checkDepositAddress(
  address: string,
  network: string,
  chainMode: ReturnType<ConversionDeps['chainModeOf']>,
  refuse: () => Error,
): string {
  const net = networkInfo(network);
  const family = coreFamilyOf(net.family);
  if (!family || !chainMode) throw refuse();
  try {
    const parsed = family.parseWalletInput({ network: net.id, chainMode, text: address }) as {
      kind: string;
      address?: string;
    };
    if (parsed.kind !== 'address' || !parsed.address) throw refuse();
    return parsed.address;
  } catch (err) {
    if (err instanceof WalletInputError) throw refuse();
    throw err;
  }
}
