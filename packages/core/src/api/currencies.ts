import { z } from 'zod';

/** One coin a merchant can be paid in, with its enabled networks in the order offered (first = default). */
export const ZCurrencyOption = z.object({
  symbol: z.string(),
  name: z.string(),
  networks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      decimals: z.number().int(),
      requiredConfirmations: z.number().int(),
      /** Typical fee and speed (merchant spec 9), when known. */
      feeText: z.string().nullable(),
      speedText: z.string().nullable(),
    }),
  ),
});
export type TCurrencyOption = z.infer<typeof ZCurrencyOption>;
