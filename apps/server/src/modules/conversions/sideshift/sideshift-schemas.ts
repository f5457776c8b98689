import { z } from 'zod';

/*
 * SideShift's v2 replies, as its API reference documents them (docs.sideshift.ai, "Endpoints v2"): amounts and rates
 * are decimal strings, times ISO 8601. Only the fields Coinlane reads are checked; others are ignored.
 */

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal amount');
const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO 8601 time');
/** A field the API leaves out in some states (hashes before settlement): absent, null or a string. */
const maybe = z.string().nullish();

/** POST /v2/quotes */
export const ZSideShiftQuote = z.object({
  id: z.string().min(1),
  depositCoin: z.string(),
  depositNetwork: z.string(),
  settleCoin: z.string(),
  settleNetwork: z.string(),
  depositAmount: decimal,
  settleAmount: decimal,
  rate: decimal,
  expiresAt: isoTime,
});

const ZDeposit = z.object({
  status: z.string(),
  depositHash: maybe,
  settleHash: maybe,
  depositAmount: decimal.nullish(),
  settleAmount: decimal.nullish(),
});

/** POST /v2/shifts/fixed and GET /v2/shifts/{shiftId} (a fixed shift). */
export const ZSideShiftShift = z.object({
  id: z.string().min(1),
  type: z.literal('fixed'),
  depositCoin: z.string(),
  depositNetwork: z.string(),
  settleCoin: z.string(),
  settleNetwork: z.string(),
  depositAddress: z.string().min(1),
  depositMemo: maybe,
  settleAddress: z.string().min(1),
  refundAddress: maybe,
  quoteId: maybe,
  depositAmount: decimal,
  settleAmount: decimal,
  rate: decimal,
  expiresAt: isoTime,
  status: z.string().min(1),
  averageShiftSeconds: z.union([decimal, z.number()]).nullish(),
  depositHash: maybe,
  settleHash: maybe,
  issue: maybe,
  deposits: z.array(ZDeposit).nullish(),
});

/** An error reply: `{ "error": { "message": "..." } }`. */
export const ZSideShiftError = z.object({
  error: z.object({ message: z.string(), code: z.string().nullish() }),
});
