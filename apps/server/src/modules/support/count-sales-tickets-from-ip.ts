import type { Db } from '#app/db/connection.ts';

/** Sales tickets opened from `ip` since `since`: the contact form's limit per client IP. */
export async function countSalesTicketsFromIp({
  db,
  ip,
  since,
}: {
  db: Db;
  ip: string;
  since: Date;
}): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('ip', '=', ip)
    .where('category', '=', 'sales')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
