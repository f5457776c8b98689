import {
  ADD_CRYPTO_DEFAULTS,
  type TCreateCryptocurrency,
  type TCryptocurrency,
} from '@coinlane/core/api/admin-cryptocurrencies';
import { getCryptoCurrency, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { findCatalogueKey, insertCatalogueRow } from '#app/modules/currencies/manage-catalogue.ts';
import { checkChainDecimals, contractForNetwork } from './check-cryptocurrency.ts';
import { auditFields, presentCryptocurrency } from './present-cryptocurrency.ts';
import type { TokenFamily } from './token-family.ts';

/** The duplicate (symbol, network) refusal, with the spec's message on the symbol field. */
export const symbolTaken = () =>
  new AppError('CONFLICT', {
    message: T.cryptoSymbolTaken,
    details: { fields: { symbol: T.cryptoSymbolTaken } },
  });

/** A unique violation of (symbol, network): two requests adding the same row at once. */
export const isKeyViolation = (err: unknown) =>
  (err as { code?: unknown }).code === '23505' &&
  String((err as { constraint?: unknown }).constraint ?? '').startsWith('supported_cryptocurrencies');

/**
 * POST /admin/cryptocurrencies (settings.write). One row per (symbol, network): the spec's "symbol is unique" is
 * kept per network, since USDT is one coin on several chains with its own decimals and contract on each (decision
 * 020); a duplicate gets the spec's message. Omitted fields: min 0.00000001, max 1000000, enabled (the spec's
 * defaults), decimals the catalogue's for a known pair or 8, the network's confirmations, and no fee of its own
 * (the platform fee applies). The contract follows its chain family's rule, and a token's decimals are read from
 * the network's node when one is configured. Audited.
 */
export async function createCryptocurrency({
  db,
  config,
  families,
  input,
  actorId,
  ip,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  families: readonly TokenFamily[];
  input: TCreateCryptocurrency;
  actorId: string;
  ip: string | null;
  now?: Date;
}): Promise<TCryptocurrency> {
  const network = input.network as TNetworkId;
  const row = {
    symbol: input.symbol,
    name: input.name,
    network,
    decimals:
      input.decimals ?? getCryptoCurrency(input.symbol, network)?.decimals ?? ADD_CRYPTO_DEFAULTS.decimals,
    contractAddress: contractForNetwork(network, input.contractAddress ?? null),
    iconUrl: input.iconUrl ?? null,
    minAmount: input.minAmount ?? ADD_CRYPTO_DEFAULTS.minAmount,
    maxAmount: input.maxAmount ?? ADD_CRYPTO_DEFAULTS.maxAmount,
    feePercentage: input.feePercentage ?? null,
    requiredConfirmations: input.requiredConfirmations ?? NETWORKS[network].requiredConfirmations,
    enabled: input.enabled ?? ADD_CRYPTO_DEFAULTS.enabled,
  };
  if (await findCatalogueKey({ db, symbol: row.symbol, network })) throw symbolTaken();
  // Network I/O before the transaction (PGlite is one connection).
  await checkChainDecimals({ config, families, row });
  try {
    const created = await db.transaction().execute(async (trx) => {
      const inserted = await insertCatalogueRow({ db: trx, row, now });
      await recordAudit({
        db: trx,
        actorId,
        actorType: 'admin',
        action: 'cryptocurrency.created',
        entityType: 'cryptocurrency',
        entityId: inserted.id,
        after: auditFields(inserted),
        ip,
      });
      return inserted;
    });
    return presentCryptocurrency(created, config);
  } catch (err) {
    if (isKeyViolation(err)) throw symbolTaken();
    throw err;
  }
}
