import { WALLET_PREVIEW_COUNT } from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { utxoFamily } from '@coinlane/core/families/utxo/utxo-family';
import {
  deriveAddresses,
  extendedKeyIdentity,
  isUtxoNetwork,
  type ParsedWalletInput,
} from '@coinlane/core/families/utxo/utxo-keys';
import { T } from '@coinlane/core/texts';
import { sha256 } from '#app/lib/crypto.ts';
import type { CheckedWalletInput, WalletInputRequest } from '#app/modules/wallets/wallet-family.ts';
import { walletInputProblem } from '#app/modules/wallets/wallet-target.ts';

/**
 * A UTXO wallet's input (decision 008): a single address or an extended public key, strictly for the network's
 * chain mode; `scriptType` for an xpub/tpub/Ltub key; no receive mode. A key is compared by what it derives (one
 * key written as tpub and as vpub is one wallet) and previewed with its first receiving addresses.
 */
export function checkUtxoWalletInput({ network, chainMode, input }: WalletInputRequest): CheckedWalletInput {
  if (input.receiveMode) {
    const message = T.evmReceiveModeUtxo;
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { receiveMode: message } } });
  }
  let p: ParsedWalletInput;
  try {
    p = utxoFamily.parseWalletInput({
      network,
      chainMode,
      text: input.address,
      scriptType: input.scriptType ?? null,
    });
  } catch (err) {
    walletInputProblem(err);
  }
  const canonical = p.kind === 'xpub' ? p.key : p.address;
  const preview =
    p.kind === 'xpub' && isUtxoNetwork(network)
      ? deriveAddresses(p.key, p.scriptType, { network, chainMode }, 0, WALLET_PREVIEW_COUNT)
      : [];
  const legacyHash = sha256(`${network}:${canonical}`);
  return {
    kind: p.kind,
    canonical,
    scriptType: p.scriptType,
    receiveMode: null,
    preview,
    legacyHash,
    addressHash:
      p.kind === 'xpub' ? sha256(`${network}:key:${extendedKeyIdentity(p.key)}:${p.scriptType}`) : legacyHash,
  };
}
