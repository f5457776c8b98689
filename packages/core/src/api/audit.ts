import { z } from 'zod';

/** The back-office's Audit Log (issue 16, admin.manage): every admin action and every money action, newest first. */

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_ACTOR_TYPES = ['user', 'admin', 'api_key', 'pos_device', 'system'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), {
    message: 'Must be a date (YYYY-MM-DD or ISO 8601)',
  });

/** GET /admin/audit. Empty values mean no filter; `before` is the cursor of the next page (an entry id). */
export const ZAuditQuery = z
  .object({
    action: optionalText(100).meta({ description: 'Exact action, e.g. user.suspended' }),
    entityType: optionalText(50).meta({ description: 'user, payment, payment_link, api_key, wallet, ...' }),
    entityId: optionalText(100),
    actor: optionalText(320).meta({ description: "The actor's account id or e-mail (case-insensitive)" }),
    actorType: z
      .union([z.enum(AUDIT_ACTOR_TYPES), z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
    from: optionalDate.meta({ description: 'From this instant (a date: its start, UTC)' }),
    to: optionalDate.meta({ description: 'Up to this instant (a date: its end, UTC)' }),
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
  })
  .strict();
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().nullable(),
    /** The account's display name and e-mail, when the actor is an account that still exists. */
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  mode: z.enum(['test', 'live']).nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextCursor: z.number().int().nullable(),
  /** Every action recorded so far, for the action filter. */
  actions: z.array(z.string()),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;
