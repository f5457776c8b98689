import {
  type TCreatedWallet,
  type TCreateWalletRequest,
  WALLET_MAX_PER_ACCOUNT,
} from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { shortAddress } from '@coinlane/core/families/utxo/utxo-keys';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentWallet } from './present-wallet.ts';
import type { WalletFamily } from './wallet-family.ts';
import { sealWalletAddress } from './wallet-secret.ts';
import { walletChainOf } from './wallet-target.ts';

/**
 * Adds a wallet (not yet whitelisted): a single address, or an extended public key whose type follows its
 * version. Strictly checked for the network's chain mode by the network's family (utxo-wallet-input.ts,
 * evm-wallet-input.ts); a key is sealed at rest and answered with its first five receiving addresses, for the
 * merchant to compare with the wallet app. EVM networks: an EIP-55 address
 * (receiving through forwarder deposit addresses by default, or on the address itself with `receiveMode`
 * single) or an account xpub (derived addresses m/44'/60'/0'/0/i); see docs/decisions/011-evm-watcher.md.
 */
export async function createWallet({
  db,
  config,
  families,
  userId,
  input,
  ip,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, 'configuredChains' | 'appSecretKey'>;
  /** The chain families (wallet-family.ts): the one of the network checks the input. */
  families: readonly WalletFamily[];
  userId: string;
  input: TCreateWalletRequest;
  ip: string | null;
  now?: Date;
}): Promise<TCreatedWallet> {
  const chain = walletChainOf({ config, families, currency: input.currency, network: input.network });
  const { symbol, network, chainMode } = chain;
  const parsed = chain.family.checkWalletInput({ network, chainMode, symbol, input });
  const { addressHash, legacyHash, receiveMode, preview } = parsed;
  const canonical = parsed.canonical;
  const id = randomId('wal');
  const label = input.label?.trim() || T.walletDefaultLabel(symbol);

  const row = await db.transaction().execute(async (trx) => {
    const count = await trx
      .selectFrom('wallets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= WALLET_MAX_PER_ACCOUNT) {
      throw new AppError('INVALID_STATE', { message: T.walletTooMany(WALLET_MAX_PER_ACCOUNT) });
    }
    const hash = addressHash;
    // Two identical requests at once: the second waits for the first's commit, then sees its row.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`wallet:${userId}:${hash}`}))`.execute(trx);
    const dup = await trx
      .selectFrom('wallets')
      .select('id')
      .where('user_id', '=', userId)
      .where('network', '=', network)
      .where('address_hash', 'in', [hash, legacyHash])
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (dup) {
      throw new AppError('CONFLICT', {
        message: T.walletDuplicate,
        details: { fields: { address: T.walletDuplicate } },
      });
    }
    const inserted = await trx
      .insertInto('wallets')
      .values({
        id,
        user_id: userId,
        currency: symbol,
        network,
        chain_mode: chainMode,
        kind: parsed.kind,
        address_sealed: sealWalletAddress(config.appSecretKey, id, canonical),
        address_hash: hash,
        address_display: parsed.kind === 'xpub' ? shortAddress(canonical) : canonical,
        script_type: parsed.scriptType,
        receive_mode: receiveMode,
        label,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'wallet.created',
      entityType: 'wallet',
      entityId: id,
      after: {
        currency: symbol,
        network,
        chainMode,
        kind: parsed.kind,
        address: inserted.address_display,
        scriptType: parsed.scriptType,
        ...(receiveMode ? { receiveMode } : {}),
        label,
      },
      ip,
    });
    return inserted;
  });
  return { wallet: presentWallet(row), previewAddresses: preview };
}
