import { WALLET_PREVIEW_COUNT } from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { tronFamily } from '@coinlane/core/families/tron/tron-family';
import { deriveTronAddresses, type ParsedTronWalletInput } from '@coinlane/core/families/tron/tron-keys';
import { extendedKeyIdentity } from '@coinlane/core/families/utxo/utxo-keys';
import { T } from '@coinlane/core/texts';
import { sha256 } from '#app/lib/crypto.ts';
import type { CheckedWalletInput, WalletInputRequest } from '#app/modules/wallets/wallet-family.ts';
import { walletInputProblem } from '#app/modules/wallets/wallet-target.ts';

/**
 * A Tron wallet's input (docs/decisions/025-tron.md): a T… address, receiving with unique amounts ('single'), or an
 * account xpub of m/44'/195'/0', receiving on an address derived per payment ('xpub'); no address types and no
 * receive mode to choose. One address may serve TRX and USDT, each as its own wallet: the duplicate check includes
 * the coin.
 */
export function checkTronWalletInput({
  network,
  chainMode,
  symbol,
  input,
}: WalletInputRequest): CheckedWalletInput {
  if (input.scriptType) {
    const message = T.tronScriptTypeNone;
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { scriptType: message } } });
  }
  if (input.receiveMode) {
    const message = T.tronReceiveModeNone;
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { receiveMode: message } } });
  }
  let p: ParsedTronWalletInput;
  try {
    p = tronFamily.parseWalletInput({ network, chainMode, text: input.address });
  } catch (err) {
    walletInputProblem(err);
  }
  const canonical = p.kind === 'xpub' ? p.key : p.address;
  const legacyHash = sha256(`${network}:${symbol}:${canonical}`);
  return {
    kind: p.kind,
    canonical,
    scriptType: 'tron',
    receiveMode: p.kind === 'xpub' ? 'xpub' : 'single',
    preview: p.kind === 'xpub' ? deriveTronAddresses(p.key, 0, WALLET_PREVIEW_COUNT) : [],
    legacyHash,
    addressHash:
      p.kind === 'xpub' ? sha256(`${network}:${symbol}:key:${extendedKeyIdentity(p.key)}`) : legacyHash,
  };
}
