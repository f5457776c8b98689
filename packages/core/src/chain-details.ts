import { z } from 'zod';
import type { TNetworkFamily } from './currencies.ts';
import { ZNoChainDetails } from './families/family.ts';
import { coreFamilyOf, type TChainDetailsOf } from './families/index.ts';

/**
 * A payment's chain details (`payments.chain_details`): the facts of its network family about how it is paid,
 * fixed when the payment is created. One schema per family, the `chainDetails` of its object in families/; the
 * payments table has no column of any family, so a new family brings its schema there, not columns here. Stored
 * details are parsed when read (parseChainDetails): a row that does not fit its family's schema fails loudly
 * instead of being read as "no details".
 */

export { type TEvmChainDetails, ZEvmChainDetails } from './families/evm/evm-family.ts';
export { type TNoChainDetails, ZNoChainDetails } from './families/family.ts';
export type { TChainDetailsOf };

/** The details of any family, as stored. */
export type TChainDetails = TChainDetailsOf[TNetworkFamily];

/** The stored details of a payment of `family`, checked against its schema; throws on anything else. */
export function parseChainDetails<F extends TNetworkFamily>(family: F, value: unknown): TChainDetailsOf[F] {
  const schema: z.ZodType = coreFamilyOf(family)?.chainDetails ?? ZNoChainDetails;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`chain details that do not fit the ${family} family: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as TChainDetailsOf[F];
}
