import type { TPublicOverview } from '@coinlane/core/api/public';
import {
  FEATURED_COINS,
  listCatalogueNetworks,
  listCoins,
  NETWORKS,
  PLATFORM_FEE_PERCENT_DEFAULT,
} from '@coinlane/core/currencies';
import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';

/**
 * What the landing page shows (GET /public/overview): the platform name, the platform fee, and the coins
 * with their networks from the catalogue in @coinlane/core/currencies. The fee is the default until fee
 * structures are stored.
 */
export async function getPublicOverview({ db }: { db: Db }): Promise<TPublicOverview> {
  const { general } = await getSystemSettings({ db });
  const featured = new Set<string>(FEATURED_COINS);
  const coins = listCoins().map((c) => ({
    symbol: c.symbol,
    name: c.name,
    featured: featured.has(c.symbol),
    networks: c.networks.map((id) => ({ id, name: NETWORKS[id].name })),
  }));
  return {
    platformName: general.platform_name,
    feePercent: PLATFORM_FEE_PERCENT_DEFAULT,
    coins,
    coinCount: coins.length,
    networkCount: listCatalogueNetworks().length,
  };
}
