import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import { ConversionProviderError } from './conversion-provider.ts';

/**
 * A provider's failure as the customer reads it on the hosted page (502 CONVERSION_UNAVAILABLE): what happened,
 * that nothing was charged, what to do. Never a 500, never the operator's secret; the provider's own words only for
 * a refusal (its message, trimmed, is about the request: an amount out of range, a pair it does not serve).
 */
export function conversionUnavailable(err: unknown, providerName: string): AppError {
  if (!(err instanceof ConversionProviderError)) throw err;
  const message =
    err.kind === 'timeout'
      ? T.conversionTimeout(providerName)
      : err.kind === 'unreachable'
        ? T.conversionUnreachable(providerName)
        : err.kind === 'refused'
          ? T.conversionRefused(providerName, err.providerMessage ?? `HTTP ${err.status ?? '?'}`)
          : T.conversionBadReply(providerName);
  return new AppError('CONVERSION_UNAVAILABLE', {
    message,
    details: { provider: err.provider, reason: err.kind },
  });
}
