import type { TAuditEntry, TAuditPage, TAuditQuery } from '@coinlane/core/api/audit';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { listAuditActions, listAuditEntries } from '#app/modules/audit/list-audit-entries.ts';
import { displayName, selectUsers } from './queries.ts';

/**
 * The Audit Log page (GET /admin/audit, admin.manage): a page of audit rows, newest first, with the acting accounts
 * named (display name and e-mail; null for an actor that is not an account or no longer exists). The `actor`
 * filter takes an account id or e-mail; an e-mail that is nobody's matches nothing.
 */
export async function getAuditLog({ db, query }: { db: Db; query: TAuditQuery }): Promise<TAuditPage> {
  const { actor, ...filters } = query;
  let actorIds: string[] | undefined;
  if (actor) {
    const found = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', actor), eb(sql<string>`lower(email)`, '=', actor.toLowerCase())]))
      .execute();
    actorIds = found.map((r) => r.id);
  }
  const [{ rows, nextCursor }, actions] = await Promise.all([
    listAuditEntries({ db, query: filters, actorIds }),
    listAuditActions({ db }),
  ]);
  const ids = [...new Set(rows.map((r) => r.actor_id).filter((id): id is string => !!id))];
  const people = new Map((ids.length ? await selectUsers(db, { ids }) : []).map((u) => [u.id, u]));
  const entries: TAuditEntry[] = rows.map((r) => {
    const who = r.actor_id ? people.get(r.actor_id) : undefined;
    return {
      id: Number(r.id),
      createdAt: r.created_at.toISOString(),
      actor: {
        type: r.actor_type,
        id: r.actor_id,
        name: who ? displayName(who) : null,
        email: who?.email ?? null,
      },
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      mode: r.mode,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
    };
  });
  return { entries, nextCursor, actions };
}
