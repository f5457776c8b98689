/**
 * The messages between the embeddable checkout (/embed/payment/{linkId}, framed on a merchant's site) and the embed
 * script that framed it (embed.js). Shared by both sides; nothing in them is secret (the link id is in the host
 * page's own markup, the payment id names an attempt that anyone holding the link can see), and still the page
 * posts them only to the origin the embed script named in the frame's address.
 */

/** What the framed page tells the host page: an attempt reached an end the shop may want to react to. */
export const PAYMENT_EVENTS = ['payment.confirmed', 'payment.expired', 'payment.failed'] as const;
export type TPaymentEventType = (typeof PAYMENT_EVENTS)[number];

export type TEmbedMessage =
  | { source: 'coinlane'; type: TPaymentEventType; linkId: string; paymentId: string; status: string }
  /** The customer pressed Escape inside the frame (the host page never sees keys pressed there). */
  | { source: 'coinlane'; type: 'checkout.close'; linkId: string };

/** The query parameter carrying the host page's origin, the only target the framed page posts to. */
export const PARENT_ORIGIN_PARAM = 'origin';

/** An http(s) origin exactly as `location.origin` spells it, or null (file: pages have the opaque origin "null"). */
export function parseOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** A message of the framed page's kind for this link, or null for anything else posted to the window. */
export function readEmbedMessage(data: unknown, linkId: string): TEmbedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.source !== 'coinlane' || m.linkId !== linkId) return null;
  if (m.type === 'checkout.close') return { source: 'coinlane', type: 'checkout.close', linkId };
  if (
    (PAYMENT_EVENTS as readonly unknown[]).includes(m.type) &&
    typeof m.paymentId === 'string' &&
    typeof m.status === 'string'
  ) {
    return {
      source: 'coinlane',
      type: m.type as TPaymentEventType,
      linkId,
      paymentId: m.paymentId,
      status: m.status,
    };
  }
  return null;
}
