import { envelope } from '@coinlane/core/api/envelope';
import { ZContactSalesReply, ZContactSalesRequest } from '@coinlane/core/api/public';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '#app/http/errors.ts';
import { submitSalesInquiry } from './submit-sales-inquiry.ts';

/** The landing page's contact form, under /api/v1/public: anonymous, limited per client IP. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/contact-sales',
    {
      config: { publicRateLimit: true },
      schema: {
        summary: 'Send a message to sales (the landing page\u2019s "Talk to Sales" form)',
        body: ZContactSalesRequest,
        response: { 200: envelope(ZContactSalesReply) },
      },
    },
    async (req) =>
      ok(
        await submitSalesInquiry({
          db: app.db,
          input: req.body,
          ip: req.ip ?? null,
          userAgent: req.headers['user-agent'] ?? null,
          log: req.log,
        }),
      ),
  );
};
