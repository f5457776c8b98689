import type { ProviderShift } from '../conversion-provider.ts';
import { presentSideShiftShift } from './present-shift.ts';
import { type SideShiftClient, sideshiftRequest } from './sideshift-request.ts';
import { ZSideShiftShift } from './sideshift-schemas.ts';

/** GET /v2/shifts/{shiftId}: the shift as SideShift sees it now (its status, and the hashes once known). */
export async function getShift(client: SideShiftClient, id: string): Promise<ProviderShift> {
  const shift = await sideshiftRequest(client, {
    method: 'GET',
    path: `/shifts/${encodeURIComponent(id)}`,
    schema: ZSideShiftShift,
  });
  return presentSideShiftShift(shift);
}
