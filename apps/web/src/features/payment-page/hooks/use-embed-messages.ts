import type { TPaymentStatus } from '@coinlane/core/payment-status';
import { useEffect, useRef } from 'react';
import {
  PARENT_ORIGIN_PARAM,
  parseOrigin,
  type TEmbedMessage,
  type TPaymentEventType,
} from '../../../embed/protocol.ts';

/**
 * The host page's origin when this page runs as the embeddable checkout inside another site's frame, as the embed
 * script named it in the address; null otherwise (not framed, or no usable origin: then nothing is posted).
 */
export function embedParentOrigin(search: string): string | null {
  if (window.parent === window) return null;
  return parseOrigin(new URLSearchParams(search).get(PARENT_ORIGIN_PARAM));
}

const EVENT_OF: Partial<Record<TPaymentStatus, TPaymentEventType>> = {
  confirmed: 'payment.confirmed',
  expired: 'payment.expired',
  failed: 'payment.failed',
};

/**
 * In the embeddable checkout: tells the host page (postMessage to its exact origin, never '*') when the attempt is
 * confirmed, expires or fails, once each, and asks it to close the overlay when Escape is pressed inside the frame.
 * The host learns only what its own page already shows the customer; the shop fulfils on the signed webhook.
 */
export function useEmbedMessages({
  parentOrigin,
  linkId,
  paymentId,
  status,
}: {
  parentOrigin: string | null;
  linkId: string;
  paymentId: string | null;
  status: TPaymentStatus;
}) {
  const sent = useRef(new Set<string>());
  const type = EVENT_OF[status];
  useEffect(() => {
    if (!parentOrigin || !paymentId || !type) return;
    const key = `${paymentId}:${type}`;
    if (sent.current.has(key)) return;
    sent.current.add(key);
    const message: TEmbedMessage = { source: 'coinlane', type, linkId, paymentId, status };
    window.parent.postMessage(message, parentOrigin);
  }, [parentOrigin, linkId, paymentId, type, status]);

  useEffect(() => {
    if (!parentOrigin) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const message: TEmbedMessage = { source: 'coinlane', type: 'checkout.close', linkId };
      window.parent.postMessage(message, parentOrigin);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [parentOrigin, linkId]);
}
