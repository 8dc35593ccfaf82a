import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { categories, options, topics } from '@/lib/db/schema';
import { pictureOfUrl } from '@/lib/storage/media-storage';
import { getStorage } from '@/lib/storage/storage';
import { smallPng } from '../fixtures/image';
import { Seed } from '../fixtures/seed';
import { listenMedia } from '../fixtures/ready-reel';

/**
 * Topic, category and option pictures in the studio (docs/api/studio.md
 * "Pictures"): who may set them, what is stored (a 512x512 WebP with no
 * metadata), that the read side shows them at once, and that a replaced
 * picture's file is deleted.
 */
const api = buildApi();
const seed = new Seed();
const EVIL = { origin: 'https://evil.example' };

afterAll(() => seed.cleanup());

/** A JPEG with EXIF (camera, GPS) and an orientation tag. */
async function photoWithExif(): Promise<Buffer> {
  const base = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer();
  return sharp(base).jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 50/1' } })
    .toBuffer();
}

function upload(path: string, cookie: string, file: Blob, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', file, 'photo.jpg');
  return api.request(path, { method: 'POST', headers: { cookie, ...headers }, body: form });
}
const blob = (b: Buffer, type = 'image/jpeg') => new Blob([new Uint8Array(b)], { type });

/** The stored file of a taxonomy picture URL, on the local media storage the tests use. */
function storedFile(url: string): string {
  const storage = getStorage();
  if (storage.kind !== 'local') throw new Error('tests use local storage');
  const pic = pictureOfUrl(url);
  expect(pic?.kind).toBe('taxonomy');
  return storage.filePath(`taxonomy/${pic!.id}/pic.webp`);
}

const read = async (path: string) => JSON.stringify(await (await api.request(path, { headers: { cookie: seed.viewer().cookie } })).json());

describe('POST and DELETE /uploader/api/v1/{topic|category|option}/{id}/picture', () => {
  it('a curator sets a topic, category and option picture: a 512x512 WebP without EXIF, shown by the read side at once', async () => {
    const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 1 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeTruthy();
    const topicsPath = '/uploader-read/api/v3/topics';
    const catsPath = `/uploader-read/api/v1/${t.topic.id}/category`;
    const optsPath = `/uploader-read/api/v1/${t.topic.id}/${t.categories[0].id}/options`;
    await read(topicsPath);
    await read(catsPath);
    await read(optsPath);

    const targets = [
      { path: `/uploader/api/v1/topic/${t.topic.id}/picture`, table: topics, id: t.topic.id, readPath: topicsPath },
      { path: `/uploader/api/v1/category/${t.categories[0].id}/picture`, table: categories, id: t.categories[0].id, readPath: catsPath },
      { path: `/uploader/api/v1/option/${t.options[0].id}/picture`, table: options, id: t.options[0].id, readPath: optsPath },
    ];
    const { db } = await getDb();
    for (const target of targets) {
      const res = await upload(target.path, curator.cookie, blob(photo));
      expect(res.status).toBe(200);
      const { pic } = (await res.json()) as { pic: string };
      expect(pic).toMatch(/^\/media\/taxonomy\/[0-9a-f]{32}\/pic\.webp$/);
      const [row] = await db.select({ pic: target.table.pic }).from(target.table).where(eq(target.table.id, target.id));
      expect(row.pic).toBe(pic);
      expect(await read(target.readPath)).toContain(pic);
      const stored = fs.readFileSync(storedFile(pic));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('PhoneCam');
    }
    // Served by the media server like a profile picture: public, cached for a year.
    const served = (await db.select({ pic: topics.pic }).from(topics).where(eq(topics.id, t.topic.id)))[0].pic!;
    const { server, base } = await listenMedia();
    try {
      const res = await fetch(`${base}${served}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(storedFile(served)))).toBe(true);
      expect((await fetch(`${base}/media/taxonomy/${'0'.repeat(32)}/pic.webp`)).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }

    // DELETE removes the picture and its file.
    const { pic } = (await (await upload(targets[2].path, curator.cookie, blob(photo))).json()) as { pic: string };
    const del = await api.request(targets[2].path, { method: 'DELETE', headers: { cookie: curator.cookie } });
    expect(del.status).toBe(200);
    expect((await del.json()).pic).toBeNull();
    expect(fs.existsSync(storedFile(pic))).toBe(false);
    const [row] = await db.select({ pic: options.pic }).from(options).where(eq(options.id, t.options[0].id));
    expect(row.pic).toBeNull();
  });

  it('replacing a picture deletes the old file; a raw image body works too', async () => {
    const t = await seed.taxonomy();
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const path = `/uploader/api/v1/category/${t.categories[0].id}/picture`;
    const first = (await (await upload(path, curator.cookie, blob(await photoWithExif()))).json()).pic as string;
    expect(fs.existsSync(storedFile(first))).toBe(true);
    const png = await smallPng();
    const res = await api.request(path, { method: 'POST', headers: { cookie: curator.cookie, 'content-type': 'image/png' }, body: new Uint8Array(png) });
    expect(res.status).toBe(200);
    const second = (await res.json()).pic as string;
    expect(second).not.toBe(first);
    expect(fs.existsSync(storedFile(second))).toBe(true);
    expect(fs.existsSync(storedFile(first))).toBe(false);
  });

  it('refuses a creator, a curator of another topic, a visitor, a non-image, a file over 5 MB and another origin, changing nothing', async () => {
    const t = await seed.taxonomy();
    const other = await seed.taxonomy();
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const creator = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId: t.topic.id }] });
    const otherCurator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: other.topic.id }] });
    const photo = blob(await photoWithExif());
    const paths = [
      `/uploader/api/v1/topic/${t.topic.id}/picture`,
      `/uploader/api/v1/category/${t.categories[0].id}/picture`,
      `/uploader/api/v1/option/${t.options[0].id}/picture`,
    ];
    for (const path of paths) {
      expect((await upload(path, creator.cookie, photo)).status).toBe(403);
      expect((await upload(path, otherCurator.cookie, photo)).status).toBe(403);
      expect((await api.request(path, { method: 'DELETE', headers: { cookie: creator.cookie } })).status).toBe(403);
      expect((await upload(path, seed.viewer().cookie, photo)).status).toBe(401);
      const notImage = await upload(path, curator.cookie, new Blob(['just some text, not a picture'], { type: 'image/jpeg' }));
      expect(notImage.status).toBe(415);
      expect((await notImage.json()).error.code).toBe('unsupported_image');
      const big = await upload(path, curator.cookie, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/jpeg' }));
      expect(big.status).toBe(413);
      expect((await big.json()).error.code).toBe('image_too_large');
      const evil = await upload(path, curator.cookie, photo, EVIL);
      expect(evil.status).toBe(403);
      expect((await evil.json()).error.code).toBe('origin_not_allowed');
    }
    const { db } = await getDb();
    expect((await db.select({ pic: topics.pic }).from(topics).where(eq(topics.id, t.topic.id)))[0].pic).toBe(t.topic.pic);
    expect((await db.select({ pic: categories.pic }).from(categories).where(eq(categories.id, t.categories[0].id)))[0].pic).toBeNull();
    expect((await upload(`/uploader/api/v1/option/${crypto.randomUUID()}/picture`, curator.cookie, photo)).status).toBe(404);
  });
});
