import { useQuery } from '@tanstack/react-query';
import { adminUsersKey, fetchUsers } from '../api/admin-api.ts';

/** Every user at once (admin spec 9: no paging). */
export function useAdminUsers() {
  return useQuery({ queryKey: adminUsersKey, queryFn: ({ signal }) => fetchUsers(signal) });
}
