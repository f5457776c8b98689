import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/** One audit row: who did what to which entity, before and after. */
export type AuditEntry = {
  actorId: string | null;
  actorType: 'user' | 'admin' | 'api_key' | 'pos_device' | 'system';
  action: string;
  entityType: string;
  entityId: string | null;
  mode?: 'test' | 'live' | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/** The audit_log values of an entry (recordAudit, or a statement that writes the row with others). */
export const auditRow = (e: AuditEntry) => ({
  actor_id: e.actorId,
  actor_type: e.actorType,
  action: e.action,
  entity_type: e.entityType,
  entity_id: e.entityId,
  mode: e.mode ?? null,
  before: e.before === null || e.before === undefined ? null : JSON.stringify(e.before),
  after: e.after === null || e.after === undefined ? null : JSON.stringify(e.after),
  ip: e.ip ?? null,
});

/** Writes one audit row (who, what, before, after, when). Call it inside the transaction of the change. */
export async function recordAudit({ db, ...entry }: { db: Kysely<Database> } & AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}
