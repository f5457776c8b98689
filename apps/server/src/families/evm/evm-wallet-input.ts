import { WALLET_PREVIEW_COUNT } from '@coinlane/core/api/wallets';
import { AppError } from '@coinlane/core/errors';
import { evmFamily } from '@coinlane/core/families/evm/evm-family';
import { deriveEvmAddresses, type ParsedEvmWalletInput } from '@coinlane/core/families/evm/evm-keys';
import { extendedKeyIdentity } from '@coinlane/core/families/utxo/utxo-keys';
import { T } from '@coinlane/core/texts';
import { sha256 } from '#app/lib/crypto.ts';
import type { CheckedWalletInput, WalletInputRequest } from '#app/modules/wallets/wallet-family.ts';
import { walletInputProblem } from '#app/modules/wallets/wallet-target.ts';

/**
 * An EVM wallet's input (decision 011): an address (EIP-55) or an account xpub; no script types. An address
 * receives through forwarder deposit addresses unless `receiveMode` says single; a key on derived addresses. One
 * address may serve several coins of the network (ETH and USDT), each as its own wallet: the duplicate check
 * includes the coin.
 */
export function checkEvmWalletInput({
  network,
  chainMode,
  symbol,
  input,
}: WalletInputRequest): CheckedWalletInput {
  if (input.scriptType) {
    const message = T.evmScriptTypeNone;
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { scriptType: message } } });
  }
  let p: ParsedEvmWalletInput;
  try {
    p = evmFamily.parseWalletInput({ network, chainMode, text: input.address });
  } catch (err) {
    walletInputProblem(err);
  }
  if (p.kind === 'xpub' && input.receiveMode) {
    const message = T.evmReceiveModeAddressOnly;
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { receiveMode: message } } });
  }
  const canonical = p.kind === 'xpub' ? p.key : p.address;
  const legacyHash = sha256(`${network}:${symbol}:${canonical}`);
  return {
    kind: p.kind,
    canonical,
    scriptType: 'evm',
    receiveMode: p.kind === 'xpub' ? 'xpub' : (input.receiveMode ?? 'forwarder'),
    preview: p.kind === 'xpub' ? deriveEvmAddresses(p.key, 0, WALLET_PREVIEW_COUNT) : [],
    legacyHash,
    addressHash:
      p.kind === 'xpub' ? sha256(`${network}:${symbol}:key:${extendedKeyIdentity(p.key)}`) : legacyHash,
  };
}
