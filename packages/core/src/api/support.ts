import { z } from 'zod';
import { T } from '../texts.ts';
import { TICKET_STATUSES } from '../ticket-status.ts';

// ---------------------------------------------------------------------------------------------------------
// Support tickets (admin spec sections 2, 3, 4, 7, 8; issue 16; decision 017)

/** What a ticket is about. `sales` is what the landing page's "Talk to Sales" form opens. */
export const TICKET_CATEGORIES = ['general', 'technical', 'billing', 'account', 'sales'] as const;
export type TTicketCategory = (typeof TICKET_CATEGORIES)[number];

/** The priorities the spec shows, in its order. */
export const TICKET_PRIORITIES = ['normal', 'medium', 'high', 'urgent', 'critical'] as const;
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * Limits: subject and message lengths; messages (new tickets included) a merchant may send per hour, so a
 * script cannot flood the operator's mailbox; tickets the back-office lists at once (newest first).
 */
export const SUPPORT_LIMITS = { title: 150, message: 5000, messagesPerHour: 20, list: 200 } as const;

const ZTicketBody = z
  .string({ error: T.ticketMessageRequired })
  .trim()
  .min(1, T.ticketMessageRequired)
  .max(SUPPORT_LIMITS.message, T.ticketMessageTooLong(SUPPORT_LIMITS.message));

export const ZTicketIdParams = z.object({ id: z.string().trim().min(1).max(100) });

/** One message of a thread as the back-office reads it. */
export const ZSupportMessage = z.object({
  id: z.string(),
  body: z.string(),
  /** Written by an administrator (a reply), else by the customer. */
  fromStaff: z.boolean(),
  /** The staff member's display name, or the customer's name ('Unknown User' when neither is known). */
  authorName: z.string(),
  createdAt: z.string(),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** A ticket in the back-office's list (GET /admin/support/tickets). */
export const ZSupportTicket = z.object({
  id: z.string().meta({ description: 'The web shows the first 8 characters after the tkt_ prefix.' }),
  title: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  /** The merchant's account; null for a visitor (a sales inquiry). */
  userId: z.string().nullable(),
  customerName: z.string().meta({
    description:
      "The merchant's display name (business name, else first and last name, else the e-mail), else the name the visitor gave; 'Unknown User' when the account is gone and no name was given.",
  }),
  customerEmail: z.string().nullable(),
  assignedTo: z.object({ id: z.string(), name: z.string() }).nullable(),
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TSupportTicket = z.infer<typeof ZSupportTicket>;

export const ZSupportTicketList = z.object({
  /** The newest tickets first, at most SUPPORT_LIMITS.list. */
  tickets: z.array(ZSupportTicket),
  /** Every ticket, including those past the list's limit. */
  total: z.number().int(),
  /** Open and in-progress tickets (the red badges). */
  unresolved: z.number().int(),
  limit: z.number().int(),
});
export type TSupportTicketList = z.infer<typeof ZSupportTicketList>;

export const ZSupportTicketDetails = z.object({
  ticket: ZSupportTicket,
  /** Oldest first. */
  messages: z.array(ZSupportMessage),
});
export type TSupportTicketDetails = z.infer<typeof ZSupportTicketDetails>;

/** GET /admin/support/summary: the sidebar's badge. */
export const ZSupportSummary = z.object({ unresolved: z.number().int() });
export type TSupportSummary = z.infer<typeof ZSupportSummary>;

/** PUT /admin/support/tickets/:id/status (support.write). */
export const ZSetTicketStatusRequest = z
  .object({ status: z.enum(TICKET_STATUSES, { error: T.ticketStatusInvalid }) })
  .strict();
export type TSetTicketStatusRequest = z.infer<typeof ZSetTicketStatusRequest>;

/** POST /admin/support/tickets/:id/messages (support.write) and POST /support/tickets/:id/messages (merchant). */
export const ZTicketMessageRequest = z.object({ body: ZTicketBody }).strict();
export type TTicketMessageRequest = z.input<typeof ZTicketMessageRequest>;

// ---------------------------------------------------------------------------------------------------------
// The merchant's side: its own tickets only

/** POST /support/tickets: a merchant opens a ticket with its first message. */
export const ZCreateTicketRequest = z
  .object({
    title: z
      .string({ error: T.ticketTitleRequired })
      .transform((v) => v.replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, T.ticketTitleRequired)
          .max(SUPPORT_LIMITS.title, T.ticketTitleTooLong(SUPPORT_LIMITS.title)),
      ),
    category: z.enum(TICKET_CATEGORIES, { error: T.ticketCategoryInvalid }),
    priority: z.enum(TICKET_PRIORITIES, { error: T.ticketPriorityInvalid }).default('normal'),
    message: ZTicketBody,
  })
  .strict();
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

export const ZMerchantTicket = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  /** The newest message is the support team's (an answer waits for the merchant). */
  answered: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TMerchantTicket = z.infer<typeof ZMerchantTicket>;

export const ZMerchantTicketList = z.array(ZMerchantTicket);

/** A message as the merchant reads it: staff names are not shown, only that the support team wrote it. */
export const ZMerchantTicketMessage = z.object({
  id: z.string(),
  body: z.string(),
  fromStaff: z.boolean(),
  createdAt: z.string(),
});
export type TMerchantTicketMessage = z.infer<typeof ZMerchantTicketMessage>;

export const ZMerchantTicketDetails = z.object({
  ticket: ZMerchantTicket,
  messages: z.array(ZMerchantTicketMessage),
});
export type TMerchantTicketDetails = z.infer<typeof ZMerchantTicketDetails>;

/** The reference shown for a ticket: the first 8 characters of its id after the prefix (tkt_). */
export const ticketReference = (id: string) => id.replace(/^tkt_/, '').slice(0, 8);
