import { ZUserIdParams } from '@coinlane/core/api/admin';
import { envelope } from '@coinlane/core/api/envelope';
import {
  KYC_DOCUMENT_MAX_BYTES,
  KYC_MAX_DOCUMENTS,
  ZAdminKycDocumentParams,
  ZKyc,
  ZKycDocument,
  ZKycDocumentParams,
  ZSetKycStatusRequest,
  ZUploadKycDocumentQuery,
} from '@coinlane/core/api/kyc';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAdmin, requireSession } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { deleteKycDocument } from './delete-kyc-document.ts';
import { attachmentDisposition } from './file-name.ts';
import { getKyc } from './get-kyc.ts';
import { type KycDocumentFile, readKycDocument } from './read-kyc-document.ts';
import { setKycStatus } from './set-kyc-status.ts';
import { checkKycUpload, uploadKycDocument } from './upload-kyc-document.ts';

/** Room for the multipart framing around the file: a declared body larger than file limit + this is refused unread. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_MB = KYC_DOCUMENT_MAX_BYTES / (1024 * 1024);

/** The file as an attachment, never rendered by the browser: the type found in its bytes, nosniff, a sandbox. */
function sendDocument(reply: FastifyReply, file: KycDocumentFile) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', attachmentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(file.bytes);
}

/**
 * Reads the one file of a document upload (field `document`), at most KYC_DOCUMENT_MAX_BYTES: a body that says
 * it is larger is refused before a byte is read; otherwise the parser stops keeping bytes at the limit and the
 * upload is refused as soon as it is reached, so no more than the limit is ever held. A body the multipart parser
 * cannot read (no boundary, cut short) is the client's bad input (400), not a server error.
 */
async function readDocumentUpload(req: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: T.kycFileRequired });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > KYC_DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: T.kycTooLarge(MAX_MB) });
  }
  try {
    const part = await req.file({
      limits: { fileSize: KYC_DOCUMENT_MAX_BYTES, files: 1 },
      throwFileSizeLimit: false,
    });
    if (part?.fieldname !== 'document') {
      part?.file.resume();
      throw new AppError('VALIDATION_ERROR', { message: T.kycFileRequired });
    }
    const file = part.file;
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => chunks.push(chunk));
      file.once('end', () => resolve(Buffer.concat(chunks)));
      file.once('error', reject);
      // At the limit: refuse at once, drop what was kept and stop parsing (the rest of the body is not read).
      file.once('limit', () => {
        chunks.length = 0;
        reject(new AppError('PAYLOAD_TOO_LARGE', { message: T.kycTooLarge(MAX_MB) }));
        file.destroy();
        // The answer goes out now; what the client still sends is dropped unparsed as it arrives (as Node does
        // with a body nobody reads), so the connection does not stall and a client reading the answer can stop.
        req.raw.unpipe();
        req.raw.resume();
      });
    });
    if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', { message: T.kycFileRequired });
    return { bytes, fileName: part.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new AppError('VALIDATION_ERROR', { message: T.kycFileRequired });
  }
}

/**
 * The merchant's KYC documents (Settings): its status and documents, upload, download and delete. A signed-in
 * session only (API keys are refused: this is the dashboard's), checked before the body is read.
 */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/merchant/kyc',
    {
      schema: {
        summary: 'Your KYC status and documents',
        response: { 200: envelope(ZKyc) },
      },
    },
    async (req) => ok(await getKyc({ db: app.db, userId: authOf(req).user.id })),
  );

  app.post(
    '/merchant/kyc/documents',
    {
      schema: {
        summary:
          'Submit a KYC document (while the platform requires KYC and your documents are not verified)',
        description: `multipart/form-data with the file in the field \`document\`: PDF, JPG or PNG, judged by its bytes (the name and declared type are not trusted), at most ${MAX_MB} MB and ${KYC_MAX_DOCUMENTS} documents per account. Stored encrypted.`,
        querystring: ZUploadKycDocumentQuery,
        response: { 200: envelope(ZKycDocument) },
      },
    },
    async (req) => {
      const userId = authOf(req).user.id;
      // Refused before the upload is read when it could not be kept anyway.
      await checkKycUpload({ db: app.db, userId });
      const { bytes, fileName } = await readDocumentUpload(req);
      return ok(
        await uploadKycDocument({
          db: app.db,
          secretKey: app.config.appSecretKey,
          userId,
          kind: req.query.kind,
          bytes,
          fileName,
          ip: req.ip,
        }),
      );
    },
  );

  app.get(
    '/merchant/kyc/documents/:id/file',
    {
      schema: {
        summary: 'Download one of your KYC documents (an attachment; each view is audited)',
        params: ZKycDocumentParams,
      },
    },
    async (req, reply) => {
      const userId = authOf(req).user.id;
      const file = await readKycDocument({
        db: app.db,
        secretKey: app.config.appSecretKey,
        userId,
        documentId: req.params.id,
        viewer: { id: userId, type: 'user' },
        ip: req.ip,
      });
      return sendDocument(reply, file);
    },
  );

  app.delete(
    '/merchant/kyc/documents/:id',
    {
      schema: {
        summary: 'Delete one of your KYC documents (while they are not verified)',
        params: ZKycDocumentParams,
        response: { 200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (req) =>
      ok(
        await deleteKycDocument({
          db: app.db,
          userId: authOf(req).user.id,
          documentId: req.params.id,
          ip: req.ip,
        }),
      ),
  );
};

/** The back-office side, under /api/v1/admin: read an account's documents (users.read), review them (users.verify). */
export const adminKycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/kyc',
    {
      onRequest: requireAdmin('users.read'),
      schema: {
        summary: 'An account’s KYC status and submitted documents (users.read)',
        params: ZUserIdParams,
        response: { 200: envelope(ZKyc) },
      },
    },
    async (req) => ok(await getKyc({ db: app.db, userId: req.params.id })),
  );

  app.get(
    '/users/:id/kyc/documents/:documentId/file',
    {
      onRequest: requireAdmin('users.read'),
      schema: {
        summary: 'Download a submitted document (users.read; an attachment; each view is audited)',
        params: ZAdminKycDocumentParams,
      },
    },
    async (req, reply) => {
      const file = await readKycDocument({
        db: app.db,
        secretKey: app.config.appSecretKey,
        userId: req.params.id,
        documentId: req.params.documentId,
        viewer: { id: authOf(req).user.id, type: 'admin' },
        ip: req.ip,
      });
      return sendDocument(reply, file);
    },
  );

  app.put(
    '/users/:id/kyc',
    {
      onRequest: requireAdmin('users.verify'),
      schema: {
        summary:
          'Set the KYC status: verified, or rejected with a reason e-mailed to the merchant (users.verify; admin.manage for an administrator)',
        params: ZUserIdParams,
        body: ZSetKycStatusRequest,
        response: { 200: envelope(ZKyc) },
      },
    },
    async (req) =>
      ok(
        await setKycStatus({
          db: app.db,
          actor: authOf(req).user,
          userId: req.params.id,
          input: req.body,
          ip: req.ip,
        }),
      ),
  );
};
