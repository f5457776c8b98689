import { envelope } from '@coinlane/core/api/envelope';
import {
  ZAvatarResponse,
  ZMerchantProfile,
  ZUpdateProfileRequest,
  ZUpdateSettingsRequest,
  ZUserSettings,
} from '@coinlane/core/api/settings';
import { AppError } from '@coinlane/core/errors';
import { AVATAR_MAX_BYTES } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireSession } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { getMerchantProfile } from './get-merchant-profile.ts';
import { getUserSettings } from './get-user-settings.ts';
import { removeAvatar } from './remove-avatar.ts';
import { updateMerchantProfile } from './update-merchant-profile.ts';
import { updateUserSettings } from './update-user-settings.ts';
import { uploadAvatar } from './upload-avatar.ts';

/** The settings page: profile, preferences and avatar of the signed-in user, and only theirs. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // A signed-in session (API keys are refused: the settings page is the dashboard's), checked on request,
  // before the body is parsed: an anonymous caller learns nothing from validation and no upload is read.
  app.addHook('onRequest', requireSession);

  app.get(
    '/merchant/profile',
    { schema: { summary: 'Your profile', response: { 200: envelope(ZMerchantProfile) } } },
    async (req) => ok(await getMerchantProfile({ db: app.db, userId: authOf(req).user.id })),
  );

  app.put(
    '/merchant/profile',
    {
      schema: {
        summary: 'Save your profile (the whole form: empty fields are cleared; the e-mail is read-only)',
        body: ZUpdateProfileRequest,
        response: { 200: envelope(ZMerchantProfile) },
      },
    },
    async (req) =>
      ok(
        await updateMerchantProfile({ db: app.db, userId: authOf(req).user.id, input: req.body, ip: req.ip }),
      ),
  );

  app.get(
    '/settings',
    { schema: { summary: 'Your preferences', response: { 200: envelope(ZUserSettings) } } },
    async (req) => ok(await getUserSettings({ db: app.db, userId: authOf(req).user.id })),
  );

  app.put(
    '/settings',
    {
      schema: {
        summary: 'Change any of your preferences',
        body: ZUpdateSettingsRequest,
        response: { 200: envelope(ZUserSettings) },
      },
    },
    async (req) =>
      ok(
        await updateUserSettings({ db: app.db, userId: authOf(req).user.id, changes: req.body, ip: req.ip }),
      ),
  );

  app.post(
    '/merchant/avatar',
    {
      schema: {
        summary: 'Upload your avatar',
        description:
          'multipart/form-data with the image in the field `avatar`: JPEG, PNG, GIF or WebP (judged by its bytes), at most 5 MB.',
        response: { 200: envelope(ZAvatarResponse) },
      },
    },
    async (req) => {
      const userId = authOf(req).user.id;
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: T.avatarRequired });
      const { file, bytes } = await readUpload(async () => {
        const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
        if (file?.fieldname !== 'avatar') {
          file?.file.resume();
          throw new AppError('VALIDATION_ERROR', { message: T.avatarRequired });
        }
        // Past the limit the plugin stops keeping bytes and flags the stream as truncated (no exception).
        return { file, bytes: await file.toBuffer() };
      });
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', { message: T.avatarTooLarge });
      if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', { message: T.avatarRequired });
      return ok(
        await uploadAvatar({
          db: app.db,
          dataDir: app.config.dataDir,
          userId,
          bytes,
          declaredType: file.mimetype || null,
          ip: req.ip,
        }),
      );
    },
  );

  app.delete(
    '/merchant/avatar',
    { schema: { summary: 'Remove your avatar', response: { 200: envelope(ZAvatarResponse) } } },
    async (req) =>
      ok(
        await removeAvatar({
          db: app.db,
          dataDir: app.config.dataDir,
          userId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );
};

/**
 * Reads a multipart upload. A body the multipart parser cannot read (no boundary, cut short, malformed parts)
 * throws a plain Error from busboy: that is the client's bad input, answered 400, not a server error. The
 * plugin's own limit errors carry their 4xx status and pass through.
 */
async function readUpload<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number')
      throw err;
    throw new AppError('VALIDATION_ERROR', { message: T.avatarRequired });
  }
}
