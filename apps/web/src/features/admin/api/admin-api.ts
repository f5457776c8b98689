import type { TAccountEvent } from '@coinlane/core/account-status';
import type { TAdminUser, TBulkUserActionResult, ZUpdateAdminUserRequest } from '@coinlane/core/api/admin';
import type { TAdminRole } from '@coinlane/core/permissions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** A user row of GET /admin/users, with its transaction figures (its KYC documents: GET /admin/users/:id/kyc). */
export type TUserRow = TAdminUser;

export const adminUsersKey = ['admin', 'users'] as const;

export const fetchUsers = (signal?: AbortSignal) => api<TUserRow[]>('/admin/users', { signal });

export const changeUserStatus = (id: string, action: TAccountEvent) =>
  api<TUserRow>(`/admin/users/${encodeURIComponent(id)}/${action}`, { method: 'POST' });

/** The body of PUT /admin/users/:id as sent: a field left out is kept, an empty string clears it. */
export type TUserDetailsChanges = z.input<typeof ZUpdateAdminUserRequest>;

/** Edit Details: only the fields given change. */
export const updateUserDetails = (id: string, body: TUserDetailsChanges) =>
  api<TUserRow>(`/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** Gives the account an admin role, or takes it away (null: a merchant again). */
export const setAdminRole = (id: string, role: TAdminRole | null) =>
  api<TUserRow>(`/admin/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role } });

/** DELETE /admin/users/:id: the account is anonymised (its money records stay). */
export const deleteUser = (id: string) =>
  api<{ id: string; deleted: true }>(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const bulkChangeUserStatus = (ids: string[], action: TAccountEvent) =>
  api<TBulkUserActionResult>('/admin/users/bulk', { body: { ids, action } });
