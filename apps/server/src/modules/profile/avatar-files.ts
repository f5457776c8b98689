import fs from 'node:fs/promises';
import path from 'node:path';

/** Avatars live in `<dataDir>/uploads/avatars`, served by the app at `/uploads/avatars/<file>`. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

export const avatarsDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars');

/**
 * Writes a new avatar file named `<userId>-<timestamp>.<ext>` (a later timestamp if that name is taken)
 * and returns its file name.
 */
export async function writeAvatarFile({
  dataDir,
  userId,
  ext,
  bytes,
}: {
  dataDir: string;
  userId: string;
  ext: string;
  bytes: Uint8Array;
}): Promise<string> {
  const dir = avatarsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  for (let stamp = Date.now(); ; stamp++) {
    const fileName = `${userId}-${stamp}.${ext}`;
    try {
      await fs.writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
      return fileName;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * Deletes the file behind an avatar URL, but only a file of ours that belongs to `userId`: any other value
 * (another user's file, a path with separators, a foreign URL) is left alone. A missing file is fine.
 */
export async function deleteAvatarFile({
  dataDir,
  userId,
  avatarUrl,
}: {
  dataDir: string;
  userId: string;
  avatarUrl: string | null;
}): Promise<void> {
  if (!avatarUrl?.startsWith(AVATAR_URL_PREFIX)) return;
  const fileName = avatarUrl.slice(AVATAR_URL_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+-\d+\.(jpg|png|gif|webp)$/.test(fileName) || !fileName.startsWith(`${userId}-`))
    return;
  await fs.rm(path.join(avatarsDir(dataDir), fileName), { force: true });
}
