import type {
  TMerchantTicket,
  TSupportMessage,
  TSupportTicket,
  TTicketCategory,
  TTicketPriority,
} from '@coinlane/core/api/support';
import { T } from '@coinlane/core/texts';
import type { TTicketStatus } from '@coinlane/core/ticket-status';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '#app/db/schema.ts';

type Db = Kysely<Database>;

/**
 * An account's display name in SQL (admin spec 3: business name, else first and last name, else the name given at
 * sign-up, else the e-mail), or null when there is no such account or it was deleted (anonymised: decision 015).
 */
const accountName = (alias: 'customer' | 'staff') =>
  sql<
    string | null
  >`CASE WHEN ${sql.ref(`${alias}_user.id`)} IS NULL OR ${sql.ref(`${alias}_user.deleted_at`)} IS NOT NULL THEN NULL
    ELSE coalesce(nullif(${sql.ref(`${alias}_profile.business_name`)}, ''),
      nullif(trim(concat_ws(' ', ${sql.ref(`${alias}_profile.first_name`)}, ${sql.ref(`${alias}_profile.last_name`)})), ''),
      nullif(${sql.ref(`${alias}_profile.name`)}, ''), ${sql.ref(`${alias}_user.email`)}) END`;

const messageCount = (eb: ExpressionBuilder<Database, 'support_tickets'>) =>
  eb
    .selectFrom('support_ticket_messages as m')
    .select((e) => e.fn.countAll<string>().as('n'))
    .whereRef('m.ticket_id', '=', 'support_tickets.id');

const lastMessage = (eb: ExpressionBuilder<Database, 'support_tickets'>) =>
  eb
    .selectFrom('support_ticket_messages as m')
    .whereRef('m.ticket_id', '=', 'support_tickets.id')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(1);

/** Tickets with what the lists show: customer and assignee names, message count, the newest message. */
export function selectTickets(db: Db) {
  return db
    .selectFrom('support_tickets')
    .leftJoin('users as customer_user', 'customer_user.id', 'support_tickets.user_id')
    .leftJoin('user_profiles as customer_profile', 'customer_profile.id', 'support_tickets.user_id')
    .leftJoin('users as staff_user', 'staff_user.id', 'support_tickets.assigned_to')
    .leftJoin('user_profiles as staff_profile', 'staff_profile.id', 'support_tickets.assigned_to')
    .selectAll('support_tickets')
    .select((eb) => [
      accountName('customer').as('account_name'),
      sql<string | null>`CASE WHEN customer_user.deleted_at IS NULL THEN customer_user.email END`.as(
        'account_email',
      ),
      accountName('staff').as('assignee_name'),
      messageCount(eb).as('message_count'),
      lastMessage(eb).select('m.created_at').as('last_message_at'),
      lastMessage(eb).select('m.is_staff').as('last_from_staff'),
    ])
    .orderBy('support_tickets.created_at', 'desc')
    .orderBy('support_tickets.id', 'desc');
}
export type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The customer's name: the merchant account's display name; else the name the visitor gave; 'Unknown User' when
 * the account is gone (deleted) and no name was given (admin spec 8).
 */
export const customerNameOf = (row: Pick<TicketRow, 'account_name' | 'customer_name'>) =>
  row.account_name ?? row.customer_name ?? T.unknownUser;

/** The back-office's view of a ticket. */
export function toSupportTicket(row: TicketRow): TSupportTicket {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    priority: row.priority,
    status: row.status,
    userId: row.user_id,
    customerName: customerNameOf(row),
    customerEmail: row.user_id ? row.account_email : row.customer_email,
    assignedTo: row.assigned_to ? { id: row.assigned_to, name: row.assignee_name ?? T.unknownUser } : null,
    messageCount: Number(row.message_count ?? 0),
    lastMessageAt: iso(row.last_message_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    resolvedAt: iso(row.resolved_at),
  };
}

/** The merchant's view of its own ticket. */
export function toMerchantTicket(row: TicketRow): TMerchantTicket {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    priority: row.priority,
    status: row.status,
    messageCount: Number(row.message_count ?? 0),
    lastMessageAt: iso(row.last_message_at),
    answered: row.last_from_staff === true,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    resolvedAt: iso(row.resolved_at),
  };
}

/** One ticket by id (and owner, for a merchant); undefined when there is none. */
export function findTicket(db: Db, id: string, ownerId?: string) {
  let q = selectTickets(db).where('support_tickets.id', '=', id);
  if (ownerId !== undefined) q = q.where('support_tickets.user_id', '=', ownerId);
  return q.executeTakeFirst();
}

/** The ticket's row alone, locked for a change. */
export function lockTicket(db: Db, id: string, ownerId?: string) {
  let q = db.selectFrom('support_tickets').selectAll().where('id', '=', id);
  if (ownerId !== undefined) q = q.where('user_id', '=', ownerId);
  return q.forUpdate().executeTakeFirst();
}

/** The thread, oldest first, with each author's name (staff: the account's display name). */
export async function selectMessages(db: Db, ticketId: string) {
  return db
    .selectFrom('support_ticket_messages')
    .leftJoin('users as staff_user', 'staff_user.id', 'support_ticket_messages.author_id')
    .leftJoin('user_profiles as staff_profile', 'staff_profile.id', 'support_ticket_messages.author_id')
    .select([
      'support_ticket_messages.id',
      'support_ticket_messages.body',
      'support_ticket_messages.is_staff',
      'support_ticket_messages.created_at',
      accountName('staff').as('author_name'),
    ])
    .where('support_ticket_messages.ticket_id', '=', ticketId)
    .orderBy('support_ticket_messages.created_at', 'asc')
    .orderBy('support_ticket_messages.id', 'asc')
    .execute();
}
export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** A message as the back-office reads it: a staff reply names its author, a customer's message the customer. */
export const toSupportMessage = (m: MessageRow, customerName: string): TSupportMessage => ({
  id: m.id,
  body: m.body,
  fromStaff: m.is_staff,
  authorName: m.is_staff ? (m.author_name ?? T.unknownUser) : customerName,
  createdAt: iso(m.created_at)!,
});

/** Open and in-progress tickets. */
export async function countUnresolved(db: Db): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['open', 'in_progress'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countAll(db: Db): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds a message to the thread; its notice mail is queued by the caller. */
export async function insertMessage(
  db: Db,
  m: { id: string; ticketId: string; authorId: string | null; isStaff: boolean; body: string; at: Date },
) {
  await db
    .insertInto('support_ticket_messages')
    .values({
      id: m.id,
      ticket_id: m.ticketId,
      author_id: m.authorId,
      is_staff: m.isStaff,
      body: m.body,
      created_at: m.at,
    })
    .execute();
}

/** Adds a ticket. */
export async function insertTicket(
  db: Db,
  t: {
    id: string;
    title: string;
    category: TTicketCategory;
    priority: TTicketPriority;
    status?: TTicketStatus;
    userId: string | null;
    customerName?: string | null;
    customerEmail?: string | null;
    company?: string | null;
    language?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    at: Date;
  },
) {
  await db
    .insertInto('support_tickets')
    .values({
      id: t.id,
      title: t.title,
      category: t.category,
      priority: t.priority,
      user_id: t.userId,
      customer_name: t.customerName ?? null,
      customer_email: t.customerEmail ?? null,
      company: t.company ?? null,
      language: t.language ?? null,
      ip: t.ip ?? null,
      user_agent: t.userAgent ?? null,
      created_at: t.at,
      updated_at: t.at,
    })
    .execute();
}

/** The merchant's messages (new tickets included) since `since`: its hourly limit. */
export async function countMessagesBy(db: Db, authorId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('support_ticket_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('author_id', '=', authorId)
    .where('is_staff', '=', false)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The merchant's view of its ticket and thread (staff replies carry no name). */
export async function merchantTicketDetails(db: Db, row: TicketRow) {
  const messages = await selectMessages(db, row.id);
  return {
    ticket: toMerchantTicket(row),
    messages: messages.map((m) => ({
      id: m.id,
      body: m.body,
      fromStaff: m.is_staff,
      createdAt: iso(m.created_at)!,
    })),
  };
}
