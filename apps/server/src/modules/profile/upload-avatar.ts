import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { AVATAR_URL_PREFIX, deleteAvatarFile, writeAvatarFile } from './avatar-files.ts';
import { detectImageType } from './image-type.ts';

/**
 * Stores a new avatar for the caller (POST /merchant/avatar): the bytes must be a JPEG, PNG, GIF or WebP
 * image, and the declared type, when given, an image type. The previous avatar file is deleted once the
 * new one is recorded. The size limit is enforced while the upload is read (see routes.ts).
 */
export async function uploadAvatar({
  db,
  dataDir,
  userId,
  bytes,
  declaredType,
  ip,
}: {
  db: Db;
  dataDir: string;
  userId: string;
  bytes: Uint8Array;
  declaredType: string | null;
  ip: string | null;
}): Promise<{ avatarUrl: string }> {
  const type = detectImageType(bytes);
  if (!type || (declaredType && !declaredType.toLowerCase().startsWith('image/'))) {
    throw new AppError('VALIDATION_ERROR', { message: T.avatarNotImage });
  }
  const fileName = await writeAvatarFile({ dataDir, userId, ext: type.ext, bytes });
  const avatarUrl = `${AVATAR_URL_PREFIX}${fileName}`;
  let previous: string | null;
  try {
    previous = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('user_profiles')
        .select('avatar_url')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', { message: T.notFound });
      await trx
        .updateTable('user_profiles')
        .set({ avatar_url: avatarUrl, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      await recordAudit({
        db: trx,
        actorId: userId,
        actorType: 'user',
        action: 'avatar.updated',
        entityType: 'user_profile',
        entityId: userId,
        before: { avatarUrl: row.avatar_url },
        after: { avatarUrl, type: type.mime, bytes: bytes.length },
        ip,
      });
      return row.avatar_url;
    });
  } catch (err) {
    await deleteAvatarFile({ dataDir, userId, avatarUrl });
    throw err;
  }
  if (previous !== avatarUrl) await deleteAvatarFile({ dataDir, userId, avatarUrl: previous });
  return { avatarUrl };
}
