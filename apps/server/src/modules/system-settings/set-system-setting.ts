import { SETTING_CATEGORY } from '@coinlane/core/system-settings';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';

/** Writes one system setting (upsert on category + key) with an audit row. */
export async function setSystemSetting({
  db,
  key,
  value,
  updatedBy,
}: {
  db: Db;
  key: string;
  value: unknown;
  updatedBy: string | null;
}): Promise<void> {
  const category = SETTING_CATEGORY[key];
  if (!category) throw new Error(`Unknown system setting ${key}`);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('system_settings')
      .select('value')
      .where('category', '=', category)
      .where('key', '=', key)
      .executeTakeFirst();
    const json = JSON.stringify(value);
    await trx
      .insertInto('system_settings')
      .values({ category, key, value: json, updated_by: updatedBy })
      .onConflict((oc) =>
        oc
          .columns(['category', 'key'])
          .doUpdateSet({ value: json, updated_by: updatedBy, updated_at: new Date() }),
      )
      .execute();
    await recordAudit({
      db: trx,
      actorId: updatedBy,
      actorType: updatedBy ? 'admin' : 'system',
      action: 'system_setting.updated',
      entityType: 'system_setting',
      entityId: `${category}.${key}`,
      before: before ? JSON.parse(before.value) : null,
      after: value,
    });
  });
}
