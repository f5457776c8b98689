import { SETTLEMENT_WINDOW_DAYS, type TPublicOverview } from '@coinlane/core/api/public';
import {
  FEATURED_COINS,
  listCatalogueNetworks,
  listCoins,
  NETWORK_IDS,
  NETWORKS,
  normalizeNetworkId,
  PLATFORM_FEE_PERCENT_DEFAULT,
  type TNetworkId,
} from '@coinlane/core/currencies';
import { networkFamily } from '@coinlane/core/families/index';
import type { Db } from '#app/db/connection.ts';
import { plainDecimal } from '#app/modules/fees/fee-structures.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { measureSettlement } from './measure-settlement.ts';

/**
 * What the landing page shows (GET /public/overview), each figure from the platform's configuration: the
 * platform name and KYC rule (system settings), the platform fee with its bounds and the coins that have their
 * own (fee_structures, supported_cryptocurrencies), the coin catalogue (@coinlane/core/currencies), and the
 * settlement time measured over recent live payments next to each network's confirmation rule.
 */
export async function getPublicOverview({
  db,
  now = new Date(),
  settlementMaxAgeMs,
}: {
  db: Db;
  now?: Date;
  /** How old the cached settlement figures may be (measureSettlement's default: a minute). */
  settlementMaxAgeMs?: number;
}): Promise<TPublicOverview> {
  const { general } = await getSystemSettings({ db });
  const featured = new Set<string>(FEATURED_COINS);
  // Only what a merchant can take live: networks of a chain family (packages/core families/: UTXO, EVM, Tron). The
  // catalogue's 'other' networks (Solana, Cardano, Polkadot) have no chain watcher, so their coins are not claimed.
  const live = (id: TNetworkId) => networkFamily(id) !== undefined;
  // Only what the admins left enabled (decision 020): the catalogue's order, then coins they added.
  const enabledRows = await db
    .selectFrom('supported_cryptocurrencies')
    .select(['symbol', 'name', 'network'])
    .where('enabled', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const catalogue = listCoins();
  const order = (symbol: string) => {
    const i = catalogue.findIndex((c) => c.symbol === symbol);
    return i === -1 ? catalogue.length : i;
  };
  const bySymbol = new Map<string, { symbol: string; name: string; networks: TNetworkId[] }>();
  for (const r of enabledRows) {
    const id = normalizeNetworkId(r.network);
    if (!id || !live(id)) continue;
    const entry = bySymbol.get(r.symbol) ?? {
      symbol: r.symbol,
      name: catalogue.find((c) => c.symbol === r.symbol)?.name ?? r.name,
      networks: [],
    };
    if (!entry.networks.includes(id)) entry.networks.push(id);
    bySymbol.set(r.symbol, entry);
  }
  const networkOrder = (id: TNetworkId) => NETWORK_IDS.indexOf(id);
  const coins = [...bySymbol.values()]
    .sort((a, b) => order(a.symbol) - order(b.symbol) || a.symbol.localeCompare(b.symbol))
    .map((c) => {
      const known = catalogue.find((k) => k.symbol === c.symbol)?.networks ?? [];
      const rank = (id: TNetworkId) => {
        const i = known.indexOf(id);
        return i === -1 ? known.length + networkOrder(id) : i;
      };
      return {
        symbol: c.symbol,
        name: c.name,
        featured: featured.has(c.symbol),
        networks: [...c.networks]
          .sort((a, b) => rank(a) - rank(b))
          .map((id) => ({ id, name: NETWORKS[id].name })),
      };
    });
  const liveNetworks = listCatalogueNetworks().filter(live);

  const platform = await db
    .selectFrom('fee_structures')
    .select(['percentage', 'minimum_fee', 'maximum_fee'])
    .where('type', '=', 'platform')
    .executeTakeFirst();
  const feePercent = plainDecimal(platform?.percentage ?? PLATFORM_FEE_PERCENT_DEFAULT);
  const bound = (v: string | null | undefined) => {
    const plain = v == null ? null : plainDecimal(v);
    return plain === null || /^0(\.0*)?$/.test(plain) ? null : plain;
  };

  const currencies = await db
    .selectFrom('supported_cryptocurrencies')
    .select(['symbol', 'network', 'fee_percentage', 'required_confirmations'])
    .where('enabled', '=', true)
    .orderBy('symbol')
    .orderBy('network')
    .execute();
  const feeExceptions = currencies.flatMap((c) => {
    const network = normalizeNetworkId(c.network);
    if (c.fee_percentage === null || !network) return [];
    const percent = plainDecimal(c.fee_percentage);
    if (percent === feePercent) return [];
    return [{ symbol: c.symbol, network, networkName: NETWORKS[network].name, percent }];
  });

  const rules = new Map<string, { min: number; max: number }>();
  for (const c of currencies) {
    const r = rules.get(c.network);
    rules.set(c.network, {
      min: Math.min(r?.min ?? Number.POSITIVE_INFINITY, c.required_confirmations),
      max: Math.max(r?.max ?? 0, c.required_confirmations),
    });
  }
  const measured = await measureSettlement({
    db,
    now,
    windowDays: SETTLEMENT_WINDOW_DAYS,
    maxAgeMs: settlementMaxAgeMs,
  });
  const networks = liveNetworks.flatMap((id) => {
    const rule = rules.get(id);
    if (!rule) return []; // every coin of the network disabled by the admins
    const m = measured.networks.get(id);
    return [
      {
        id,
        name: NETWORKS[id].name,
        confirmationsMin: rule.min,
        confirmationsMax: rule.max,
        medianSeconds: m?.medianSeconds ?? null,
        payments: m?.payments ?? 0,
      },
    ];
  });

  return {
    platformName: general.platform_name,
    feePercent,
    feeMinimumUsd: bound(platform?.minimum_fee),
    feeMaximumUsd: bound(platform?.maximum_fee),
    feeExceptions,
    kycRequired: general.kyc_required,
    maintenanceMode: general.maintenance_mode,
    coins,
    coinCount: coins.length,
    networkCount: liveNetworks.length,
    settlement: {
      windowDays: SETTLEMENT_WINDOW_DAYS,
      medianSeconds: measured.overall?.medianSeconds ?? null,
      payments: measured.overall?.payments ?? 0,
      networks,
    },
  };
}
