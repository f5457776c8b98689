import type { TCreateWalletRequest } from '@coinlane/core/api/wallets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmWalletCode,
  createWallet,
  deleteWallet,
  fetchWallets,
  sendWalletCode,
  setDefaultWallet,
  walletsKey,
} from '../api/wallets-api.ts';

export function useWallets() {
  return useQuery({ queryKey: walletsKey, queryFn: fetchWallets });
}

/** Add, verify, make default, delete; the list is refetched after each. */
export function useWalletMutations() {
  const qc = useQueryClient();
  const refetch = () => qc.invalidateQueries({ queryKey: walletsKey });
  return {
    create: useMutation({
      mutationFn: (body: TCreateWalletRequest) => createWallet(body),
      onSuccess: refetch,
    }),
    sendCode: useMutation({ mutationFn: (id: string) => sendWalletCode(id) }),
    confirm: useMutation({
      mutationFn: ({ id, code }: { id: string; code: string }) => confirmWalletCode(id, code),
      onSuccess: refetch,
    }),
    makeDefault: useMutation({ mutationFn: (id: string) => setDefaultWallet(id), onSuccess: refetch }),
    remove: useMutation({ mutationFn: (id: string) => deleteWallet(id), onSuccess: refetch }),
  };
}
