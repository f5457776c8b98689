import type { z } from 'zod';
import type { ProviderShift } from '../conversion-provider.ts';
import type { ZSideShiftShift } from './sideshift-schemas.ts';

/** A SideShift fixed shift as the provider interface gives it. */
export function presentSideShiftShift(shift: z.infer<typeof ZSideShiftShift>): ProviderShift {
  const average = shift.averageShiftSeconds == null ? null : Number(shift.averageShiftSeconds);
  return {
    id: shift.id,
    status: shift.status,
    depositAddress: shift.depositAddress,
    depositAmount: shift.depositAmount,
    settleAddress: shift.settleAddress,
    settleAmount: shift.settleAmount,
    rate: shift.rate,
    refundAddress: shift.refundAddress ?? null,
    quoteId: shift.quoteId ?? null,
    expiresAt: new Date(shift.expiresAt),
    depositHash: shift.depositHash ?? null,
    settleHash: shift.settleHash ?? null,
    averageShiftSeconds: average !== null && Number.isFinite(average) ? average : null,
    issue: shift.issue ?? null,
    deposits: (shift.deposits ?? []).map((d) => ({
      status: d.status,
      depositHash: d.depositHash ?? null,
      settleHash: d.settleHash ?? null,
      depositAmount: d.depositAmount ?? null,
      settleAmount: d.settleAmount ?? null,
    })),
  };
}
