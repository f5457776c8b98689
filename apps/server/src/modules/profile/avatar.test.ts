import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { AVATAR_MAX_BYTES } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { detectImageType } from './image-type.ts';

/** A real, decodable PNG: `size` x `size` pixels of one RGB colour. */
function makePng(size = 2, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** The smallest GIF: 1x1, one colour. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let ctx: TestContext;
let alice: TestUser;
let aliceCookie: string;
let bobCookie: string;
let avatarsDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createUser({ db: ctx.db });
  const bob = await createUser({ db: ctx.db });
  aliceCookie = await signIn({ app: ctx.app, userId: alice.id });
  bobCookie = await signIn({ app: ctx.app, userId: bob.id });
  avatarsDir = path.join(ctx.config.dataDir, 'uploads', 'avatars');
});
afterAll(() => ctx.close());

function upload(
  cookie: string | undefined,
  bytes: Uint8Array,
  { type = 'image/png', name = 'me.png', field = 'avatar' } = {},
) {
  const form = new FormData();
  form.append('note', 'a text field before the file is fine');
  form.append(field, new Blob([bytes], { type }), name);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/merchant/avatar',
    headers: cookie ? { cookie } : {},
    payload: form,
  });
}
const profileOf = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/merchant/profile', headers: { cookie } })).json().data;
const fileOf = (avatarUrl: string) => path.join(avatarsDir, path.basename(avatarUrl));

describe('detectImageType', () => {
  it('reads magic numbers, not names', () => {
    expect(detectImageType(makePng())).toEqual({ ext: 'png', mime: 'image/png' });
    expect(detectImageType(GIF)).toEqual({ ext: 'gif', mime: 'image/gif' });
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.ext).toBe('jpg');
    expect(detectImageType(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))?.ext).toBe('webp');
    expect(detectImageType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50]))).toBeNull();
    // A signature alone is no image: a PNG needs its IHDR chunk, a WebP its VP8 chunk.
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(detectImageType(makePng().subarray(0, 12))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\x24\x00\x00\x00WEBP', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('POST /merchant/avatar', () => {
  it('needs a session', async () => {
    const res = await upload(undefined, makePng());
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/merchant/avatar' })).statusCode).toBe(401);
  });

  it('stores a PNG, serves it under /uploads, and records it on the profile with an audit row', async () => {
    const png = makePng(4);
    const res = await upload(aliceCookie, png);
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json().data;
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${alice.id}-\\d+\\.png$`));
    expect(fs.readFileSync(fileOf(avatarUrl)).equals(png)).toBe(true);
    expect((await profileOf(aliceCookie)).avatarUrl).toBe(avatarUrl);

    const served = await ctx.app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'avatar.updated')
      .where('entity_id', '=', alice.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: alice.id, actor_type: 'user', before: { avatarUrl: null } });
  });

  it('replaces the previous avatar and deletes its file; the extension follows the bytes', async () => {
    const first = (await profileOf(aliceCookie)).avatarUrl as string;
    const res = await upload(aliceCookie, GIF, { type: 'image/gif', name: 'photo.jpeg' });
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json().data;
    expect(avatarUrl).toMatch(/\.gif$/);
    expect(fs.existsSync(fileOf(avatarUrl))).toBe(true);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect((await profileOf(aliceCookie)).avatarUrl).toBe(avatarUrl);
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, honestly a png'), 'image/png', 'me.png'],
    [
      'an SVG image (script risk)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'image/svg+xml',
      'a.svg',
    ],
    [
      'HTML declared as an image',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'image/gif',
      'a.gif',
    ],
    ['PNG bytes declared as text', makePng(), 'text/plain', 'me.txt'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf', 'cv.pdf'],
  ])('refuses %s with 400 and keeps the current avatar', async (_label, bytes, type, name) => {
    const before = (await profileOf(aliceCookie)).avatarUrl;
    const filesBefore = fs.readdirSync(avatarsDir).sort();
    const res = await upload(aliceCookie, bytes, { type, name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      error: { message: T.avatarNotImage, code: 'VALIDATION_ERROR' },
    });
    expect((await profileOf(aliceCookie)).avatarUrl).toBe(before);
    expect(fs.readdirSync(avatarsDir).sort()).toEqual(filesBefore);
  });

  it('refuses a file over 5 MB with 413 and keeps the current avatar', async () => {
    const before = (await profileOf(aliceCookie)).avatarUrl;
    const filesBefore = fs.readdirSync(avatarsDir).sort();
    const big = Buffer.concat([makePng(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(aliceCookie, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      error: { message: T.avatarTooLarge, code: 'PAYLOAD_TOO_LARGE' },
    });
    expect((await profileOf(aliceCookie)).avatarUrl).toBe(before);
    expect(fs.readdirSync(avatarsDir).sort()).toEqual(filesBefore);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const png = makePng();
    const exact = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    const res = await upload(bobCookie, exact);
    expect(res.statusCode).toBe(200);
    expect(fs.statSync(fileOf(res.json().data.avatarUrl)).size).toBe(AVATAR_MAX_BYTES);
  });

  it('refuses an upload in another field, an empty file, or a request that is not multipart', async () => {
    expect((await upload(aliceCookie, makePng(), { field: 'picture' })).statusCode).toBe(400);
    const empty = await upload(aliceCookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(T.avatarRequired);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/avatar',
      headers: { cookie: aliceCookie },
      payload: { avatar: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(T.avatarRequired);
  });

  it('keeps each merchant on their own avatar', async () => {
    const a = (await profileOf(aliceCookie)).avatarUrl as string;
    const b = (await profileOf(bobCookie)).avatarUrl as string;
    expect(a).not.toBe(b);
    expect(fs.existsSync(fileOf(a))).toBe(true);
    expect(fs.existsSync(fileOf(b))).toBe(true);
  });
});

describe('DELETE /merchant/avatar', () => {
  it('clears the avatar, deletes the file and records an audit row; a second call is harmless', async () => {
    const current = (await profileOf(aliceCookie)).avatarUrl as string;
    const bobs = (await profileOf(bobCookie)).avatarUrl as string;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/merchant/avatar',
      headers: { cookie: aliceCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { avatarUrl: null }, error: null });
    expect((await profileOf(aliceCookie)).avatarUrl).toBeNull();
    expect(fs.existsSync(fileOf(current))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: current })).statusCode).toBe(404);
    // Bob's avatar is untouched.
    expect(fs.existsSync(fileOf(bobs))).toBe(true);
    expect((await profileOf(bobCookie)).avatarUrl).toBe(bobs);

    const again = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/merchant/avatar',
      headers: { cookie: aliceCookie },
    });
    expect(again.statusCode).toBe(200);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('before')
      .where('action', '=', 'avatar.removed')
      .where('entity_id', '=', alice.id)
      .execute();
    expect(audit).toEqual([{ before: { avatarUrl: current } }]);
  });
});
