/**
 * The hosted page's half of a payment link's return URL (return-url.ts has the rules the API checks): what the page
 * navigates to. A file of its own so that the payment page's bundle carries these few lines, not the checks.
 */

/** The query parameter the hosted page appends to the return URL: the payment's id. */
export const RETURN_URL_PAYMENT_PARAM = 'coinlane_payment';

/**
 * Where the page sends the customer: the return URL with `coinlane_payment=<id>` added to its query (before any
 * #fragment). The query the merchant wrote is kept byte for byte (a shop's signed parameters still verify): the
 * parameter is appended, never re-serialised through URLSearchParams. Null when the URL cannot be read as an
 * http(s) URL (the server never stores one).
 */
export function returnUrlWithPayment(returnUrl: string, paymentId: string): string | null {
  let u: URL;
  try {
    u = new URL(returnUrl);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const param = `${RETURN_URL_PAYMENT_PARAM}=${encodeURIComponent(paymentId)}`;
  u.search = u.search.length > 1 ? `${u.search}&${param}` : `?${param}`;
  return u.href;
}
