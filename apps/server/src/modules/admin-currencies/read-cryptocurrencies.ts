import {
  CRYPTO_NETWORKS,
  type TCryptocurrency,
  type TCryptocurrencyListQuery,
  type TCryptocurrencyNetworks,
  type TCryptocurrencyStats,
} from '@coinlane/core/api/admin-cryptocurrencies';
import { normalizeNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { findCatalogueRow, listCatalogueRows } from '#app/modules/currencies/manage-catalogue.ts';
import { presentCryptocurrency } from './present-cryptocurrency.ts';

type Live = Pick<Config, 'configuredChains'>;

/** GET /admin/cryptocurrencies: every row ordered by symbol (then network), filtered (spec 7). */
export async function listCryptocurrencies({
  db,
  config,
  query,
}: {
  db: Db;
  config: Live;
  query: TCryptocurrencyListQuery;
}): Promise<TCryptocurrency[]> {
  const rows = await listCatalogueRows({
    db,
    filter: {
      ...(query.enabled !== undefined ? { enabled: query.enabled === 'true' } : {}),
      ...(query.network ? { network: normalizeNetworkId(query.network) ?? query.network.toLowerCase() } : {}),
      ...(query.search ? { search: query.search } : {}),
    },
  });
  return rows.map((r) => presentCryptocurrency(r, config));
}

/** GET /admin/cryptocurrencies/{id}; 404 'Cryptocurrency not found'. */
export async function getCryptocurrency({
  db,
  config,
  id,
}: {
  db: Db;
  config: Live;
  id: string;
}): Promise<TCryptocurrency> {
  const row = await findCatalogueRow({ db, id });
  if (!row) throw new AppError('NOT_FOUND', { message: T.cryptoNotFound });
  return presentCryptocurrency(row, config);
}

/** GET /admin/cryptocurrencies/stats: total, enabled, disabled and the number of distinct networks. */
export async function cryptocurrencyStats({ db }: { db: Db }): Promise<TCryptocurrencyStats> {
  const rows = await listCatalogueRows({ db });
  const enabled = rows.filter((r) => r.enabled).length;
  return {
    total: rows.length,
    enabled,
    disabled: rows.length - enabled,
    networks: new Set(rows.map((r) => r.network)).size,
  };
}

/** GET /admin/cryptocurrencies/networks: the distinct networks of the rows, and every network a row may take. */
export async function cryptocurrencyNetworks({ db }: { db: Db }): Promise<TCryptocurrencyNetworks> {
  const rows = await listCatalogueRows({ db });
  return { used: [...new Set(rows.map((r) => r.network))].sort(), allowed: [...CRYPTO_NETWORKS] };
}
