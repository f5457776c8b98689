import type {
  TCreatedWallet,
  TCreateWalletRequest,
  TWallet,
  TWalletCodeSent,
  TWalletList,
} from '@coinlane/core/api/wallets';
import { api } from '../../../lib/api-client.ts';

/** Wallets are account-wide: the same list in test and live mode. */
export const walletsKey = ['wallets'] as const;

export const fetchWallets = () => api<TWalletList>('/wallets');
export const createWallet = (body: TCreateWalletRequest) =>
  api<TCreatedWallet>('/wallets', { method: 'POST', body });
export const sendWalletCode = (id: string) =>
  api<TWalletCodeSent>(`/wallets/${encodeURIComponent(id)}/verify`, { method: 'POST' });
export const confirmWalletCode = (id: string, code: string) =>
  api<TWallet>(`/wallets/${encodeURIComponent(id)}/verify/confirm`, { method: 'POST', body: { code } });
export const setDefaultWallet = (id: string) =>
  api<TWallet>(`/wallets/${encodeURIComponent(id)}/default`, { method: 'POST' });
export const deleteWallet = (id: string) =>
  api<{ id: string; deleted: true }>(`/wallets/${encodeURIComponent(id)}`, { method: 'DELETE' });
