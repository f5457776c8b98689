import { ConversionProviderError, type ProviderQuote, type QuoteRequest } from '../conversion-provider.ts';
import { sideshiftCoin, sideshiftNetwork } from './sideshift-coins.ts';
import { SIDESHIFT_ID, SIDESHIFT_NAME, type SideShiftClient, sideshiftRequest } from './sideshift-request.ts';
import { ZSideShiftQuote } from './sideshift-schemas.ts';

/**
 * POST /v2/quotes: a fixed rate for exactly `depositAmount` of the deposit coin, valid until its `expiresAt`
 * (15 minutes at SideShift). The reply must be the pair asked for.
 */
export async function requestQuote(client: SideShiftClient, request: QuoteRequest): Promise<ProviderQuote> {
  const depositNetwork = sideshiftNetwork(request.from.network);
  const settleNetwork = sideshiftNetwork(request.to.network);
  if (!client.secret || !client.affiliateId) {
    throw new ConversionProviderError(SIDESHIFT_ID, 'not_configured', `${SIDESHIFT_NAME} is not configured`);
  }
  if (!depositNetwork || !settleNetwork) {
    throw new ConversionProviderError(SIDESHIFT_ID, 'unsupported', `${SIDESHIFT_NAME} has no such network`);
  }
  const quote = await sideshiftRequest(client, {
    method: 'POST',
    path: '/quotes',
    customerIp: request.customerIp,
    body: {
      affiliateId: client.affiliateId,
      depositCoin: sideshiftCoin(request.from.currency),
      depositNetwork,
      settleCoin: sideshiftCoin(request.to.currency),
      settleNetwork,
      depositAmount: request.depositAmount,
    },
    schema: ZSideShiftQuote,
  });
  if (
    quote.depositCoin.toUpperCase() !== sideshiftCoin(request.from.currency) ||
    quote.settleCoin.toUpperCase() !== sideshiftCoin(request.to.currency) ||
    quote.depositNetwork !== depositNetwork ||
    quote.settleNetwork !== settleNetwork
  ) {
    throw new ConversionProviderError(
      SIDESHIFT_ID,
      'bad_reply',
      `${SIDESHIFT_NAME} quoted another pair (${quote.depositCoin}/${quote.depositNetwork} to ${quote.settleCoin}/${quote.settleNetwork})`,
    );
  }
  return {
    id: quote.id,
    depositAmount: quote.depositAmount,
    settleAmount: quote.settleAmount,
    rate: quote.rate,
    expiresAt: new Date(quote.expiresAt),
  };
}
