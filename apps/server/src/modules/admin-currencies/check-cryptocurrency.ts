import { getCryptoCurrency, NETWORKS, normalizeNetworkId } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { coreFamilyOf } from '@coinlane/core/families/index';
import { T } from '@coinlane/core/texts';
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
 * The contract address rule per chain family (decision 020), after the schema's generic forms (0x and 40 hex, or
 * Tron's T…):
 * - a network of a family with token contracts: the family's form and checksum (`tokenContract` of its core family:
 *   EVM an EIP-55 address stored checksummed; Tron a base58check address), else the family's message;
 * - UTXO networks and the catalogue's networks that no chain family serves here (Solana, Cardano, Polkadot): no
 *   contract address;
 * - the spec's catch-all network 'other': the spec's generic form, stored as given (nothing here reads it).
 * Returns the address to store.
 */
export function contractForNetwork(network: string, contract: string | null): string | null {
  if (contract === null) return null;
  const info = networkInfo(network);
  const rule = coreFamilyOf(info.family)?.tokenContract;
  if (rule) {
    const canonical = rule.canonical(contract);
    if (canonical === null) throw fieldError('VALIDATION_ERROR', 'contractAddress', rule.invalid);
    return canonical;
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
