/// <reference types="node" />
import { createHmac, randomBytes } from 'node:crypto';

/** A signing secret for one listen session, in the form of an endpoint's: `whsec_` + 32 random bytes. */
export const generateSessionSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The `Coinlane-Signature` header of a delivery, as the server writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<body>">`, so that verifyWebhook (or any receiver of real deliveries) checks it unchanged.
 */
export function signBody(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
