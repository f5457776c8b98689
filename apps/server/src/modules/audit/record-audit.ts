import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/** Writes one audit row (who, what, before, after, when). Call it inside the transaction of the change. */
export async function recordAudit({
  db,
  actorId,
  actorType,
  action,
  entityType,
  entityId,
  mode = null,
  before = null,
  after = null,
  ip = null,
}: {
  db: Kysely<Database>;
  actorId: string | null;
  actorType: 'user' | 'admin' | 'api_key' | 'system';
  action: string;
  entityType: string;
  entityId: string | null;
  mode?: 'test' | 'live' | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actorId,
      actor_type: actorType,
      action,
      entity_type: entityType,
      entity_id: entityId,
      mode,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      ip,
    })
    .execute();
}
