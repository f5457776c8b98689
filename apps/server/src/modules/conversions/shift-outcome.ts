import type { ProviderShift } from './conversion-provider.ts';

/**
 * What a shift's status as the exchange reports it means for the payout (decision 024). SideShift's statuses:
 * waiting (no deposit), pending (deposit seen, awaiting its confirmations), processing, review (a person looks at
 * it), settling (the settle transaction sent), settled, refund (queued for refund), refunding, refunded, expired
 * (no deposit in time), multiple (several deposits: the first is settled, the others refunded).
 * - settled: the payout is completed with the settle transaction;
 * - refund, refunding, refunded: failed (the coins go back to the merchant's refund address); followed until
 *   refunded, then finished;
 * - expired: finished; failed when a deposit was seen (it is refunded), else nothing was paid and nothing is recorded;
 * - anything else: still under way.
 */
export type ShiftOutcome =
  | { kind: 'settled'; settleHash: string | null; settleAmount: string; depositHash: string | null }
  | { kind: 'refunded'; final: boolean; depositHash: string | null }
  | { kind: 'expired'; depositHash: string | null }
  | { kind: 'under_way'; depositHash: string | null };

const REFUND_STATUSES = new Set(['refund', 'refunding', 'refunded']);

export function shiftOutcome(shift: ProviderShift): ShiftOutcome {
  // Several deposits to a fixed shift: the first one is settled or refunded; it decides.
  const first = shift.status === 'multiple' ? shift.deposits[0] : undefined;
  const status = first?.status ?? shift.status;
  const depositHash = first?.depositHash ?? shift.depositHash;
  if (status === 'settled') {
    return {
      kind: 'settled',
      settleHash: first?.settleHash ?? shift.settleHash,
      settleAmount: first?.settleAmount ?? shift.settleAmount,
      depositHash,
    };
  }
  if (REFUND_STATUSES.has(status)) return { kind: 'refunded', final: status === 'refunded', depositHash };
  if (status === 'expired') return { kind: 'expired', depositHash };
  return { kind: 'under_way', depositHash };
}
