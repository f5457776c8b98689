import { randomBytes } from 'node:crypto';
import type { Config } from '#app/config.ts';
import { openSecret, sealSecret } from '#app/lib/secret-box.ts';
import type { EndpointRow } from './queries.ts';

/** A new signing secret: `whsec_` + 32 random bytes (base64url). */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Sealed under APP_SECRET_KEY, bound to the endpoint id. */
export const sealEndpointSecret = (config: Config, endpointId: string, secret: string) =>
  sealSecret(config.appSecretKey, secret, `webhook_endpoint:${endpointId}`);

export const openEndpointSecret = (config: Config, endpoint: Pick<EndpointRow, 'id' | 'secret_sealed'>) =>
  openSecret(config.appSecretKey, endpoint.secret_sealed, `webhook_endpoint:${endpoint.id}`);
