import {
  ConversionProviderError,
  type FixedShiftRequest,
  type ProviderShift,
} from '../conversion-provider.ts';
import { presentSideShiftShift } from './present-shift.ts';
import { SIDESHIFT_ID, SIDESHIFT_NAME, type SideShiftClient, sideshiftRequest } from './sideshift-request.ts';
import { ZSideShiftShift } from './sideshift-schemas.ts';

/**
 * POST /v2/shifts/fixed: the shift of a quote, settling to `settleAddress` and refunding to `refundAddress`
 * (SideShift then refunds a bad deposit by itself, without asking anyone). The reply must carry the addresses given
 * and no deposit memo (a Bitcoin-family deposit never has one: a memo would be a deposit Coinlane cannot ask for).
 */
export async function createFixedShift(
  client: SideShiftClient,
  request: FixedShiftRequest,
): Promise<ProviderShift> {
  if (!client.secret || !client.affiliateId) {
    throw new ConversionProviderError(SIDESHIFT_ID, 'not_configured', `${SIDESHIFT_NAME} is not configured`);
  }
  const shift = await sideshiftRequest(client, {
    method: 'POST',
    path: '/shifts/fixed',
    customerIp: request.customerIp,
    body: {
      affiliateId: client.affiliateId,
      quoteId: request.quoteId,
      settleAddress: request.settleAddress,
      refundAddress: request.refundAddress,
      externalId: request.externalId,
    },
    schema: ZSideShiftShift,
  });
  const wrong =
    shift.quoteId && shift.quoteId !== request.quoteId
      ? 'another quote'
      : shift.settleAddress !== request.settleAddress
        ? 'another settle address'
        : shift.refundAddress && shift.refundAddress !== request.refundAddress
          ? 'another refund address'
          : shift.depositMemo
            ? 'a deposit memo'
            : null;
  if (wrong) {
    throw new ConversionProviderError(
      SIDESHIFT_ID,
      'bad_reply',
      `${SIDESHIFT_NAME} created a shift with ${wrong} than asked`,
    );
  }
  return presentSideShiftShift(shift);
}
