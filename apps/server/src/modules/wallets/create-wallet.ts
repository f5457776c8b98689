import {
  type TCreatedWallet,
  type TCreateWalletRequest,
  WALLET_MAX_PER_ACCOUNT,
  WALLET_PREVIEW_COUNT,
} from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { deriveEvmAddresses, type ParsedEvmWalletInput, parseEvmWalletInput } from '@coinlane/core/evm-keys';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import {
  deriveAddresses,
  extendedKeyIdentity,
  type ParsedWalletInput,
  parseWalletInput,
  shortAddress,
} from '@coinlane/core/utxo-keys';
import { sql } from 'kysely';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { sha256 } from '#app/lib/crypto.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentWallet } from './present-wallet.ts';
import { sealWalletAddress } from './wallet-secret.ts';
import { walletChainOf, walletInputProblem } from './wallet-target.ts';

/**
 * Adds a wallet (not yet whitelisted): a single address, or an extended public key whose type follows its
 * version. Strictly checked for the network's chain mode; a key is sealed at rest and answered with its first
 * five receiving addresses, for the merchant to compare with the wallet app. EVM networks: an EIP-55 address
 * (receiving through forwarder deposit addresses by default, or on the address itself with `receiveMode`
 * single) or an account xpub (derived addresses m/44'/60'/0'/0/i); see docs/decisions/011-evm-watcher.md.
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
  const chain = walletChainOf({ config, currency: input.currency, network: input.network });
  const { symbol } = chain;
  const network = chain.family === 'utxo' ? chain.target.network : chain.network;
  const chainMode = chain.family === 'utxo' ? chain.target.chainMode : chain.chainMode;
  let parsed: { kind: 'address' | 'xpub'; canonical: string; scriptType: string };
  let preview: string[] = [];
  let receiveMode: 'forwarder' | 'single' | 'xpub' | null = null;
  let addressHash: string;
  // The hash of the same wallet as written before keys were compared by identity (rows added until then).
  let legacyHash: string;
  if (chain.family === 'utxo') {
    if (input.receiveMode) {
      const message = T.evmReceiveModeUtxo;
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { receiveMode: message } } });
    }
    let p: ParsedWalletInput;
    try {
      p = parseWalletInput(input.address, chain.target, input.scriptType ?? null);
    } catch (err) {
      walletInputProblem(err);
    }
    parsed = { kind: p.kind, canonical: p.kind === 'xpub' ? p.key : p.address, scriptType: p.scriptType };
    if (p.kind === 'xpub') {
      preview = deriveAddresses(p.key, p.scriptType, chain.target, 0, WALLET_PREVIEW_COUNT);
    }
    legacyHash = sha256(`${network}:${parsed.canonical}`);
    // A key is compared by what it derives (one key written as tpub and as vpub is one wallet).
    addressHash =
      p.kind === 'xpub' ? sha256(`${network}:key:${extendedKeyIdentity(p.key)}:${p.scriptType}`) : legacyHash;
  } else {
    // EVM: an address (EIP-55) or an account xpub; no script types. One address may serve several coins of the
    // network (ETH and USDT), each as its own wallet: the duplicate check includes the coin.
    if (input.scriptType) {
      const message = T.evmScriptTypeNone;
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { scriptType: message } } });
    }
    let p: ParsedEvmWalletInput;
    try {
      p = parseEvmWalletInput(input.address);
    } catch (err) {
      walletInputProblem(err);
    }
    if (p.kind === 'xpub' && input.receiveMode) {
      const message = T.evmReceiveModeAddressOnly;
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { receiveMode: message } } });
    }
    parsed = { kind: p.kind, canonical: p.kind === 'xpub' ? p.key : p.address, scriptType: 'evm' };
    receiveMode = p.kind === 'xpub' ? 'xpub' : (input.receiveMode ?? 'forwarder');
    if (p.kind === 'xpub') preview = deriveEvmAddresses(p.key, 0, WALLET_PREVIEW_COUNT);
    legacyHash = sha256(`${network}:${symbol}:${parsed.canonical}`);
    addressHash =
      p.kind === 'xpub' ? sha256(`${network}:${symbol}:key:${extendedKeyIdentity(p.key)}`) : legacyHash;
  }
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
