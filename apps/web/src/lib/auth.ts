import type { TSessionUser } from '@coinlane/core/api/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../app/paths.ts';
import { ApiError, api } from './api-client.ts';

export const sessionKey = ['session'] as const;
const ADMIN_CACHE = (id: string) => `coinlane.admin.${id}`;

type CachedAdmin = Pick<TSessionUser, 'isAdmin' | 'adminRole' | 'permissions'>;

/**
 * The signed-in user, or null. Admin status is cached per user id in browser storage (admin spec 6): when the
 * session read fails or takes over 3 s, the cached admin data of the last known user is used.
 */
async function fetchSession(): Promise<TSessionUser | null> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), 10_000);
  try {
    // A guest gets 200 with user null here, not a 401 that every anonymous page would log as an error.
    const data = await api<{ user: TSessionUser | null }>('/auth/current-user', {
      signal: ctrl.signal,
      redirectOn401: false,
    });
    if (!data.user) return null;
    const { isAdmin, adminRole, permissions } = data.user;
    try {
      localStorage.setItem(ADMIN_CACHE(data.user.id), JSON.stringify({ isAdmin, adminRole, permissions }));
      localStorage.setItem('coinlane.lastUser', data.user.id);
    } catch {}
    return data.user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

export function cachedAdmin(userId: string): CachedAdmin | null {
  try {
    const raw = localStorage.getItem(ADMIN_CACHE(userId));
    return raw ? (JSON.parse(raw) as CachedAdmin) : null;
  } catch {
    return null;
  }
}

export function clearAdminCache(userId?: string) {
  try {
    const id = userId ?? localStorage.getItem('coinlane.lastUser');
    if (id) localStorage.removeItem(ADMIN_CACHE(id));
    localStorage.removeItem('coinlane.lastUser');
  } catch {}
}

export function useSession() {
  const q = useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000, retry: 1 });
  return { user: q.data ?? null, loading: q.isPending, error: q.error, refetch: q.refetch };
}

/** Signs out; the user reaches /login even when the call fails (merchant spec 2). */
export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    const user = qc.getQueryData<TSessionUser | null>(sessionKey);
    try {
      await api('/auth/logout', { method: 'POST', redirectOn401: false });
    } catch {
      // sign-out goes on locally whatever the server said
    }
    clearAdminCache(user?.id);
    qc.setQueryData(sessionKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    window.location.assign(paths.login);
  };
}

export function useSwitchMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mode: 'test' | 'live') =>
      api<{ user: TSessionUser }>('/auth/mode', { method: 'POST', body: { mode } }),
    onSuccess: (data) => {
      qc.setQueryData(sessionKey, data.user);
      // Every merchant list is per mode: refetch them.
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}
