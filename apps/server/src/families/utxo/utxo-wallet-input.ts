import { WALLET_PREVIEW_COUNT } from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { utxoFamily } from '@coinlane/core/families/utxo/utxo-family';
import {
  deriveAddresses,
  extendedKeyIdentity,
  isUtxoNetwork,
  legacyAddress,
  type ParsedWalletInput,
} from '@coinlane/core/families/utxo/utxo-keys';
import { T } from '@coinlane/core/texts';
import { sha256 } from '#app/lib/crypto.ts';
import type { CheckedWalletInput, WalletInputRequest } from '#app/modules/wallets/wallet-family.ts';
import { walletInputProblem } from '#app/modules/wallets/wallet-target.ts';

/**
 * A UTXO wallet's input (decision 008): a single address or an extended public key, strictly for the network's
 * chain mode; `scriptType` for an xpub/tpub/Ltub key; no receive mode. A key is compared by what it derives (one
 * key written as tpub and as vpub is one wallet) and previewed with its first receiving addresses. A Bitcoin Cash
 * address is stored as CashAddr, whether given as CashAddr or in the legacy form.
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
  const target = isUtxoNetwork(network) ? { network, chainMode } : null;
  const preview =
    p.kind === 'xpub' && target ? deriveAddresses(p.key, p.scriptType, target, 0, WALLET_PREVIEW_COUNT) : [];
  // A Bitcoin Cash address added before CashAddr was its form is stored (sealed) and hashed in the legacy form:
  // the legacy form's hash finds that row, so one address in either form is one wallet.
  const written = p.kind === 'address' && target ? legacyAddress(p.address, target) : canonical;
  const legacyHash = sha256(`${network}:${written}`);
  return {
    kind: p.kind,
    canonical,
    scriptType: p.scriptType,
    receiveMode: null,
    preview,
    legacyHash,
    addressHash:
      p.kind === 'xpub'
        ? sha256(`${network}:key:${extendedKeyIdentity(p.key)}:${p.scriptType}`)
        : sha256(`${network}:${canonical}`),
  };
}
