import type { FastifyRequest } from 'fastify';
import { authOf } from '#app/modules/auth/caller.ts';

/** Who caused a payment change, for the audit row. */
export type PaymentActor = {
  type: 'user' | 'admin' | 'api_key' | 'pos_device' | 'system';
  id: string | null;
  ip: string | null;
};

export const SYSTEM_ACTOR: PaymentActor = { type: 'system', id: null, ip: null };

/** The signed-in caller as an actor: a session's user, an API key or a point-of-sale device. */
export function actorOf(req: FastifyRequest): PaymentActor {
  const auth = authOf(req);
  if (auth.kind === 'api_key') return { type: 'api_key', id: auth.keyId, ip: req.ip };
  // a point-of-sale device (decision 026): the audit row names the device
  if (auth.kind === 'device') return { type: 'pos_device', id: auth.deviceId, ip: req.ip };
  return { type: 'user', id: auth.user.id, ip: req.ip };
}

/**
 * An anonymous payer on the hosted page. No IP: the customer's IP is kept on the payment only (customer_ip, deleted
 * after CUSTOMER_IP_RETENTION_DAYS), never in the audit log (decision 021).
 */
export const PAYER_ACTOR: PaymentActor = { type: 'system', id: null, ip: null };
