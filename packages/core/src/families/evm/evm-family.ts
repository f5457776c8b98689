import { z } from 'zod';
import { T } from '../../texts.ts';
import { defineCoreFamily } from '../family.ts';
import { evmChainConfig } from './evm-chain-config.ts';
import {
  checksumEvmAddress,
  isEvmAddress,
  type ParsedEvmWalletInput,
  parseEvmWalletInput,
} from './evm-keys.ts';
import { evmWalletForm } from './evm-wallet-form.ts';

/**
 * EVM: the EIP-155 chain id a live payment is paid on (its EIP-681 URI carries it; absent on a test-network
 * payment), and for a payment paid to a forwarder deposit address (decision 010) the payment salt of the CREATE2
 * address and the factory it was computed under (absent for forwarder payments made before migration 0011).
 */
export const ZEvmChainDetails = z.strictObject({
  chainId: z.number().int().positive().optional(),
  depositSalt: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .optional(),
  forwarderFactory: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
});
export type TEvmChainDetails = z.infer<typeof ZEvmChainDetails>;

/**
 * The EVM family (ethereum, polygon, bsc, avalanche, arbitrum, optimism): EIP-681 payment URIs with the chain id,
 * chain details (chain id, forwarder salt and factory), wallets of an EIP-55 address or an account xpub
 * (evm-keys.ts, decisions 010 and 011), valid on every EVM network and chain mode, for every coin of the network.
 */
export const evmFamily = defineCoreFamily({
  id: 'evm',
  chainConfig: evmChainConfig,
  chainDetails: ZEvmChainDetails,
  /**
   * EIP-681 with the chain id. Native coin `ethereum:<to>@<chainId>?value=<wei>`; token
   * `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>`, in the token's own base units whatever its
   * decimals (the spec's "amount times 1e6" holds only for 6-decimal tokens).
   */
  paymentUri(input) {
    if (!input.chainId) throw new RangeError(`chain id required for an EVM network (${input.network})`);
    if (input.contractAddress) {
      return `ethereum:${input.contractAddress}@${input.chainId}/transfer?address=${input.address}&uint256=${input.amount}`;
    }
    return `ethereum:${input.address}@${input.chainId}?value=${input.amount}`;
  },
  presentDetails: (details, network) => ({
    // A live payment records the chain it is paid on (a testnet or dev chain has its own id).
    chainId: details.chainId ?? network.chainId,
    forwarder: details.depositSalt
      ? { depositSalt: details.depositSalt, forwarderFactory: details.forwarderFactory ?? null }
      : null,
  }),
  acceptsWalletCoin: evmWalletForm.acceptsWalletCoin,
  parseWalletInput: ({ text }): ParsedEvmWalletInput => parseEvmWalletInput(text),
  describeWalletInput: evmWalletForm.describeWalletInput,
  tokenContract: {
    // strict: a mixed-case address must carry its EIP-55 checksum (all lower or all upper case carries none)
    canonical: (text) => (isEvmAddress(text) && !/\s/.test(text) ? checksumEvmAddress(text) : null),
    invalid: T.cryptoContractInvalid,
  },
});
