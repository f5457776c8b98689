import { randomBytes } from 'node:crypto';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { hasPermission } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { revokeAllApiKeys } from '#app/modules/api-keys/revoke-all-api-keys.ts';
import { eraseAccountAuditDetails } from '#app/modules/audit/erase-account-audit-details.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { eraseSignInTraces } from '#app/modules/auth/erase-sign-in-traces.ts';
import { revokeUserSessions } from '#app/modules/auth/sessions.ts';
import { eraseKycDocuments } from '#app/modules/kyc/erase-kyc-documents.ts';
import { endMerchantSubscriptions } from '#app/modules/subscriptions/end-merchant-subscriptions.ts';
import { selectUsers } from './queries.ts';

/**
 * Deletes an account by anonymising it (DELETE /admin/users/:id, users.delete; admin.manage for an administrator's
 * account): its e-mail becomes an address of its id that cannot receive mail (the real one is free to sign up
 * again), its name, business (name, type, description, website), contact details, address and country, avatar and
 * documents are erased, its admin role is taken away, its password can no longer match, its sessions end and its
 * API keys are revoked; the account is suspended and marked deleted, so its hosted pages start no payment. In the
 * same transaction the personal details it left elsewhere go: in the before and after of its audit rows (profile,
 * Edit Details, sign-up, avatar, KYC files: '[deleted]'), its sessions' IP and user agent, its sign-in challenges'
 * IP, the e-mail of its login attempts. Its payments, fees, transfers and audit rows stay under the same id: money
 * records are kept (and money still arriving for a payment under way is still credited). Nobody deletes their own
 * account, nor the last super admin. Its running subscriptions are cancelled and its plans deactivated. The audit row names
 * no personal detail.
 */
export async function deleteUser({
  db,
  actor,
  userId,
  ip,
}: {
  db: Db;
  actor: TSessionUser;
  userId: string;
  ip: string | null;
}): Promise<{ id: string; deleted: true }> {
  if (userId === actor.id) throw new AppError('CONFLICT', { message: T.userDeleteSelf });
  return db.transaction().execute(async (trx) => {
    const supers = await trx
      .selectFrom('user_profiles')
      .select('id')
      .where('admin_role', '=', 'super_admin')
      .orderBy('id')
      .forUpdate()
      .execute();
    const [target] = await selectUsers(trx, { ids: [userId], forUpdate: true });
    if (!target) throw new AppError('NOT_FOUND', { message: T.userNotFound });
    if (target.is_admin && !hasPermission(actor, 'admin.manage')) {
      throw new AppError('FORBIDDEN', { message: T.userActOnAdmin });
    }
    if (target.admin_role === 'super_admin' && supers.length <= 1) {
      throw new AppError('CONFLICT', { message: T.lastSuperAdmin });
    }
    const now = new Date();
    const email = `deleted-${userId}@deleted.invalid`;
    await trx
      .updateTable('users')
      .set({
        email,
        password_hash: `deleted:${randomBytes(32).toString('hex')}`,
        status: 'suspended',
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('user_profiles')
      .set({
        email,
        admin_role: null,
        name: null,
        first_name: null,
        last_name: null,
        business_name: null,
        website: null,
        phone: null,
        business_type: null,
        description: null,
        address: null,
        city: null,
        country: null,
        postal_code: null,
        avatar_url: null,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    const kycDocumentsRemoved = await eraseKycDocuments({ db: trx, userId });
    await revokeUserSessions({ db: trx, userId });
    await eraseSignInTraces({ db: trx, userId, formerEmail: target.email, anonymisedEmail: email });
    const auditRowsAnonymised = await eraseAccountAuditDetails({ db: trx, userId });
    // Its subscriptions stop: cancelled now, plans deactivated (decision 023).
    const subscriptionsCancelled = await endMerchantSubscriptions({
      db: trx,
      userId,
      actor: { type: 'admin', id: actor.id, ip },
      now,
    });
    await revokeAllApiKeys({
      db: trx,
      userId,
      via: 'account_deleted',
      ip,
      actor: { id: actor.id, type: 'admin' },
    });
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: 'admin',
      action: 'user.deleted',
      entityType: 'user',
      entityId: userId,
      before: { status: target.status, adminRole: target.admin_role },
      after: {
        status: 'suspended',
        anonymised: true,
        kycDocumentsRemoved,
        auditRowsAnonymised,
        subscriptionsCancelled,
      },
      ip,
    });
    return { id: userId, deleted: true as const };
  });
}
