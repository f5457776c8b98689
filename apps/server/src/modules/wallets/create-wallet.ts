import {
  type TCreatedWallet,
  type TCreateWalletRequest,
  WALLET_MAX_PER_ACCOUNT,
  WALLET_PREVIEW_COUNT,
} from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import {
  deriveAddresses,
  type ParsedWalletInput,
  parseWalletInput,
  shortAddress,
} from '@coinlane/core/utxo-keys';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { sha256 } from '#app/lib/crypto.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentWallet } from './present-wallet.ts';
import { sealWalletAddress } from './wallet-secret.ts';
import { walletInputProblem, walletTargetOf } from './wallet-target.ts';

/**
 * Adds a wallet (not yet whitelisted): a single address, or an extended public key whose type follows its
 * version. Strictly checked for the network's chain mode; a key is sealed at rest and answered with its first
 * five receiving addresses, for the merchant to compare with the wallet app.
 */
export async function createWallet({
  db,
  config,
  userId,
  input,
  ip,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, 'configuredChains' | 'appSecretKey'>;
  userId: string;
  input: TCreateWalletRequest;
  ip: string | null;
  now?: Date;
}): Promise<TCreatedWallet> {
  const { target, symbol } = walletTargetOf({ config, currency: input.currency, network: input.network });
  let parsed: ParsedWalletInput;
  try {
    parsed = parseWalletInput(input.address, target, input.scriptType ?? null);
  } catch (err) {
    walletInputProblem(err);
  }
  const canonical = parsed.kind === 'xpub' ? parsed.key : parsed.address;
  const preview =
    parsed.kind === 'xpub'
      ? deriveAddresses(parsed.key, parsed.scriptType, target, 0, WALLET_PREVIEW_COUNT)
      : [];
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
    const hash = sha256(`${target.network}:${canonical}`);
    const dup = await trx
      .selectFrom('wallets')
      .select('id')
      .where('user_id', '=', userId)
      .where('network', '=', target.network)
      .where('address_hash', '=', hash)
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
        network: target.network,
        chain_mode: target.chainMode,
        kind: parsed.kind,
        address_sealed: sealWalletAddress(config.appSecretKey, id, canonical),
        address_hash: hash,
        address_display: parsed.kind === 'xpub' ? shortAddress(canonical) : canonical,
        script_type: parsed.scriptType,
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
        network: target.network,
        chainMode: target.chainMode,
        kind: parsed.kind,
        address: inserted.address_display,
        scriptType: parsed.scriptType,
        label,
      },
      ip,
    });
    return inserted;
  });
  return { wallet: presentWallet(row), previewAddresses: preview };
}
