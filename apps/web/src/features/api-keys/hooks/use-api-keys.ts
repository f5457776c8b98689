import type { TApiKeyList, TCreateApiKeyRequest, TUpdateApiKeyRequest } from '@coinlane/core/api/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeysKey,
  createApiKey,
  deleteApiKey,
  fetchApiKeys,
  rotateApiKey,
  updateApiKey,
} from '../api/api-keys-api.ts';

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: fetchApiKeys });
}

/** Create, edit, rotate and delete; the list is refetched after each (merchant spec 7). */
export function useApiKeyMutations() {
  const qc = useQueryClient();
  const refetch = () => qc.invalidateQueries({ queryKey: apiKeysKey });
  return {
    create: useMutation({
      mutationFn: (body: TCreateApiKeyRequest) => createApiKey(body),
      onSuccess: refetch,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TUpdateApiKeyRequest }) => updateApiKey(id, body),
      onSuccess: (key) => {
        qc.setQueryData<TApiKeyList>(apiKeysKey, (list) => list?.map((k) => (k.id === key.id ? key : k)));
        return refetch();
      },
    }),
    rotate: useMutation({ mutationFn: (id: string) => rotateApiKey(id), onSuccess: refetch }),
    remove: useMutation({
      mutationFn: (id: string) => deleteApiKey(id),
      onSuccess: (_res, id) => {
        qc.setQueryData<TApiKeyList>(apiKeysKey, (list) => list?.filter((k) => k.id !== id));
        return refetch();
      },
    }),
  };
}
