import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminUsersKey, fetchUsers, type TUserRow } from '../api/admin-api.ts';

/** Every user at once (admin spec 9: no paging). */
export function useAdminUsers() {
  return useQuery({ queryKey: adminUsersKey, queryFn: ({ signal }) => fetchUsers(signal) });
}

/**
 * Puts rows the server answered with (after approve, suspend, Edit Details, a role change) into the cached list,
 * in place: the table and an open details dialog show them at once, without reading the whole list again.
 */
export function useMergeUsers() {
  const qc = useQueryClient();
  return useCallback(
    (updated: readonly TUserRow[]) => {
      const byId = new Map(updated.map((u) => [u.id, u]));
      qc.setQueryData<TUserRow[]>(adminUsersKey, (list) => list?.map((u) => ({ ...u, ...byId.get(u.id) })));
    },
    [qc],
  );
}
