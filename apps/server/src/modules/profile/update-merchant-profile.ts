import type { TMerchantProfile, ZUpdateProfileRequest } from '@coinlane/core/api/settings';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { z } from 'zod';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { editableFields, selectProfile, toMerchantProfile } from './queries.ts';

/**
 * Saves the settings page's profile sections (PUT /merchant/profile). The request carries the whole form:
 * a field left empty (or absent) is stored as null. The e-mail is read-only: sending another address is
 * refused. The display name follows first and last name when either is given, else it is kept.
 */
export async function updateMerchantProfile({
  db,
  userId,
  input,
  ip,
}: {
  db: Db;
  userId: string;
  input: z.output<typeof ZUpdateProfileRequest>;
  ip: string | null;
}): Promise<TMerchantProfile> {
  return db.transaction().execute(async (trx) => {
    const row = await selectProfile(trx, userId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', { message: T.notFound });
    if (input.email !== undefined && input.email.trim().toLowerCase() !== row.email.toLowerCase()) {
      throw new AppError('VALIDATION_ERROR', { message: T.emailReadOnly });
    }
    const before = toMerchantProfile(row);
    const fullName = [input.firstName, input.lastName].filter(Boolean).join(' ');
    await trx
      .updateTable('user_profiles')
      .set({
        first_name: input.firstName,
        last_name: input.lastName,
        name: fullName || row.name,
        business_name: input.businessName,
        website: input.website,
        phone: input.phone,
        business_type: input.businessType,
        description: input.description,
        address: input.address,
        city: input.city,
        country: input.country,
        postal_code: input.postalCode,
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    const updated = await selectProfile(trx, userId);
    const after = toMerchantProfile(updated!);
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'profile.updated',
      entityType: 'user_profile',
      entityId: userId,
      before: editableFields(before),
      after: editableFields(after),
      ip,
    });
    return after;
  });
}
