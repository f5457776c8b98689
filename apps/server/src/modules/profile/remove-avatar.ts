import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { deleteAvatarFile } from './avatar-files.ts';

/** Clears the caller's avatar and deletes its file (DELETE /merchant/avatar); nothing to do is fine. */
export async function removeAvatar({
  db,
  dataDir,
  userId,
  ip,
}: {
  db: Db;
  dataDir: string;
  userId: string;
  ip: string | null;
}): Promise<{ avatarUrl: null }> {
  const previous = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('user_profiles')
      .select('avatar_url')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: T.notFound });
    if (row.avatar_url === null) return null;
    await trx
      .updateTable('user_profiles')
      .set({ avatar_url: null, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'avatar.removed',
      entityType: 'user_profile',
      entityId: userId,
      before: { avatarUrl: row.avatar_url },
      after: { avatarUrl: null },
      ip,
    });
    return row.avatar_url;
  });
  await deleteAvatarFile({ dataDir, userId, avatarUrl: previous });
  return { avatarUrl: null };
}
