import type { TWallet } from '@coinlane/core/api/wallets';
import type { TScriptType } from '@coinlane/core/families/utxo/utxo-keys';
import type { WalletRow } from './queries.ts';

/**
 * A wallet as the API shows it: keys only in their masked form (address_display), never in full.
 * `gapLimitNeeded`: from gap-limit.ts gapLimitNeeded (null for a wallet that never received a payment).
 */
export function presentWallet(row: WalletRow, gapLimitNeeded: number | null = null): TWallet {
  return {
    id: row.id,
    currency: row.currency,
    network: row.network,
    chainMode: row.chain_mode,
    kind: row.kind,
    address: row.address_display,
    scriptType: row.script_type as TScriptType | 'evm',
    label: row.label,
    isDefault: row.is_default,
    verified: row.verified,
    verifiedAt: row.verified_at ? row.verified_at.toISOString() : null,
    nextIndex: row.next_index,
    receiveMode: row.receive_mode,
    gapLimitNeeded,
    createdAt: row.created_at.toISOString(),
  };
}
