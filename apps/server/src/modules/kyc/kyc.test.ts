import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KYC_DOCUMENT_MAX_BYTES, KYC_MAX_DOCUMENTS } from '@coinlane/core/api/kyc';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '#app/jobs/worker.ts';
import { openBytes } from '#app/lib/secret-box.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Small real files of each type: what counts is their first bytes.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Passport of Ada Lovelace, number X1234567\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0 utility bill of Ada Lovelace'),
  Buffer.from([0xff, 0xd9]),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  Buffer.from('registration of Analytical Engines Ltd'),
]);
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\0\x03\0\0\0'),
  Buffer.from('This program cannot be run in DOS mode'),
]);

const BOUNDARY = 'kycboundary';
function multipart(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

let ctx: TestContext;
let worker: JobWorker;
let merchant: TestUser;
let other: TestUser;
let compliance: TestUser;
let support: TestUser;
let superAdmin: TestUser;
const cookies: Record<string, string> = {};

async function upload(
  cookie: string,
  file: { data: Buffer | string; filename?: string; type?: string; field?: string },
  kind = 'identity',
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/merchant/kyc/documents?kind=${kind}`,
    headers: { cookie, ...MULTIPART },
    payload: multipart([
      {
        name: file.field ?? 'document',
        filename: file.filename ?? 'document.pdf',
        type: file.type ?? 'application/pdf',
        data: file.data,
      },
    ]),
  });
}
const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
const review = (userId: string, body: unknown, cookie = cookies.compliance!) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/users/${userId}/kyc`,
    headers: { cookie },
    payload: body as Record<string, unknown>,
  });
const documentCount = async (userId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('kyc_documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  worker = startWebhooksRole(ctx, 20);
  merchant = await createUser({ db: ctx.db, name: 'Ada Lovelace', status: 'pending' });
  other = await createUser({ db: ctx.db, name: 'Other Merchant' });
  compliance = await createUser({ db: ctx.db, name: 'Carla Compliance', adminRole: 'compliance_admin' });
  support = await createUser({ db: ctx.db, name: 'Sam Support', adminRole: 'support_admin' });
  superAdmin = await createUser({ db: ctx.db, name: 'Root', adminRole: 'super_admin' });
  cookies.merchant = await signIn({ app: ctx.app, userId: merchant.id });
  cookies.other = await signIn({ app: ctx.app, userId: other.id });
  cookies.compliance = await signIn({ app: ctx.app, userId: compliance.id });
  cookies.support = await signIn({ app: ctx.app, userId: support.id });
  cookies.super = await signIn({ app: ctx.app, userId: superAdmin.id });
});
afterAll(async () => {
  await worker.stop();
  await ctx.close();
});

describe('a merchant’s KYC documents', () => {
  const ids: Record<string, string> = {};

  it('starts pending with no document, the limits stated', async () => {
    const res = await get('/merchant/kyc', cookies.merchant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      required: true,
      status: 'pending',
      rejectionReason: null,
      reviewedAt: null,
      documents: [],
      maxDocuments: KYC_MAX_DOCUMENTS,
      maxBytes: KYC_DOCUMENT_MAX_BYTES,
    });
  });

  it('takes a PDF, a JPG and a PNG, each typed by its bytes, the name kept as text', async () => {
    for (const [key, data, filename, type, kind] of [
      ['pdf', PDF, 'passport_scan.pdf', 'application/pdf', 'identity'],
      ['jpg', JPEG, 'utility bill.jpeg', 'image/jpeg', 'proof_of_address'],
      ['png', PNG, 'C:\\Users\\ada\\company_registration.png', 'image/png', 'business_registration'],
    ] as const) {
      const res = await upload(cookies.merchant!, { data, filename, type }, kind);
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json().data;
      expect(doc).toMatchObject({ kind, size: data.length });
      ids[key] = doc.id;
    }
    const list = (await get('/merchant/kyc', cookies.merchant)).json().data.documents;
    expect(list.map((d: { fileName: string; contentType: string }) => [d.fileName, d.contentType])).toEqual([
      ['company_registration.png', 'image/png'],
      ['utility bill.jpeg', 'image/jpeg'],
      ['passport_scan.pdf', 'application/pdf'],
    ]);
  });

  it('stores a PDF renamed .png and declared as an image as a PDF, and names its download .pdf', async () => {
    const res = await upload(cookies.merchant!, { data: PDF, filename: 'selfie.png', type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ contentType: 'application/pdf', fileName: 'selfie.png' });
    ids.renamed = res.json().data.id;
    const file = await get(`/merchant/kyc/documents/${ids.renamed}/file`, cookies.merchant);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="selfie.pdf"; filename*=UTF-8''selfie.pdf`,
    );
  });

  it('refuses an executable renamed .pdf and declared as a PDF (415, the catalogue’s message), keeping nothing', async () => {
    const before = await documentCount(merchant.id);
    const res = await upload(cookies.merchant!, {
      data: EXE,
      filename: 'passport.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: T.kycTypeNotAllowed });
    const html = await upload(cookies.merchant!, {
      data: '<html><script>alert(1)</script>',
      filename: 'a.pdf',
    });
    expect(html.statusCode).toBe(415);
    expect(await documentCount(merchant.id)).toBe(before);
  });

  it('refuses a bad kind, a missing file, an empty file and a body that is not multipart, with clear messages', async () => {
    const kind = await upload(cookies.merchant!, { data: PDF }, 'selfie');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.message).toBe(T.kycKindInvalid);
    const field = await upload(cookies.merchant!, { data: PDF, field: 'avatar' });
    expect(field.statusCode).toBe(400);
    expect(field.json().error.message).toBe(T.kycFileRequired);
    const empty = await upload(cookies.merchant!, { data: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(T.kycFileRequired);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/kyc/documents?kind=identity',
      headers: { cookie: cookies.merchant! },
      payload: { document: PDF.toString('base64') },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(T.kycFileRequired);
  });

  it('refuses a body that declares more than the limit before reading it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/kyc/documents?kind=identity',
      headers: {
        cookie: cookies.merchant!,
        ...MULTIPART,
        'content-length': String(KYC_DOCUMENT_MAX_BYTES + 1024 * 1024),
      },
      payload: multipart([{ name: 'document', filename: 'big.pdf', data: PDF }]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: T.kycTooLarge(10) });
  });

  it('refuses a streamed file over the limit as soon as it passes it, without waiting for the rest', async () => {
    // A real socket, chunked (no Content-Length): the client sends 1 MB at a time and stops when answered.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const total = KYC_DOCUMENT_MAX_BYTES * 3;
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = http.request(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/api/v1/merchant/kyc/documents?kind=identity',
            headers: { cookie: cookies.merchant!, ...MULTIPART, 'transfer-encoding': 'chunked' },
          },
          (res) => {
            answered = true;
            let text = '';
            res.on('data', (d) => {
              text += d;
            });
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, body: text, sent });
              req.destroy();
            });
          },
        );
        req.on('error', (err) => {
          if (!answered) reject(err);
        });
        req.write(head);
        const pump = () => {
          while (!answered && sent < total) {
            sent += chunk.length;
            if (!req.write(chunk)) {
              req.once('drain', pump);
              return;
            }
          }
          if (!answered) req.end();
        };
        pump();
      },
    );
    expect(status).toBe(413);
    expect(JSON.parse(body).error.message).toBe(T.kycTooLarge(10));
    expect(sent).toBeLessThan(total);
  });

  it('keeps only sealed bytes at rest: the stored value is not the file, and opens with the server’s key', async () => {
    const row = await ctx.db
      .selectFrom('kyc_documents')
      .select(['id', 'user_id', 'sealed'])
      .where('id', '=', ids.pdf!)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(row.sealed);
    expect(stored.includes(Buffer.from('Ada Lovelace'))).toBe(false);
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    expect(stored.length).toBe(PDF.length + 29);
    expect(openBytes(ctx.config.appSecretKey, stored, `kyc:${row.id}:${row.user_id}`).equals(PDF)).toBe(true);
  });
});

describe('who may see a document', () => {
  let docId: string;
  beforeAll(async () => {
    docId = (await get('/merchant/kyc', cookies.merchant)).json().data.documents.at(-1).id;
  });

  it('the owner downloads it as an attachment of the type found, never sniffed by the browser', async () => {
    const res = await get(`/merchant/kyc/documents/${docId}/file`, cookies.merchant);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="passport_scan\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('an admin with users.read downloads it from the account (support and compliance roles)', async () => {
    for (const cookie of [cookies.support!, cookies.compliance!]) {
      const res = await get(`/admin/users/${merchant.id}/kyc/documents/${docId}/file`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    }
    const kyc = await get(`/admin/users/${merchant.id}/kyc`, cookies.support);
    expect(kyc.statusCode).toBe(200);
    expect(kyc.json().data.documents).toHaveLength(4);
  });

  it('another merchant gets 404 for it (download, delete), and 403 on the admin route', async () => {
    const own = await get(`/merchant/kyc/documents/${docId}/file`, cookies.other);
    expect(own.statusCode).toBe(404);
    expect(own.json().error.message).toBe(T.kycDocumentNotFound);
    const asAdmin = await get(`/admin/users/${merchant.id}/kyc/documents/${docId}/file`, cookies.other);
    expect(asAdmin.statusCode).toBe(403);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant/kyc/documents/${docId}`,
      headers: { cookie: cookies.other! },
    });
    expect(del.statusCode).toBe(404);
    expect(await documentCount(merchant.id)).toBe(4);
  });

  it('an admin asking for a document under another account’s id gets 404', async () => {
    const res = await get(`/admin/users/${other.id}/kyc/documents/${docId}/file`, cookies.support);
    expect(res.statusCode).toBe(404);
  });

  it('anonymous callers get 401, API keys 403 (the documents are the dashboard’s)', async () => {
    expect((await get(`/merchant/kyc/documents/${docId}/file`)).statusCode).toBe(401);
    expect((await get(`/admin/users/${merchant.id}/kyc/documents/${docId}/file`)).statusCode).toBe(401);
    const key = await createKeyFor({ app: ctx.app, userId: merchant.id, name: 'kyc key' });
    const byKey = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/merchant/kyc/documents/${docId}/file`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(byKey.statusCode).toBe(403);
  });

  it('audits every view: who viewed which document', async () => {
    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_type', 'entity_id', 'after'])
      .where('action', '=', 'kyc_document.viewed')
      .where('entity_id', '=', docId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.actor_id, r.actor_type])).toEqual([
      [merchant.id, 'user'],
      [support.id, 'admin'],
      [compliance.id, 'admin'],
    ]);
    expect(rows[1]!.after).toMatchObject({ userId: merchant.id, kind: 'identity', by: 'admin' });
  });
});

describe('the review (users.verify)', () => {
  it('needs users.verify: a super admin (without it in the role table) and a support admin are refused', async () => {
    for (const cookie of [cookies.super!, cookies.support!]) {
      const res = await review(merchant.id, { status: 'verified' }, cookie);
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses a rejection without a reason, or an unknown status, with clear messages', async () => {
    const none = await review(merchant.id, { status: 'rejected' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(T.kycReasonRequired);
    const blank = await review(merchant.id, { status: 'rejected', reason: '   ' });
    expect(blank.json().error.message).toBe(T.kycReasonRequired);
    const long = await review(merchant.id, { status: 'rejected', reason: 'x'.repeat(1001) });
    expect(long.json().error.message).toBe(T.kycReasonTooLong(1000));
    const odd = await review(merchant.id, { status: 'pending' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.message).toBe(T.kycStatusInvalid);
  });

  it('refuses to verify an account with no document, and one’s own review', async () => {
    const res = await review(other.id, { status: 'verified' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(T.kycNothingToVerify);
    const self = await review(compliance.id, { status: 'verified' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(T.kycSelf);
  });

  it('rejects with a reason: the merchant is mailed it and sees it in Settings; audited before and after', async () => {
    const mailsBefore = ctx.smtp.mails.length;
    const reason = 'The passport scan is cut off: <b>all four corners</b> must show.';
    const res = await review(merchant.id, { status: 'rejected', reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', rejectionReason: reason });
    const mail = await ctx.smtp.waitForMail(merchant.email, { subject: /not accepted/, after: mailsBefore });
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain('&lt;b&gt;all four corners&lt;/b&gt;');
    const mine = (await get('/merchant/kyc', cookies.merchant)).json().data;
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(mine.reviewedAt).not.toBeNull();
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before', 'after'])
      .where('action', '=', 'user.kyc_rejected')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(compliance.id);
    expect(audit.before).toEqual({ kycStatus: 'pending', rejectionReason: null });
    expect(audit.after).toMatchObject({ kycStatus: 'rejected', rejectionReason: reason });
    const list = (await get('/admin/users', cookies.compliance)).json().data;
    expect(list.find((u: { id: string }) => u.id === merchant.id).kycStatus).toBe('rejected');
  });

  it('a new document after a rejection puts the account back in review', async () => {
    const res = await upload(cookies.merchant!, {
      data: PNG,
      filename: 'passport-full.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/merchant/kyc', cookies.merchant)).json().data).toMatchObject({
      status: 'pending',
      rejectionReason: null,
    });
  });

  it('verifies: mailed, shown to the merchant, and the documents can no longer change', async () => {
    const mailsBefore = ctx.smtp.mails.length;
    const res = await review(merchant.id, { status: 'verified' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'verified', rejectionReason: null });
    await ctx.smtp.waitForMail(merchant.email, { subject: /verified/, after: mailsBefore });
    expect((await get('/merchant/kyc', cookies.merchant)).json().data.status).toBe('verified');
    const again = await review(merchant.id, { status: 'verified' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(T.kycUnchanged);
    const docId = (await get('/merchant/kyc', cookies.merchant)).json().data.documents[0].id;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant/kyc/documents/${docId}`,
      headers: { cookie: cookies.merchant! },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(T.kycAlreadyVerified);
    const more = await upload(cookies.merchant!, { data: PDF });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(T.kycAlreadyVerified);
  });
});

describe('deleting documents, the limit per account, the KYC setting, account deletion', () => {
  it('the merchant deletes its own document while not verified (audited)', async () => {
    const cookie = cookies.other!;
    const id = (await upload(cookie, { data: JPEG, filename: 'id.jpg', type: 'image/jpeg' })).json().data.id;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant/kyc/documents/${id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, deleted: true });
    expect(await documentCount(other.id)).toBe(0);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'kyc_document.deleted')
      .where('entity_id', '=', id)
      .executeTakeFirst();
    expect(audit?.actor_id).toBe(other.id);
  });

  it(`takes at most ${KYC_MAX_DOCUMENTS} documents per account`, async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    for (let i = 0; i < KYC_MAX_DOCUMENTS; i++)
      expect((await upload(cookie, { data: PDF })).statusCode).toBe(200);
    const res = await upload(cookie, { data: PDF });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(T.kycTooMany(KYC_MAX_DOCUMENTS));
  });

  it('with kyc_required off, says so and takes no upload', async () => {
    await setSystemSetting({ db: ctx.db, key: 'kyc_required', value: false, updatedBy: null });
    try {
      expect((await get('/merchant/kyc', cookies.other)).json().data.required).toBe(false);
      const res = await upload(cookies.other!, { data: PDF });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(T.kycNotRequired);
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'kyc_required', value: true, updatedBy: null });
    }
  });

  it('deleting the account erases its documents', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    await upload(cookie, { data: PDF });
    await upload(cookie, { data: PNG, filename: 'b.png', type: 'image/png' });
    expect(await documentCount(user.id)).toBe(2);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${user.id}`,
      headers: { cookie: cookies.super! },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await documentCount(user.id)).toBe(0);
    expect((await get(`/admin/users/${user.id}/kyc`, cookies.super)).statusCode).toBe(404);
  });
});
