import { z } from 'zod';
import type { TNetworkFamily } from './currencies.ts';

/**
 * A payment's chain details (`payments.chain_details`): the facts of its network family about how it is paid,
 * fixed when the payment is created. One schema per family; the payments table has no column of any family, so a
 * new family adds a schema here, not columns there. Stored details are parsed when read (parseChainDetails):
 * a row that does not fit its family's schema fails loudly instead of being read as "no details".
 */

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

/** UTXO networks (the wallet and derivation index are columns shared with EVM), and networks of no family. */
export const ZNoChainDetails = z.strictObject({});
export type TNoChainDetails = z.infer<typeof ZNoChainDetails>;

export const CHAIN_DETAILS_SCHEMAS = {
  evm: ZEvmChainDetails,
  utxo: ZNoChainDetails,
  other: ZNoChainDetails,
} as const satisfies Record<TNetworkFamily, z.ZodType>;

export type TChainDetailsOf = { [F in TNetworkFamily]: z.infer<(typeof CHAIN_DETAILS_SCHEMAS)[F]> };
/** The details of any family, as stored. */
export type TChainDetails = TChainDetailsOf[TNetworkFamily];

/** The stored details of a payment of `family`, checked against its schema; throws on anything else. */
export function parseChainDetails<F extends TNetworkFamily>(family: F, value: unknown): TChainDetailsOf[F] {
  const parsed = CHAIN_DETAILS_SCHEMAS[family].safeParse(value);
  if (!parsed.success) {
    throw new Error(`chain details that do not fit the ${family} family: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as TChainDetailsOf[F];
}

/** Whether EVM details describe a forwarder deposit address (the flush job's payments). */
export const isForwarderDetails = (
  details: TEvmChainDetails,
): details is TEvmChainDetails & { depositSalt: string } => details.depositSalt !== undefined;
