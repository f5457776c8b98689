import type {
  TApiKey,
  TApiKeyList,
  TCreateApiKeyRequest,
  TCreatedApiKey,
  TDeletedApiKey,
  TUpdateApiKeyRequest,
} from '@coinlane/core/api/api-keys';
import { api } from '../../../lib/api-client.ts';

/** The keys of the session's current mode; switching mode refetches every merchant query (lib/auth.ts). */
export const apiKeysKey = ['api-keys'] as const;

export const fetchApiKeys = () => api<TApiKeyList>('/api-keys');

export const createApiKey = (body: TCreateApiKeyRequest) =>
  api<TCreatedApiKey>('/api-keys', { method: 'POST', body });

export const updateApiKey = (id: string, body: TUpdateApiKeyRequest) =>
  api<TApiKey>(`/api-keys/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const deleteApiKey = (id: string) =>
  api<TDeletedApiKey>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const rotateApiKey = (id: string) =>
  api<TCreatedApiKey>(`/api-keys/${encodeURIComponent(id)}/rotate`, { method: 'POST' });
