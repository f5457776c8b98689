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

/** How long a rotated secret keeps signing beside the new one: time for the merchant to deploy the new one. */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

type SecretColumns = Pick<
  EndpointRow,
  'id' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_expires_at'
>;

/** When the secret before the last rotation stops signing; null when there is none, or it has stopped by `now`. */
export const previousSecretExpiry = (endpoint: SecretColumns, now: Date): Date | null =>
  endpoint.previous_secret_sealed &&
  endpoint.previous_secret_expires_at &&
  endpoint.previous_secret_expires_at.getTime() > now.getTime()
    ? endpoint.previous_secret_expires_at
    : null;

/**
 * The secrets a delivery sent at `now` is signed with: the current one first, then the one it replaced while
 * that is within its 24 hours (decision 004). Read at send time, so a retry after the overlap carries one.
 */
export function activeEndpointSecrets(config: Config, endpoint: SecretColumns, now: Date): string[] {
  const current = openEndpointSecret(config, endpoint);
  const previous = previousSecretExpiry(endpoint, now) ? endpoint.previous_secret_sealed : null;
  if (!previous) return [current];
  return [current, openSecret(config.appSecretKey, previous, `webhook_endpoint:${endpoint.id}`)];
}
