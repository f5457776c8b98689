import { z } from 'zod';
import { NETWORK_IDS } from '../currencies.ts';

/** GET /public/overview: what the landing page shows (merchant spec section 1). */
export const ZPublicOverview = z.object({
  platformName: z.string(),
  /** Platform fee per successful transaction, percent, as an exact decimal string. */
  feePercent: z.string(),
  coins: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      featured: z.boolean(),
      networks: z.array(z.object({ id: z.enum(NETWORK_IDS), name: z.string() })),
    }),
  ),
  coinCount: z.number().int(),
  networkCount: z.number().int(),
});
export type TPublicOverview = z.infer<typeof ZPublicOverview>;
