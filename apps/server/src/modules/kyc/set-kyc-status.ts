import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TKyc, TSetKycStatusRequest } from '@coinlane/core/api/kyc';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { hasPermission } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { KYC_DECISION_MAIL_JOB } from './kyc-decision-mail.job.ts';
import { selectDocuments, selectKycAccount, toKyc } from './queries.ts';

/**
 * The review of an account's KYC documents (PUT /admin/users/:id/kyc, users.verify): verified (there must be
 * documents, and it must not be verified already), or rejected with a reason. The merchant is mailed the decision
 * and the reason through the job queue (queued in the same transaction). Audited with before and after. As for
 * every action on an account (decision 015), an administrator's account needs admin.manage, and nobody reviews
 * their own.
 */
export async function setKycStatus({
  db,
  actor,
  userId,
  input,
  ip,
}: {
  db: Db;
  actor: TSessionUser;
  userId: string;
  input: TSetKycStatusRequest;
  ip: string | null;
}): Promise<TKyc> {
  if (userId === actor.id) throw new AppError('CONFLICT', { message: T.kycSelf });
  const { general } = await getSystemSettings({ db });
  return db.transaction().execute(async (trx) => {
    const account = await selectKycAccount(trx, userId, { forUpdate: true });
    if (!account) throw new AppError('NOT_FOUND', { message: T.userNotFound });
    if (account.admin_role !== null && !hasPermission(actor, 'admin.manage')) {
      throw new AppError('FORBIDDEN', { message: T.userActOnAdmin });
    }
    const documents = await selectDocuments(trx, userId);
    if (input.status === 'verified') {
      if (account.kyc_status === 'verified') throw new AppError('INVALID_STATE', { message: T.kycUnchanged });
      if (documents.length === 0) throw new AppError('INVALID_STATE', { message: T.kycNothingToVerify });
    }
    const reason = input.status === 'rejected' ? input.reason : null;
    const now = new Date();
    const updated = await trx
      .updateTable('users')
      .set({
        kyc_status: input.status,
        kyc_rejection_reason: reason,
        kyc_reviewed_at: now,
        kyc_reviewed_by: actor.id,
        updated_at: now,
      })
      .where('id', '=', userId)
      .returning(['kyc_status', 'kyc_rejection_reason', 'kyc_reviewed_at'])
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: 'admin',
      action: input.status === 'verified' ? 'user.kyc_verified' : 'user.kyc_rejected',
      entityType: 'user',
      entityId: userId,
      before: { kycStatus: account.kyc_status, rejectionReason: account.kyc_rejection_reason },
      after: { kycStatus: input.status, rejectionReason: reason, documents: documents.map((d) => d.id) },
      ip,
    });
    await enqueueJob({
      db: trx,
      name: KYC_DECISION_MAIL_JOB,
      id: `${KYC_DECISION_MAIL_JOB}:${randomId('kycd')}`,
      payload: {
        userId,
        decision: reason === null ? { status: 'verified' } : { status: 'rejected', reason },
      },
      maxAttempts: 8,
    });
    return toKyc({ ...account, ...updated }, documents, general.kyc_required === true);
  });
}
