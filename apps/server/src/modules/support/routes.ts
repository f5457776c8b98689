import { envelope } from '@coinlane/core/api/envelope';
import {
  ZCreateTicketRequest,
  ZMerchantTicketDetails,
  ZMerchantTicketList,
  ZSetTicketStatusRequest,
  ZSupportSummary,
  ZSupportTicket,
  ZSupportTicketDetails,
  ZSupportTicketList,
  ZTicketIdParams,
  ZTicketMessageRequest,
} from '@coinlane/core/api/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin, requireSession } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { addTicketMessage } from './add-ticket-message.ts';
import { getMyTicket } from './get-my-ticket.ts';
import { getSupportSummary } from './get-support-summary.ts';
import { getSupportTicket } from './get-support-ticket.ts';
import { listMyTickets } from './list-my-tickets.ts';
import { listSupportTickets } from './list-support-tickets.ts';
import { openTicket } from './open-ticket.ts';
import { replyToTicket } from './reply-to-ticket.ts';
import { setTicketStatus } from './set-ticket-status.ts';

/**
 * Support tickets (decision 017). The back-office under /api/v1/admin/support: support.read lists and reads,
 * support.write replies and changes the status, each checked before the request is parsed. The merchant's side
 * under /api/v1/support: a signed-in session only (an API key is refused), its own tickets only (another's is 404).
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/support/tickets',
    {
      onRequest: requireAdmin('support.read'),
      schema: {
        summary: 'Support Tickets: the newest tickets with customer names and message counts (support.read)',
        response: { 200: envelope(ZSupportTicketList) },
      },
    },
    async () => ok(await listSupportTickets({ db: app.db })),
  );

  app.get(
    '/admin/support/summary',
    {
      onRequest: requireAdmin('support.read'),
      schema: {
        summary: 'The count of open and in-progress tickets: the Support badge (support.read)',
        response: { 200: envelope(ZSupportSummary) },
      },
    },
    async () => ok(await getSupportSummary({ db: app.db })),
  );

  app.get(
    '/admin/support/tickets/:id',
    {
      onRequest: requireAdmin('support.read'),
      schema: {
        summary: 'A ticket and its thread, oldest message first (support.read)',
        params: ZTicketIdParams,
        response: { 200: envelope(ZSupportTicketDetails) },
      },
    },
    async (req) => ok(await getSupportTicket({ db: app.db, ticketId: req.params.id })),
  );

  app.post(
    '/admin/support/tickets/:id/messages',
    {
      onRequest: requireAdmin('support.write'),
      schema: {
        summary:
          'Reply to a ticket: kept in the thread and mailed to the customer; an open ticket goes in progress (support.write; audited)',
        params: ZTicketIdParams,
        body: ZTicketMessageRequest,
        response: { 200: envelope(ZSupportTicketDetails) },
      },
    },
    async (req) =>
      ok(
        await replyToTicket({
          db: app.db,
          actor: authOf(req).user,
          ticketId: req.params.id,
          body: req.body.body,
          ip: req.ip,
        }),
      ),
  );

  app.put(
    '/admin/support/tickets/:id/status',
    {
      onRequest: requireAdmin('support.write'),
      schema: {
        summary: 'Set a ticket’s status; resolved or closed stamps resolved_at (support.write; audited)',
        params: ZTicketIdParams,
        body: ZSetTicketStatusRequest,
        response: { 200: envelope(ZSupportTicket) },
      },
    },
    async (req) =>
      ok(
        await setTicketStatus({
          db: app.db,
          actor: authOf(req).user,
          ticketId: req.params.id,
          status: req.body.status,
          ip: req.ip,
        }),
      ),
  );

  app.get(
    '/support/tickets',
    {
      onRequest: requireSession,
      schema: {
        summary: 'Your support tickets, newest first (signed-in session)',
        response: { 200: envelope(ZMerchantTicketList) },
      },
    },
    async (req) => ok(await listMyTickets({ db: app.db, userId: authOf(req).user.id })),
  );

  app.post(
    '/support/tickets',
    {
      onRequest: requireSession,
      schema: {
        summary:
          'Open a support ticket with its first message; the support team is told by e-mail (signed-in session)',
        body: ZCreateTicketRequest,
        response: { 200: envelope(ZMerchantTicketDetails) },
      },
    },
    async (req) => ok(await openTicket({ db: app.db, user: authOf(req).user, input: req.body, ip: req.ip })),
  );

  app.get(
    '/support/tickets/:id',
    {
      onRequest: requireSession,
      schema: {
        summary: 'One of your tickets with its thread (signed-in session)',
        params: ZTicketIdParams,
        response: { 200: envelope(ZMerchantTicketDetails) },
      },
    },
    async (req) =>
      ok(await getMyTicket({ db: app.db, userId: authOf(req).user.id, ticketId: req.params.id })),
  );

  app.post(
    '/support/tickets/:id/messages',
    {
      onRequest: requireSession,
      schema: {
        summary:
          'Write on one of your tickets; a resolved ticket is reopened, a closed one takes no message (signed-in session)',
        params: ZTicketIdParams,
        body: ZTicketMessageRequest,
        response: { 200: envelope(ZMerchantTicketDetails) },
      },
    },
    async (req) =>
      ok(
        await addTicketMessage({
          db: app.db,
          user: authOf(req).user,
          ticketId: req.params.id,
          body: req.body.body,
          ip: req.ip,
        }),
      ),
  );
};
