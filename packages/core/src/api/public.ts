import { z } from 'zod';
import { NETWORK_IDS } from '../currencies.ts';
import { LANGUAGES } from '../options.ts';
import { T } from '../texts.ts';
import { ZEmail } from './auth.ts';

/** Days of live payments the landing page's settlement figures are measured over. */
export const SETTLEMENT_WINDOW_DAYS = 30;

/**
 * GET /public/overview: what the landing page shows (merchant spec section 1), each figure from the platform's
 * real configuration or measured data, never a marketing constant.
 */
export const ZPublicOverview = z.object({
  platformName: z.string(),
  /** Platform fee per successful transaction, percent, as an exact decimal string (admin fee structure "platform"). */
  feePercent: z.string(),
  /** The platform fee's minimum and maximum per payment, USD decimal strings; null when there is none. */
  feeMinimumUsd: z.string().nullable(),
  feeMaximumUsd: z.string().nullable(),
  /** Coins an admin gave their own fee (supported cryptocurrencies' fee_percentage) that differs from feePercent. */
  feeExceptions: z.array(
    z.object({
      symbol: z.string(),
      network: z.enum(NETWORK_IDS),
      networkName: z.string(),
      percent: z.string(),
    }),
  ),
  /** The system setting kyc_required: live payments wait for an admin's review of the account. */
  kycRequired: z.boolean(),
  /**
   * The system setting maintenance_mode (decision 020): while true, merchants' writes and new payment attempts are
   * refused (MAINTENANCE) and the merchant app shows a banner; payments under way are still watched and credited.
   */
  maintenanceMode: z.boolean(),
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
  /**
   * Settlement as measured: the median time from a live payment's first transfer seen on chain to its
   * confirmation, over the live payments confirmed in the last `windowDays` days (null without any), and per
   * network the confirmation rule (the confirmations its coins need) with its own median when measured.
   */
  settlement: z.object({
    windowDays: z.number().int(),
    medianSeconds: z.number().nullable(),
    payments: z.number().int(),
    networks: z.array(
      z.object({
        id: z.enum(NETWORK_IDS),
        name: z.string(),
        /** Fewest and most confirmations among the network's enabled coins. */
        confirmationsMin: z.number().int(),
        confirmationsMax: z.number().int(),
        medianSeconds: z.number().nullable(),
        payments: z.number().int(),
      }),
    ),
  }),
});
export type TPublicOverview = z.infer<typeof ZPublicOverview>;

/** The "Talk to Sales" form's limits: field lengths, and requests kept per client IP and hour. */
export const CONTACT_LIMITS = { name: 120, company: 160, message: 5000, perIpPerHour: 5 } as const;

/** One line of text: line breaks, tabs and runs of spaces become one space. */
const oneLine = (v: string) => v.replace(/\s+/g, ' ').trim();

/**
 * POST /public/contact-sales: the landing page's "Talk to Sales" form. `website` is a field people never see
 * (anti-spam): a request that fills it is answered like any other and dropped.
 */
export const ZContactSalesRequest = z
  .object({
    name: z
      .string({ error: T.contactNameRequired })
      .transform(oneLine)
      .pipe(
        z
          .string()
          .min(1, T.contactNameRequired)
          .max(CONTACT_LIMITS.name, T.contactNameTooLong(CONTACT_LIMITS.name)),
      ),
    email: ZEmail,
    company: z
      .string()
      .nullish()
      .transform((v) => (v ? oneLine(v) : ''))
      .pipe(z.string().max(CONTACT_LIMITS.company, T.contactCompanyTooLong(CONTACT_LIMITS.company)))
      .transform((v) => v || null),
    message: z
      .string({ error: T.contactMessageRequired })
      .trim()
      .min(1, T.contactMessageRequired)
      .max(CONTACT_LIMITS.message, T.contactMessageTooLong(CONTACT_LIMITS.message)),
    website: z.string().max(2048).optional(),
    /** The visitor's interface language, kept for the reply. */
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();
export type TContactSalesRequest = z.input<typeof ZContactSalesRequest>;

export const ZContactSalesReply = z.object({ received: z.literal(true) });
