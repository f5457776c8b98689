import { DEFAULT_PASSWORD_POLICY, type TPasswordPolicy } from '@coinlane/core/api/auth';
import { useQuery } from '@tanstack/react-query';
import { authConfigKey, fetchAuthConfig } from '../api/auth-api.ts';

/** The public auth configuration: password policy and whether sign-up is open. */
export function useAuthConfig() {
  const q = useQuery({ queryKey: authConfigKey, queryFn: fetchAuthConfig, staleTime: 5 * 60_000, retry: 1 });
  const policy: TPasswordPolicy = q.data
    ? { minLength: q.data.passwordMinLength, requireSpecial: q.data.passwordRequireSpecial }
    : DEFAULT_PASSWORD_POLICY;
  return { config: q.data, policy, loading: q.isPending, error: q.error, refetch: q.refetch };
}
