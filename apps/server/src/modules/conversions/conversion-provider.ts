/**
 * An exchange provider that converts a Bitcoin-family payment into a stablecoin by a fixed-rate shift
 * (docs/decisions/024-auto-conversion.md, "Bitcoin-family coins: a fixed-rate shift"): Coinlane asks for a quote of
 * the payment's exact amount, creates a shift whose settle address is the merchant's stablecoin wallet and whose
 * refund address is the merchant's own address of the coin, shows the customer the shift's deposit address, and
 * follows the shift until it settles. The provider holds the coins for the minutes of the swap; Coinlane never does.
 * One implementation today: SideShift's v2 API (sideshift/).
 */

/** A coin on a network, as Coinlane names them (`USDT`, `tron`; `LTC`, `litecoin`). */
export type ConversionAsset = { currency: string; network: string };

export type QuoteRequest = {
  from: ConversionAsset;
  to: ConversionAsset;
  /** What the customer pays, a decimal string in whole coins (the payment's exact amount). */
  depositAmount: string;
  /** The customer's IP: the provider decides by it whether this customer may use it. */
  customerIp: string;
};

export type ProviderQuote = {
  id: string;
  depositAmount: string;
  settleAmount: string;
  /** Settle coins per deposit coin, every fee included (the provider's rate). */
  rate: string;
  expiresAt: Date;
};

export type FixedShiftRequest = {
  quoteId: string;
  /** Where the stablecoin goes: the merchant's verified wallet. */
  settleAddress: string;
  /** Where the coins go back when the shift cannot settle: the merchant's own address of the coin. */
  refundAddress: string;
  customerIp: string;
  /** Coinlane's id of the payment, kept by the provider with the shift. */
  externalId: string;
};

/** The provider's view of a deposit, when a shift has several (SideShift's status `multiple`). */
export type ProviderDeposit = {
  status: string;
  depositHash: string | null;
  settleHash: string | null;
  depositAmount: string | null;
  settleAmount: string | null;
};

export type ProviderShift = {
  id: string;
  /** The provider's status word (SideShift: waiting, pending, processing, review, settling, settled, refund, ...). */
  status: string;
  depositAddress: string;
  depositAmount: string;
  settleAddress: string;
  settleAmount: string;
  rate: string;
  refundAddress: string | null;
  quoteId: string | null;
  expiresAt: Date;
  depositHash: string | null;
  settleHash: string | null;
  /** The provider's average processing time once the deposit is confirmed, in seconds; null when not given. */
  averageShiftSeconds: number | null;
  /** Why a deposit could not be processed automatically (a shift in review or refund), as the provider says. */
  issue: string | null;
  deposits: ProviderDeposit[];
};

export interface ConversionProvider {
  /** Stored with each shift (conversion_shifts.provider, payments.conversion.provider). */
  readonly id: string;
  /** As customers and merchants read it. */
  readonly name: string;
  /** Shifts can be created: the operator configured the provider's account (otherwise only read). */
  readonly canCreate: boolean;
  /** Whether the provider converts `from` into `to` at all (its coin and network lists). */
  supports(from: ConversionAsset, to: ConversionAsset): boolean;
  quote(request: QuoteRequest): Promise<ProviderQuote>;
  createFixedShift(request: FixedShiftRequest): Promise<ProviderShift>;
  getShift(id: string): Promise<ProviderShift>;
}

/**
 * Why a provider call failed, in words a customer or merchant can read: `timeout` and `unreachable` (try again
 * later), `refused` (the provider answered with an error, its message in `providerMessage`), `bad_reply` (an answer
 * Coinlane cannot use), `not_configured`, `unsupported` (no such pair at the provider). Never carries the secret.
 */
export type ConversionProviderErrorKind =
  | 'timeout'
  | 'unreachable'
  | 'refused'
  | 'bad_reply'
  | 'not_configured'
  | 'unsupported';

export class ConversionProviderError extends Error {
  readonly kind: ConversionProviderErrorKind;
  readonly provider: string;
  readonly status: number | null;
  readonly providerMessage: string | null;
  constructor(
    provider: string,
    kind: ConversionProviderErrorKind,
    message: string,
    {
      status = null,
      providerMessage = null,
    }: { status?: number | null; providerMessage?: string | null } = {},
  ) {
    super(message);
    this.name = 'ConversionProviderError';
    this.provider = provider;
    this.kind = kind;
    this.status = status;
    this.providerMessage = providerMessage;
  }
}
