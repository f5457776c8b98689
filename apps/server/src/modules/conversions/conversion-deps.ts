import type { TChainMode } from '@coinlane/core/families/wallet-input';
import type { Config } from '#app/config.ts';
import type { ConversionProvider } from './conversion-provider.ts';
import { createSideShiftProvider } from './sideshift/sideshift-provider.ts';

/**
 * What the conversions module is built with, once per server by the composition root (server.ts), and read by the
 * route plugins as `app.conversions` and by its job:
 * - provider: the exchange of Bitcoin-family conversions (SideShift's v2 API, config.sideshift); `canCreate` is
 *   false without the operator's secret, when a payout rule on such a coin cannot apply;
 * - secretKey: APP_SECRET_KEY, which opens the merchant's sealed stablecoin wallet address;
 * - chainModeOf: the chain mode of a configured network (an exchange's deposit address is checked against it).
 */
export type ConversionDeps = {
  provider: ConversionProvider;
  secretKey: Buffer;
  chainModeOf: (network: string) => TChainMode | null;
};

export function conversionDepsOf(
  config: Pick<Config, 'sideshift' | 'appSecretKey' | 'configuredChains'>,
  { fetchImpl }: { fetchImpl?: typeof fetch } = {},
): ConversionDeps {
  return {
    provider: createSideShiftProvider({ ...config.sideshift, ...(fetchImpl ? { fetchImpl } : {}) }),
    secretKey: config.appSecretKey,
    chainModeOf: (network) => config.configuredChains.find((c) => c.network === network)?.mode ?? null,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The conversions module's dependencies (conversion-deps.ts), given by the composition root. */
    conversions: ConversionDeps;
  }
}
