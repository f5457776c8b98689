import { getCryptoCurrency, NETWORKS, normalizeNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import { getAddress, isAddress } from 'viem';
import type { Config } from '#app/config.ts';
import { chainTokenContract } from '#app/lib/chain-config.ts';
import { chainConfigOf } from '#app/lib/is-live-network.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { TokenFamily } from './token-family.ts';

const fieldError = (
  code: 'VALIDATION_ERROR' | 'CONFLICT' | 'SERVICE_UNAVAILABLE',
  field: string,
  message: string,
) => new AppError(code, { message, details: { fields: { [field]: message } } });

/**
 * The contract address rule per chain family (decision 020), after the schema's generic form (0x and 40 hex):
 * - EVM networks: an EIP-55 address (a mixed-case address must carry a valid checksum), stored checksummed;
 * - UTXO networks and the catalogue's networks that no chain family serves here (Tron, Solana, Cardano, Polkadot):
 *   no contract address (UTXO chains have no token contracts; Tron's own address form comes with its family);
 * - the spec's catch-all network 'other': the spec's generic form, stored as given (nothing here reads it).
 * Returns the address to store.
 */
export function contractForNetwork(network: string, contract: string | null): string | null {
  if (contract === null) return null;
  const info = networkInfo(network);
  if (info.family === 'evm') {
    // strict: a mixed-case address must carry its EIP-55 checksum (all lower or all upper case carries none)
    const plain = /^0x[0-9A-F]{40}$/.test(contract) ? contract.toLowerCase() : contract;
    if (!isAddress(plain, { strict: true })) {
      throw fieldError('VALIDATION_ERROR', 'contractAddress', T.cryptoContractInvalid);
    }
    return getAddress(plain);
  }
  if (normalizeNetworkId(network) === 'other') return contract;
  throw fieldError('VALIDATION_ERROR', 'contractAddress', T.cryptoContractNotOnNetwork(info.name));
}

/**
 * Where a node is configured for the row's network and its family reads token decimals (EVM), the decimals of the
 * contract payments in the row will use there (CHAIN_<NETWORK>_TOKENS, or on mainnet the row's contract) must be
 * the row's: a mismatch is refused (409), as is a contract that is no token there; an unreachable node is a 503
 * (nothing is saved without the check). Nothing to check for a native coin or without a node. Network I/O: call it
 * outside any database transaction.
 */
export async function checkChainDecimals({
  config,
  families,
  row,
}: {
  config: Pick<Config, 'configuredChains'>;
  families: readonly TokenFamily[];
  row: { symbol: string; network: string; decimals: number; contractAddress: string | null };
}): Promise<void> {
  const chain = chainConfigOf({ network: row.network, config });
  if (!chain) return;
  const family = families.find((f) => f.id === chain.family);
  if (!family?.readTokenDecimals) return;
  const native = getCryptoCurrency(row.symbol, row.network)?.native ?? row.contractAddress === null;
  if (native) return;
  const contract = chainTokenContract(chain, row.symbol, row.contractAddress);
  if (!contract) return;
  const name = NETWORKS[chain.network].name;
  const reading = await family.readTokenDecimals({ chain, contract });
  if (reading.kind === 'unreachable') {
    throw new AppError('SERVICE_UNAVAILABLE', { message: T.cryptoChainUnreachable(name) });
  }
  if (reading.kind === 'not_a_token') {
    throw fieldError('CONFLICT', 'contractAddress', T.cryptoChainNoToken(name, contract));
  }
  if (reading.decimals !== row.decimals) {
    throw fieldError(
      'CONFLICT',
      'decimals',
      T.cryptoChainDecimalsMismatch(row.symbol, name, contract, reading.decimals),
    );
  }
}
