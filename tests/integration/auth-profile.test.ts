import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import sharp from 'sharp';
import { format, subYears } from 'date-fns';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { follows, newsletterConsents, userRoles, users, watchProgress } from '@/lib/db/schema';
import { avatarIdOfUrl } from '@/lib/storage/media-storage';
import { getStorage } from '@/lib/storage/storage';
import { initMediaSigning } from '@/lib/storage/signing';
import { setProfilePicture } from '@/features/auth/server/picture';
import { smallPng } from '../fixtures/image';
import { Seed } from '../fixtures/seed';
import { listenMedia } from '../fixtures/ready-reel';

/**
 * The profile endpoints (docs/api/accounts.md "Profile"): editing me, the
 * profile picture, public profiles, username check and creator search,
 * follows, newsletter consent and the videos watched; who may call them,
 * the Origin check, and that a refused request changes nothing.
 */
const api = buildApi();
const seed = new Seed();
const emails: string[] = [];
const EVIL = { origin: 'https://evil.example' };

beforeAll(() => initMediaSigning());
afterEach(async () => {
  const { db } = await getDb();
  if (emails.length) await db.delete(newsletterConsents).where(inArray(newsletterConsents.email, emails.splice(0)));
  await seed.cleanup();
});
afterAll(() => seed.cleanup());

type Json = Record<string, unknown> & { error?: { code: string; message: string } };

function send(method: string, p: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) {
  return api.request(p, {
    method,
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const get = (p: string, cookie = '') => api.request(p, { headers: cookie ? { cookie } : {} });
const patchMe = (cookie: string, body: unknown, headers: Record<string, string> = {}) => send('PATCH', '/auth/api/v1/user/me', cookie, body, headers);
const json = async (res: Response) => (await res.json()) as Json;

/** A username nobody else in this (possibly shared) database has. */
const freshUsername = (stem = 'u') => `${stem}_${nanoid(10).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
/** A fresh address, removed with its consent rows after the test. */
function freshEmail(): string {
  const e = `p${nanoid(10).toLowerCase().replace(/[^a-z0-9]/g, 'x')}@example.in`;
  emails.push(e);
  return e;
}

async function userRow(id: string) {
  const { db } = await getDb();
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

describe('PATCH /auth/api/v1/user/me', () => {
  it('edits name, username, bio, gender and date of birth and answers the user view', async () => {
    const me = await seed.signedIn();
    const username = freshUsername('Asha.V');
    const res = await patchMe(me.cookie, {
      name: '  Asha Verma ', username: username.toUpperCase(), bio: 'Rooftop solar since 2021.', gender: 'female', dob: '1990-04-12',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const view = await json(res);
    expect(view).toMatchObject({
      userId: me.user.id, name: 'Asha Verma', username: username.toLowerCase(), bio: 'Rooftop solar since 2021.',
      gender: 'female', dob: '1990-04-12', isUserVisitor: false,
    });
    expect(view.phone).toMatch(/^\+91 \*{6}\d{4}$/);
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ name: 'Asha Verma', username: username.toLowerCase(), gender: 'female', dob: '1990-04-12' });
  });

  it('refuses a short name and a bad email with the SPEC messages, in the interface language', async () => {
    const me = await seed.signedIn();
    const short = await json(await patchMe(me.cookie, { name: ' Al ' }));
    expect(short.error).toEqual({ code: 'validation_failed', message: 'name: Name must be 3 Character long' });
    const email = await json(await patchMe(me.cookie, { email: 'asha@' }));
    expect(email.error).toEqual({ code: 'validation_failed', message: 'email: Please enter valid email' });
    const hindi = await json(await patchMe(`${me.cookie}; NEXT_LOCALE=hi`, { name: 'Al' }));
    expect(hindi.error?.message).toMatch(/^name: .*[\u0900-\u097F]/);
    expect((await userRow(me.user.id)).name).toBe('Test User');
  });

  it('refuses every malformed field with 422 naming it, and changes nothing', async () => {
    const me = await seed.signedIn();
    const tooYoung = format(subYears(new Date(), 10), 'yyyy-MM-dd');
    const cases: Array<[unknown, string]> = [
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ username: 'ab' }, 'username'],
      [{ username: 'a b c' }, 'username'],
      [{ username: 'asha..v' }, 'username'],
      [{ username: '.asha' }, 'username'],
      [{ username: 'x'.repeat(31) }, 'username'],
      [{ username: 'Admin' }, 'username'],
      [{ username: 'aśha' }, 'username'],
      [{ bio: 'x'.repeat(161) }, 'bio'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: '' }, 'email'],
      [{ gender: 'robot' }, 'gender'],
      [{ dob: '2001-02-30' }, 'dob'],
      [{ dob: '12/04/1990' }, 'dob'],
      [{ dob: tooYoung }, 'dob'],
      [{ dob: '1890-01-01' }, 'dob'],
      [{ onboardingStatus: 'INITIAL_ONBOARDING' }, 'onboardingStatus'],
      [{ onboardingStatus: 'DONE' }, 'onboardingStatus'],
      [{ phone: '+919812345678' }, 'phone'],
      [{ is_amb: true }, 'is_amb'],
      [{}, 'body'],
      [[], 'body'],
      [null, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await patchMe(me.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const b = await json(res);
      expect(b.error?.code).toBe('validation_failed');
      expect(b.error?.message, JSON.stringify(body)).toMatch(new RegExp(`^${field}\\b`));
    }
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ name: 'Test User', username: null, bio: '', email: null, gender: null, dob: null, onboarding_status: 'INITIAL_ONBOARDING' });
  });

  it('answers 400 for a body that is not JSON, 415 for another content type, 413 for a large one', async () => {
    const me = await seed.signedIn();
    expect((await patchMe(me.cookie, '{"name": ')).status).toBe(400);
    const form = await api.request('/auth/api/v1/user/me', {
      method: 'PATCH', headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=Asha+Verma',
    });
    expect(form.status).toBe(415);
    expect((await json(form)).error?.code).toBe('unsupported_media_type');
    const big = await patchMe(me.cookie, { name: 'Asha Verma', bio: 'x'.repeat(9000) });
    expect(big.status).toBe(413);
    expect((await userRow(me.user.id)).name).toBe('Test User');
  });

  it('answers 409 username_taken for another user\'s username and changes no other field of the same edit', async () => {
    const a = await seed.signedIn();
    const b = await seed.signedIn();
    const taken = freshUsername('taken');
    expect((await patchMe(a.cookie, { username: taken })).status).toBe(200);
    const res = await patchMe(b.cookie, { name: 'Bhavna Rao', username: taken.toUpperCase() });
    expect(res.status).toBe(409);
    expect((await json(res)).error?.code).toBe('username_taken');
    expect(await userRow(b.user.id)).toMatchObject({ name: 'Test User', username: null });
    // Keeping one's own username is no conflict.
    expect((await patchMe(a.cookie, { username: taken, name: 'Asha Verma' })).status).toBe(200);
  });

  it('stores an email lower-cased and unverified, refuses one another user has (409), and clears it with null', async () => {
    const a = await seed.signedIn();
    const b = await seed.signedIn();
    const email = freshEmail();
    const { db } = await getDb();
    // a's address came from Google: verified.
    await db.update(users).set({ email, email_verified: true }).where(eq(users.id, a.user.id));

    const taken = await patchMe(b.cookie, { email: `  ${email.toUpperCase()} ` });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error?.code).toBe('email_taken');
    expect((await userRow(b.user.id)).email).toBeNull();

    // The same address again keeps its verification; another one is typed in, so unverified.
    expect(await json(await patchMe(a.cookie, { email: email.toUpperCase() }))).toMatchObject({ email, emailVerified: true });
    const other = freshEmail();
    expect(await json(await patchMe(a.cookie, { email: other }))).toMatchObject({ email: other, emailVerified: false });
    expect(await json(await patchMe(b.cookie, { email }))).toMatchObject({ email, emailVerified: false });
    expect(await json(await patchMe(a.cookie, { email: null, gender: null, dob: null }))).toMatchObject({ email: null, gender: null, dob: null });
  });

  it('moves onboarding INITIAL_ONBOARDING -> ONBOARDING_COMPLETED once; completing again changes nothing', async () => {
    const me = await seed.signedIn();
    const first = await json(await patchMe(me.cookie, { onboardingStatus: 'ONBOARDING_COMPLETED' }));
    expect(first.onboardingStatus).toBe('ONBOARDING_COMPLETED');
    expect((await json(await patchMe(me.cookie, { onboardingStatus: 'ONBOARDING_COMPLETED' }))).onboardingStatus).toBe('ONBOARDING_COMPLETED');
    expect((await patchMe(me.cookie, { onboardingStatus: 'INITIAL_ONBOARDING' })).status).toBe(422);
    expect((await userRow(me.user.id)).onboarding_status).toBe('ONBOARDING_COMPLETED');
  });

  it('is the caller\'s own profile only: a visitor gets 401, a cookie-less client 401, another site 403', async () => {
    const a = await seed.signedIn();
    const b = await seed.signedIn({ name: 'Bhavna Rao' });
    const visitor = seed.viewer();
    const v = await patchMe(visitor.cookie, { name: 'Visitor Name' });
    expect(v.status).toBe(401);
    expect((await json(v)).error?.code).toBe('login_required');
    const none = await patchMe('', { name: 'Nobody Here' });
    expect(none.status).toBe(401);
    expect((await json(none)).error?.code).toBe('visitor_required');
    const evil = await patchMe(a.cookie, { name: 'Evil Edit' }, EVIL);
    expect(evil.status).toBe(403);
    expect((await json(evil)).error?.code).toBe('origin_not_allowed');
    // b's session edits b, whatever b sends.
    expect(await json(await patchMe(b.cookie, { name: 'Bhavna R' }))).toMatchObject({ userId: b.user.id, name: 'Bhavna R' });
    expect((await userRow(a.user.id)).name).toBe('Test User');
  });
});

/* ---- Profile picture ---- */

/** A 300x200 JPEG, left half red and right half blue, that says "rotate 90° clockwise" and carries EXIF with GPS, ICC and XMP. */
async function photoWithMetadata(): Promise<Buffer> {
  const base = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: { create: { width: 150, height: 200, channels: 3, background: { r: 0, g: 0, b: 255 } } }, left: 150, top: 0 }])
    .png().toBuffer();
  return sharp(base).jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Asha Verma', Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 30/1' } })
    .withIccProfile('p3')
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Asha</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>')
    .toBuffer();
}

function uploadMultipart(cookie: string, file: Blob | string | null, headers: Record<string, string> = {}, name = 'file') {
  const form = new FormData();
  if (typeof file === 'string') form.append(name, file);
  else if (file !== null) form.append(name, file, 'photo.jpg');
  return api.request('/auth/api/v1/user/profile-picture', { method: 'POST', headers: { cookie, ...headers }, body: form });
}
function uploadRaw(cookie: string, bytes: Uint8Array, type: string, headers: Record<string, string> = {}) {
  return api.request('/auth/api/v1/user/profile-picture', {
    method: 'POST', headers: { cookie, 'content-type': type, ...headers }, body: new Uint8Array(bytes),
  });
}

/** The stored file of a picture URL, on the local media storage the tests use. */
function storedFile(url: string): string {
  const storage = getStorage();
  if (storage.kind !== 'local') throw new Error('tests use local storage');
  return storage.filePath(`avatars/${avatarIdOfUrl(url)}/pic.webp`);
}
function avatarDirs(): string[] {
  const storage = getStorage();
  if (storage.kind !== 'local') throw new Error('tests use local storage');
  const dir = path.join(storage.root, 'avatars');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe('POST /auth/api/v1/user/profile-picture', () => {
  it('stores a 256x256 WebP turned upright by EXIF, with no EXIF, GPS, ICC or XMP left', async () => {
    const me = await seed.signedIn();
    const photo = await photoWithMetadata();
    const inMeta = await sharp(photo).metadata();
    expect(inMeta.exif && inMeta.icc && inMeta.xmp).toBeTruthy();
    expect(inMeta.exif!.toString('latin1')).toContain('PhoneCam');

    const res = await uploadMultipart(me.cookie, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    expect(res.status).toBe(200);
    const view = await json(res);
    expect(view.pic).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\/pic\.webp$/);
    expect((await userRow(me.user.id)).pic).toBe(view.pic);

    const stored = fs.readFileSync(storedFile(view.pic as string));
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
    expect(stored.includes(Buffer.from('Asha'))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    // Upright: the photo's left (red) half is now on top, its right (blue) half at the bottom.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [r1, , b1] = px(128, 10);
    const [r2, , b2] = px(128, 245);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('takes a raw image body, replaces the previous picture and deletes its file; the picture is served', async () => {
    const me = await seed.signedIn();
    const first = await json(await uploadRaw(me.cookie, await smallPng(), 'image/png'));
    const firstFile = storedFile(first.pic as string);
    expect(fs.existsSync(firstFile)).toBe(true);
    const second = await json(await uploadMultipart(me.cookie, new Blob([new Uint8Array(await photoWithMetadata())], { type: 'image/jpeg' })));
    expect(second.pic).not.toBe(first.pic);
    expect(fs.existsSync(firstFile)).toBe(false);
    expect(fs.existsSync(storedFile(second.pic as string))).toBe(true);

    const { server, base } = await listenMedia();
    try {
      const served = await new Promise<{ status: number; type?: string; cache?: string; size: number }>((resolve, reject) => {
        http.get(`${base}${second.pic}`, (r) => {
          let size = 0;
          r.on('data', (c: Buffer) => { size += c.length; });
          r.on('end', () => resolve({ status: r.statusCode ?? 0, type: r.headers['content-type'], cache: r.headers['cache-control'], size }));
        }).on('error', reject);
      });
      expect(served).toMatchObject({ status: 200, type: 'image/webp', cache: 'public, max-age=31536000, immutable' });
      expect(served.size).toBe(fs.statSync(storedFile(second.pic as string)).size);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('refuses more than 5 MB with 413 image_too_large, by Content-Length and inside a form', async () => {
    const me = await seed.signedIn();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    const raw = await uploadRaw(me.cookie, big, 'image/jpeg');
    expect(raw.status).toBe(413);
    expect((await json(raw)).error?.code).toBe('image_too_large');
    const form = await uploadMultipart(me.cookie, new Blob([big], { type: 'image/jpeg' }));
    expect(form.status).toBe(413);
    expect((await json(form)).error?.code).toBe('image_too_large');
    expect((await userRow(me.user.id)).pic).toBeNull();
  });

  it('refuses what is not a usable image (415), a form without a file (422), a corrupt image (422)', async () => {
    const me = await seed.signedIn();
    const before = avatarDirs();
    const text = await uploadRaw(me.cookie, new TextEncoder().encode('just some text, not a picture'), 'image/png');
    expect(text.status).toBe(415);
    expect((await json(text)).error?.code).toBe('unsupported_image');
    const svg = await uploadMultipart(me.cookie, new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], { type: 'image/svg+xml' }));
    expect(svg.status).toBe(415);
    expect((await json(svg)).error?.code).toBe('unsupported_image');
    const plain = await uploadRaw(me.cookie, await smallPng(), 'text/plain');
    expect(plain.status).toBe(415);
    expect((await json(plain)).error?.code).toBe('unsupported_media_type');
    const noFile = await uploadMultipart(me.cookie, 'a string, not a file', {}, 'file');
    expect(noFile.status).toBe(422);
    const otherField = await uploadMultipart(me.cookie, new Blob([new Uint8Array(await smallPng())]), {}, 'photo');
    expect(otherField.status).toBe(422);
    // A JPEG whose header is whole but whose picture data stops halfway.
    const noisy = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    const corrupt = await uploadRaw(me.cookie, noisy.subarray(0, Math.floor(noisy.length / 2)), 'image/jpeg');
    expect(corrupt.status).toBe(422);
    expect((await json(corrupt)).error?.code).toBe('invalid_image');
    expect((await userRow(me.user.id)).pic).toBeNull();
    expect(avatarDirs()).toEqual(before);
  });

  it('refuses a decompression bomb (a small file of 42 megapixels) before decoding it', async () => {
    const me = await seed.signedIn();
    const bomb = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = avatarDirs();
    const res = await uploadRaw(me.cookie, bomb, 'image/png');
    expect(res.status).toBe(422);
    expect((await json(res)).error?.code).toBe('image_dimensions_too_large');
    expect(avatarDirs()).toEqual(before);
  });

  it('leaves no file behind when the user row cannot be updated', async () => {
    const { db } = await getDb();
    const before = avatarDirs();
    const ghost = { visitorId: seed.viewer().id, isNewVisitor: false, userId: randomUUID(), roles: [] };
    await expect(setProfilePicture(db, ghost, await smallPng())).rejects.toMatchObject({ status: 401 });
    expect(avatarDirs()).toEqual(before);
  });

  it('is for a signed-in user on this site only', async () => {
    const me = await seed.signedIn();
    const png = await smallPng();
    const visitor = await uploadRaw(seed.viewer().cookie, png, 'image/png');
    expect(visitor.status).toBe(401);
    expect((await json(visitor)).error?.code).toBe('login_required');
    const evil = await uploadRaw(me.cookie, png, 'image/png', EVIL);
    expect(evil.status).toBe(403);
    expect((await userRow(me.user.id)).pic).toBeNull();
  });
});

describe('DELETE /auth/api/v1/user/profile-picture', () => {
  it('removes the picture and its file; a picture that is not ours is only unset', async () => {
    const me = await seed.signedIn();
    const up = await json(await uploadRaw(me.cookie, await smallPng(), 'image/png'));
    const file = storedFile(up.pic as string);
    const res = await send('DELETE', '/auth/api/v1/user/profile-picture', me.cookie);
    expect(res.status).toBe(200);
    expect((await json(res)).pic).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    const { db } = await getDb();
    await db.update(users).set({ pic: '/media/library/owner-abc.png' }).where(eq(users.id, me.user.id));
    expect((await json(await send('DELETE', '/auth/api/v1/user/profile-picture', me.cookie))).pic).toBeNull();
    expect((await send('DELETE', '/auth/api/v1/user/profile-picture', seed.viewer().cookie)).status).toBe(401);
    expect((await send('DELETE', '/auth/api/v1/user/profile-picture', me.cookie, undefined, EVIL)).status).toBe(403);
  });
});

/* ---- Public profiles, search, username ---- */

describe('GET /auth/api/v1/users/{id}/profiles', () => {
  it('shows name, username, bio, picture and counts, never phone or email', async () => {
    const me = await seed.signedIn({ name: 'Asha Verma' });
    const fan = await seed.signedIn();
    const username = freshUsername('asha');
    await patchMe(me.cookie, { username, bio: 'Solar at home', email: freshEmail(), dob: '1990-01-01' });
    await send('POST', '/auth/api/v1/user/follows', fan.cookie, { target_kind: 'creator', target_id: me.user.id });
    const res = await get(`/auth/api/v1/users/${me.user.id}/profiles`);
    expect(res.status).toBe(200);
    const body = await json(res);
    // Not a creator: the first name only (docs/decisions/021; tests/integration/account-rights.test.ts has the rule).
    expect(body).toEqual({
      userId: me.user.id, name: 'Asha', username, bio: 'Solar at home', pic: null, followers: 1, following: 0, posts: 0,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1', "x' or 1=1 --"]) {
      const res = await get(`/auth/api/v1/users/${encodeURIComponent(id)}/profiles`);
      expect(res.status, id).toBe(404);
      expect((await json(res)).error?.code).toBe('user_not_found');
    }
  });
});

describe('GET /auth/api/v1/users?q=', () => {
  it('finds creators by name or username (at most 20), never other users, and reads % literally', async () => {
    const { db } = await getDb();
    const tag = nanoid(6).toLowerCase().replace(/[^a-z0-9]/g, 'x');
    const creators = [];
    for (let i = 0; i < 22; i++) {
      const u = await seed.user(`Kiran ${tag} ${String(i).padStart(2, '0')}`);
      await db.insert(userRoles).values({ user_id: u.id, role: 'CREATOR', topic_id: null });
      creators.push(u);
    }
    const plain = await seed.user(`Kiran ${tag} plain`);
    const byName = await json(await get(`/auth/api/v1/users?q=${encodeURIComponent(`kiran ${tag}`)}`));
    const hits = byName.users as Array<{ userId: string; name: string }>;
    expect(hits).toHaveLength(20);
    expect(hits.map((h) => h.userId)).not.toContain(plain.id);
    expect(Object.keys(hits[0]).sort()).toEqual(['name', 'pic', 'userId', 'username']);

    // A creator by owning a ready reel, found by username.
    const tax = await seed.taxonomy();
    const owner = await seed.user('Meera Owner');
    const uname = freshUsername('meera');
    await db.update(users).set({ username: uname }).where(eq(users.id, owner.id));
    await seed.reel(tax.options[0].id, { user_id: owner.id });
    const byUsername = await json(await get(`/auth/api/v1/users?q=${uname.slice(0, 12)}`));
    expect((byUsername.users as Array<{ userId: string }>).map((h) => h.userId)).toContain(owner.id);

    expect((await json(await get('/auth/api/v1/users?q=%25%25'))).users).toEqual([]);
    for (const q of ['', 'k', 'x'.repeat(61)]) expect((await get(`/auth/api/v1/users?q=${q}`)).status, q).toBe(422);
    expect((await get('/auth/api/v1/users')).status).toBe(422);
  });
});

describe('GET /auth/api/v1/user/query?username=', () => {
  it('tells a signed-in user whether a username is free; their own counts as free', async () => {
    const a = await seed.signedIn();
    const b = await seed.signedIn();
    const taken = freshUsername('taken');
    await patchMe(a.cookie, { username: taken });
    expect(await json(await get(`/auth/api/v1/user/query?username=${taken.toUpperCase()}`, b.cookie))).toEqual({ username: taken, available: false });
    expect(await json(await get(`/auth/api/v1/user/query?username=${taken}`, a.cookie))).toEqual({ username: taken, available: true });
    const free = freshUsername('free');
    expect(await json(await get(`/auth/api/v1/user/query?username=${free}`, b.cookie))).toEqual({ username: free, available: true });
    for (const u of ['ab', 'admin', 'a%20b']) expect((await get(`/auth/api/v1/user/query?username=${u}`, b.cookie)).status, u).toBe(422);
    const v = await get(`/auth/api/v1/user/query?username=${free}`, seed.viewer().cookie);
    expect(v.status).toBe(401);
  });
});

/* ---- Follows ---- */

describe('/auth/api/v1/user/follows', () => {
  it('follows a topic and a creator once each, lists them, and unfollows idempotently', async () => {
    const me = await seed.signedIn();
    const creator = await seed.signedIn({ name: 'Ravi Creator' });
    const tax = await seed.taxonomy();
    const topic = { target_kind: 'topic', target_id: tax.topic.id };
    const person = { target_kind: 'creator', target_id: creator.user.id.toUpperCase() };

    const first = await send('POST', '/auth/api/v1/user/follows', me.cookie, topic);
    expect(first.status).toBe(201);
    expect(await json(first)).toEqual({ ...topic, following: true });
    expect((await send('POST', '/auth/api/v1/user/follows', me.cookie, topic)).status).toBe(200);
    expect((await send('POST', '/auth/api/v1/user/follows', me.cookie, person)).status).toBe(201);

    const list = await json(await get('/auth/api/v1/user/follows', me.cookie));
    const entries = list.follows as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(expect.arrayContaining([
      expect.objectContaining({ target_kind: 'topic', target_id: tax.topic.id, name: tax.topic.name }),
      expect.objectContaining({ target_kind: 'creator', target_id: creator.user.id, name: 'Ravi Creator' }),
    ]));
    expect((await json(await get('/auth/api/v1/user/me', me.cookie))).following).toBe(2);
    expect((await json(await get(`/auth/api/v1/users/${creator.user.id}/profiles`))).followers).toBe(1);

    const un = await send('DELETE', '/auth/api/v1/user/follows', me.cookie, topic);
    expect(un.status).toBe(200);
    expect(await json(un)).toEqual({ ...topic, following: false });
    expect((await send('DELETE', '/auth/api/v1/user/follows', me.cookie, topic)).status).toBe(200);
    expect(((await json(await get('/auth/api/v1/user/follows', me.cookie))).follows as unknown[])).toHaveLength(1);
  });

  it('refuses yourself (422), an unknown target (404) and malformed bodies (422)', async () => {
    const me = await seed.signedIn();
    const self = await send('POST', '/auth/api/v1/user/follows', me.cookie, { target_kind: 'creator', target_id: me.user.id });
    expect(self.status).toBe(422);
    expect((await json(self)).error?.code).toBe('cannot_follow_self');
    const noTopic = await send('POST', '/auth/api/v1/user/follows', me.cookie, { target_kind: 'topic', target_id: randomUUID() });
    expect(noTopic.status).toBe(404);
    expect((await json(noTopic)).error?.code).toBe('topic_not_found');
    const noUser = await send('POST', '/auth/api/v1/user/follows', me.cookie, { target_kind: 'creator', target_id: randomUUID() });
    expect(noUser.status).toBe(404);
    expect((await json(noUser)).error?.code).toBe('user_not_found');
    for (const body of [{ target_kind: 'reel', target_id: randomUUID() }, { target_kind: 'topic', target_id: 'abc' }, { target_kind: 'topic' }, { target_kind: 'topic', target_id: randomUUID(), x: 1 }]) {
      expect((await send('POST', '/auth/api/v1/user/follows', me.cookie, body)).status, JSON.stringify(body)).toBe(422);
    }
    const { db } = await getDb();
    expect(await db.select().from(follows).where(eq(follows.user_id, me.user.id))).toEqual([]);
  });

  it('is for a signed-in user on this site only', async () => {
    const me = await seed.signedIn();
    const tax = await seed.taxonomy();
    const body = { target_kind: 'topic', target_id: tax.topic.id };
    const visitor = seed.viewer();
    expect((await send('POST', '/auth/api/v1/user/follows', visitor.cookie, body)).status).toBe(401);
    expect((await get('/auth/api/v1/user/follows', visitor.cookie)).status).toBe(401);
    expect((await send('POST', '/auth/api/v1/user/follows', me.cookie, body, EVIL)).status).toBe(403);
    expect((await send('DELETE', '/auth/api/v1/user/follows', me.cookie, body, EVIL)).status).toBe(403);
    const { db } = await getDb();
    expect(await db.select().from(follows).where(eq(follows.user_id, me.user.id))).toEqual([]);
  });
});

/* ---- Newsletter ---- */

describe('/auth/api/v1/newsletter/subscribe', () => {
  async function consent(email: string) {
    const { db } = await getDb();
    const [row] = await db.select().from(newsletterConsents).where(eq(newsletterConsents.email, email));
    return row;
  }

  it('records a visitor\'s consent with its time, lower-cased; consenting again after a withdrawal renews it', async () => {
    const v = seed.viewer();
    const email = freshEmail();
    const before = Date.now();
    const res = await send('POST', '/auth/api/v1/newsletter/subscribe', v.cookie, { email: email.toUpperCase(), consent: true });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ email, subscribed: true });
    const row = await consent(email);
    expect(row).toMatchObject({ email, viewer_id: v.id, user_id: null, withdrawn_at: null });
    expect(row.consented_at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const out = await send('DELETE', '/auth/api/v1/newsletter/subscribe', v.cookie, { email });
    expect(await json(out)).toEqual({ email, subscribed: false });
    expect((await consent(email)).withdrawn_at).toBeInstanceOf(Date);

    const me = await seed.signedIn();
    await send('POST', '/auth/api/v1/newsletter/subscribe', me.cookie, { email, consent: true });
    expect(await consent(email)).toMatchObject({ withdrawn_at: null, user_id: me.user.id, viewer_id: me.principal.visitorId });
  });

  it('lets only the one who consented withdraw; anyone else is answered the same and changes nothing', async () => {
    const v = seed.viewer();
    const email = freshEmail();
    await send('POST', '/auth/api/v1/newsletter/subscribe', v.cookie, { email, consent: true });
    const stranger = await send('DELETE', '/auth/api/v1/newsletter/subscribe', seed.viewer().cookie, { email });
    expect(stranger.status).toBe(200);
    expect((await consent(email)).withdrawn_at).toBeNull();
  });

  it('needs consent literally true and a valid email; a cookie-less client 401, another site 403', async () => {
    const v = seed.viewer();
    const email = freshEmail();
    for (const body of [{ email }, { email, consent: 'true' }, { email, consent: false }, { email, consent: 1 }]) {
      expect((await send('POST', '/auth/api/v1/newsletter/subscribe', v.cookie, body)).status, JSON.stringify(body)).toBe(422);
    }
    const bad = await json(await send('POST', '/auth/api/v1/newsletter/subscribe', v.cookie, { email: 'asha@', consent: true }));
    expect(bad.error?.message).toBe('email: Please enter valid email');
    expect((await send('POST', '/auth/api/v1/newsletter/subscribe', '', { email, consent: true })).status).toBe(401);
    expect((await send('POST', '/auth/api/v1/newsletter/subscribe', v.cookie, { email, consent: true }, EVIL)).status).toBe(403);
    expect((await send('POST', '/auth/api/v1/newsletter/subscribe', v.cookie, `email=${email}&consent=true`, { 'content-type': 'text/plain' })).status).toBe(415);
    expect(await consent(email)).toBeUndefined();
  });
});

/* ---- Videos watched ---- */

describe('GET /auth/api/v1/user/watched', () => {
  it('lists the home visitor\'s watched reels, newest first, 10 per page, only ready ones and only mine', async () => {
    const me = await seed.signedIn();
    const other = await seed.signedIn();
    const tax = await seed.taxonomy();
    const reels = await seed.reels(tax.options[0].id, 12);
    const [hidden] = await seed.reels(tax.options[0].id, 1, { status: 'processing' });
    const { db } = await getDb();
    const home = me.principal.visitorId;
    const now = Date.now();
    await db.insert(watchProgress).values(reels.map((r, i) => ({
      viewer_id: home, content_id: r.id, watched: true, vid_watched: i % 2 === 0, content_watched: 12, content_length: 30,
      updated_at: new Date(now - (12 - i) * 60_000),
    })));
    await db.insert(watchProgress).values({ viewer_id: home, content_id: hidden.id, watched: true, updated_at: new Date(now) });
    await db.insert(watchProgress).values({ viewer_id: other.principal.visitorId, content_id: reels[0].id, watched: true });

    const p1 = await json(await get('/auth/api/v1/user/watched', me.cookie));
    const items = p1.items as Array<Record<string, unknown>>;
    expect(p1).toMatchObject({ page: 1, page_size: 10, total: 12, has_more: true });
    expect(items.map((i) => i.id)).toEqual(reels.slice(2).reverse().map((r) => r.id));
    expect(items[0]).toMatchObject({
      description: reels[11].description, topic_id: tax.topic.id, topic_name: tax.topic.name, watched: true, vid_watched: false,
      content_watched: 12, content_length: 30,
    });
    expect(items[0].thumbnail).toMatch(new RegExp(`^/media/[^/]+/${reels[11].id}/thumb\\.jpg$`));
    const p2 = await json(await get('/auth/api/v1/user/watched?page=2', me.cookie));
    expect((p2.items as Array<{ id: string }>).map((i) => i.id)).toEqual([reels[1].id, reels[0].id]);
    expect(p2).toMatchObject({ page: 2, total: 12, has_more: false });
    expect(await json(await get('/auth/api/v1/user/watched?page=5', me.cookie))).toMatchObject({ items: [], total: 12, has_more: false });

    const theirs = await json(await get('/auth/api/v1/user/watched', other.cookie));
    expect(theirs).toMatchObject({ total: 1 });
  });

  it('refuses a visitor (401) and a bad page (422)', async () => {
    const me = await seed.signedIn();
    expect((await get('/auth/api/v1/user/watched', seed.viewer().cookie)).status).toBe(401);
    for (const page of ['0', '-1', 'x', '1.5']) expect((await get(`/auth/api/v1/user/watched?page=${page}`, me.cookie)).status, page).toBe(422);
  });
});
