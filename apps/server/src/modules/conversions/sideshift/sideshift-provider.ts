import type { ConversionProvider } from '../conversion-provider.ts';
import { createFixedShift } from './create-fixed-shift.ts';
import { getShift } from './get-shift.ts';
import { requestQuote } from './request-quote.ts';
import { sideshiftSupports } from './sideshift-coins.ts';
import { SIDESHIFT_ID, SIDESHIFT_NAME, type SideShiftClient } from './sideshift-request.ts';

/** SideShift's public v2 REST API as Coinlane's conversion provider (config.sideshift). */
export function createSideShiftProvider(client: SideShiftClient): ConversionProvider {
  return {
    id: SIDESHIFT_ID,
    name: SIDESHIFT_NAME,
    canCreate: !!client.secret && !!client.affiliateId,
    supports: sideshiftSupports,
    quote: (request) => requestQuote(client, request),
    createFixedShift: (request) => createFixedShift(client, request),
    getShift: (id) => getShift(client, id),
  };
}
