import {
  ZAdminUser,
  ZAdminUserList,
  ZBulkUserActionRequest,
  ZBulkUserActionResult,
  ZFeeStructure,
  ZFeeStructureList,
  ZFeeTypeParams,
  ZSetAdminRoleRequest,
  ZSystemSettings,
  ZUpdateAdminUserRequest,
  ZUpdateFeeStructureRequest,
  ZUpdateSystemSettingsRequest,
  ZUserIdParams,
} from '@coinlane/core/api/admin';
import { ZAuditPage, ZAuditQuery } from '@coinlane/core/api/audit';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAdmin } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { listFeeStructures, updateFeeStructure } from '#app/modules/fees/fee-structures.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { bulkChangeUserStatus } from './bulk-change-user-status.ts';
import { changeUserStatus } from './change-user-status.ts';
import { deleteUser } from './delete-user.ts';
import { getAuditLog } from './get-audit-log.ts';
import { listUsers } from './list-users.ts';
import { setAdminRole } from './set-admin-role.ts';
import { updateSystemSettings } from './update-system-settings.ts';
import { updateUserDetails } from './update-user-details.ts';

/**
 * The back-office API, under /api/v1/admin. Every route names its permission and is checked on the server
 * before the request body is even parsed (onRequest): 401 anonymous, 403 non-admin or missing permission.
 * Departure from the spec's route table (which gates System Settings by settings.read): the fee structures are
 * also open to settings.fees, the one permission of finance_admin for them (decision 016).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      onRequest: requireAdmin('users.read'),
      schema: {
        summary: 'List every account, newest first (users.read)',
        response: { 200: envelope(ZAdminUserList) },
      },
    },
    async () => ok(await listUsers({ db: app.db })),
  );

  app.post(
    '/users/:id/approve',
    {
      onRequest: requireAdmin('users.write'),
      schema: {
        summary: 'Approve a pending account (users.write)',
        params: ZUserIdParams,
        response: { 200: envelope(ZAdminUser) },
      },
    },
    async (req) =>
      ok(
        await changeUserStatus({
          db: app.db,
          actor: authOf(req).user,
          userId: req.params.id,
          action: 'approve',
          ip: req.ip,
        }),
      ),
  );

  app.post(
    '/users/:id/suspend',
    {
      onRequest: requireAdmin('users.write'),
      schema: {
        summary: 'Suspend an active account and end its sessions (users.write)',
        params: ZUserIdParams,
        response: { 200: envelope(ZAdminUser) },
      },
    },
    async (req) =>
      ok(
        await changeUserStatus({
          db: app.db,
          actor: authOf(req).user,
          userId: req.params.id,
          action: 'suspend',
          ip: req.ip,
        }),
      ),
  );

  app.put(
    '/users/:id',
    {
      onRequest: requireAdmin('users.write'),
      schema: {
        summary:
          "Edit an account's name, business name, business type and country (users.write; admin.manage for an administrator)",
        params: ZUserIdParams,
        body: ZUpdateAdminUserRequest,
        response: { 200: envelope(ZAdminUser) },
      },
    },
    async (req) =>
      ok(
        await updateUserDetails({
          db: app.db,
          actor: authOf(req).user,
          userId: req.params.id,
          changes: req.body,
          ip: req.ip,
        }),
      ),
  );

  app.put(
    '/users/:id/role',
    {
      onRequest: requireAdmin('admin.manage'),
      schema: {
        summary:
          'Give an account an admin role, or take it away with null (admin.manage; never the last super_admin)',
        params: ZUserIdParams,
        body: ZSetAdminRoleRequest,
        response: { 200: envelope(ZAdminUser) },
      },
    },
    async (req) =>
      ok(
        await setAdminRole({
          db: app.db,
          actor: authOf(req).user,
          userId: req.params.id,
          role: req.body.role,
          ip: req.ip,
        }),
      ),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: requireAdmin('users.delete'),
      schema: {
        summary:
          'Delete an account by anonymising it: personal details erased, sign-in and API keys ended, money records kept (users.delete; admin.manage for an administrator)',
        params: ZUserIdParams,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (req) =>
      ok(await deleteUser({ db: app.db, actor: authOf(req).user, userId: req.params.id, ip: req.ip })),
  );

  app.post(
    '/users/bulk',
    {
      onRequest: requireAdmin('users.write'),
      schema: {
        summary: 'Approve or suspend many accounts (users.write)',
        body: ZBulkUserActionRequest,
        response: { 200: envelope(ZBulkUserActionResult) },
      },
    },
    async (req) =>
      ok(
        await bulkChangeUserStatus({
          db: app.db,
          actor: authOf(req).user,
          ids: req.body.ids,
          action: req.body.action,
          ip: req.ip,
        }),
      ),
  );

  app.get(
    '/audit',
    {
      onRequest: requireAdmin('admin.manage'),
      schema: {
        summary: 'The audit log, newest first, filtered, 50 per page with a cursor (admin.manage)',
        querystring: ZAuditQuery,
        response: { 200: envelope(ZAuditPage) },
      },
    },
    async (req) => ok(await getAuditLog({ db: app.db, query: req.query })),
  );

  app.get(
    '/settings',
    {
      onRequest: requireAdmin('settings.read'),
      schema: {
        summary: 'All system settings (settings.read)',
        response: { 200: envelope(ZSystemSettings) },
      },
    },
    async () => ok(await getSystemSettings({ db: app.db })),
  );

  app.put(
    '/settings',
    {
      onRequest: requireAdmin('settings.write'),
      schema: {
        summary: 'Change any system settings (settings.write)',
        body: ZUpdateSystemSettingsRequest,
        response: { 200: envelope(ZSystemSettings) },
      },
    },
    async (req) =>
      ok(await updateSystemSettings({ db: app.db, actorId: authOf(req).user.id, changes: req.body })),
  );

  app.get(
    '/fees',
    {
      // settings.fees alone reaches Fees & Pricing (finance_admin): docs/decisions/016-admin-system-settings.md.
      onRequest: requireAdmin(['settings.read', 'settings.fees']),
      schema: {
        summary: 'The fee structures: platform, withdrawal, processing (settings.read or settings.fees)',
        response: { 200: envelope(ZFeeStructureList) },
      },
    },
    async () => ok(await listFeeStructures({ db: app.db })),
  );

  app.put(
    '/fees/:type',
    {
      onRequest: requireAdmin(['settings.write', 'settings.fees']),
      schema: {
        summary:
          'Change a fee structure (settings.write or settings.fees); the platform fee applies to payments confirmed from now on',
        params: ZFeeTypeParams,
        body: ZUpdateFeeStructureRequest,
        response: { 200: envelope(ZFeeStructure) },
      },
    },
    async (req) =>
      ok(
        await updateFeeStructure({
          db: app.db,
          type: req.params.type,
          changes: req.body,
          actorId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );
};
