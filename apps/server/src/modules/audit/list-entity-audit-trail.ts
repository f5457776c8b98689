import type { Db } from '#app/db/connection.ts';

/** Audit rows kept at most per read. */
export const AUDIT_TRAIL_MAX = 500;

/** The audit rows of the given entities (type and id), newest first. */
export async function listEntityAuditTrail({
  db,
  entities,
  limit = AUDIT_TRAIL_MAX,
}: {
  db: Db;
  entities: readonly { type: string; id: string }[];
  limit?: number;
}) {
  if (entities.length === 0) return [];
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or(entities.map((e) => eb.and([eb('entity_type', '=', e.type), eb('entity_id', '=', e.id)]))),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
