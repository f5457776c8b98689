import type { FastifyRequest } from 'fastify';
import { authOf } from '#app/modules/auth/caller.ts';

/** Who caused a payment change, for the audit row. */
export type PaymentActor = {
  type: 'user' | 'admin' | 'api_key' | 'system';
  id: string | null;
  ip: string | null;
};

export const SYSTEM_ACTOR: PaymentActor = { type: 'system', id: null, ip: null };

/** The signed-in caller as an actor: a session's user, or an API key. */
export function actorOf(req: FastifyRequest): PaymentActor {
  const auth = authOf(req);
  return auth.kind === 'api_key'
    ? { type: 'api_key', id: auth.keyId, ip: req.ip }
    : { type: 'user', id: auth.user.id, ip: req.ip };
}

/**
 * An anonymous payer on the hosted page. No IP: the customer's IP is kept on the payment only (customer_ip, deleted
 * after CUSTOMER_IP_RETENTION_DAYS), never in the audit log (decision 021).
 */
export const PAYER_ACTOR: PaymentActor = { type: 'system', id: null, ip: null };
