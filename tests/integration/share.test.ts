import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, referralClicks } from '@/lib/db/schema';
import { LIMITS } from '@/lib/http/rate-limit';
import type { FeedResponse } from '@/features/reels/schemas';
import { shareMetadata } from '@/features/sharing/server/metadata';
import { SHARE_IMAGE_MAX_BYTES, shareImageKey } from '@/features/sharing/server/og-image';
import { resolveShare, shareImageVersion, type ReelCard } from '@/features/sharing/server/share';
import { referralCodeOf } from '@/features/referrals/server/codes';
import { isCrawler, recordShareReferral } from '@/app/share/_lib/referral';
import { Seed } from '@/tests/fixtures/seed';

const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

async function slugOf(id: string): Promise<string> {
  const { db } = await getDb();
  const [r] = await db.select({ s: contentItems.share_slug }).from(contentItems).where(eq(contentItems.id, id));
  return r.s!;
}

function post(path: string, cookie: string, headers: Record<string, string> = {}) {
  return api.request(path, { method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers }, body: '{}' });
}

/** Writes a solid red 720x1280 poster where the media pipeline would. */
async function writePoster(contentId: string): Promise<void> {
  const dir = path.join(process.env.DATA_DIR!, 'media', 'content', contentId);
  fs.mkdirSync(dir, { recursive: true });
  const jpg = await sharp({ create: { width: 720, height: 1280, channels: 3, background: { r: 220, g: 20, b: 20 } } }).jpeg().toBuffer();
  fs.writeFileSync(path.join(dir, 'poster.jpg'), jpg);
}

describe('share slugs', () => {
  it('resolve a reel by its slug, a topic by its slug, a reel by its uuid; unknown or hidden ones resolve to nothing', async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id, { description: 'Net metering explained' });
    const pending = await seed.reel(t.options[0].id, { review_status: 'Pending' });
    const slug = await slugOf(r.id);
    expect(slug).toMatch(/^[0-9a-f]{10}$/);
    expect(await resolveShare(slug)).toMatchObject({ kind: 'reel', id: r.id, slug, description: 'Net metering explained' });
    expect(await resolveShare(r.id)).toMatchObject({ kind: 'reel', id: r.id, slug });
    expect(await resolveShare(t.topic.slug)).toMatchObject({ kind: 'topic', id: t.topic.id, slug: t.topic.slug });
    expect(await resolveShare(await slugOf(pending.id))).toBeNull();
    expect(await resolveShare(pending.id)).toBeNull();
    expect(await resolveShare('0123456789')).toBeNull();
    expect(await resolveShare(UNKNOWN_UUID)).toBeNull();
  });

  it('is on every feed item as share_slug', async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id);
    const res = await api.request(`/feeds-server/api/v1/${r.id}`, { headers: { cookie: seed.viewer().cookie } });
    expect((await res.json()).share_slug).toBe(await slugOf(r.id));
  });
});

describe('GET /feeds-server/api/v2/share/{id}', () => {
  it('sends the shared reel first, then feed page 1 without it, for a share slug and for a content uuid', async () => {
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 3);
    const shared = reels[1];
    const v = seed.viewer();
    for (const id of [await slugOf(shared.id), shared.id]) {
      const res = await api.request(`/feeds-server/api/v2/share/${id}`, { headers: { cookie: v.cookie } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as FeedResponse;
      expect(body.feeds[0].id).toBe(shared.id);
      expect(body.feeds[0].share_slug).toBe(await slugOf(shared.id));
      expect(body.feeds[0].watch_ticket).toMatch(/^\d+\./);
      const ids = body.feeds.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(body.count).toBe(body.feeds.length);
      expect(body).toHaveProperty('tldr');
      expect(body).toHaveProperty('button_configs');
    }
  });

  it("sends a topic's feed for a topic slug", async () => {
    const t = await seed.taxonomy();
    const other = await seed.taxonomy();
    const mine = await seed.reels(t.options[0].id, 2);
    await seed.reels(other.options[0].id, 2);
    const res = await api.request(`/feeds-server/api/v2/share/${t.topic.slug}`, { headers: { cookie: seed.viewer().cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as FeedResponse;
    expect(body.feeds.map((f) => f.id)).toEqual(mine.map((r) => r.id));
  });

  it('answers 404 content_not_found for unknown, hidden or malformed ids, and 422 for an unknown query key', async () => {
    const t = await seed.taxonomy();
    const processing = await seed.reel(t.options[0].id, { status: 'processing' });
    const v = seed.viewer();
    for (const id of [UNKNOWN_UUID, '0123456789', processing.id, 'no%20such%20thing', '-bad']) {
      const res = await api.request(`/feeds-server/api/v2/share/${id}`, { headers: { cookie: v.cookie } });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'content_not_found', message: expect.any(String) } });
    }
    const r = await seed.reel(t.options[0].id);
    const bad = await api.request(`/feeds-server/api/v2/share/${r.id}?page=x`, { headers: { cookie: v.cookie } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.code).toBe('validation_failed');
  });
});

describe('GET /feeds-server/api/v2/share/{id}/image.jpg', () => {
  it('is a 1200x630 JPEG under 300 KB with the poster on the left, the same bytes and ETag the second time, 304 on If-None-Match', async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id, { description: 'How much subsidy do I get for a 3 kW system?' });
    await writePoster(r.id);
    const slug = await slugOf(r.id);
    const card = (await resolveShare(slug)) as ReelCard;
    const v = shareImageVersion(card);
    const url = `/feeds-server/api/v2/share/${slug}/image.jpg?v=${v}`;
    const first = await api.request(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toBe(`"${v}"`);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.length).toBeLessThan(SHARE_IMAGE_MAX_BYTES);
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    // The poster fills the left panel (red), the card is the brand's navy on the right.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [pr, pg] = px(30, 30);
    expect(pr).toBeGreaterThan(180);
    expect(pg).toBeLessThan(60);
    const [nr, , nb] = px(1180, 600);
    expect(nb).toBeGreaterThan(nr);
    // Stored in media storage under its version.
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, 'media', shareImageKey(card)))).toBe(true);

    const second = await api.request(url);
    expect(second.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);

    const cond = await api.request(url, { headers: { 'if-none-match': etag! } });
    expect(cond.status).toBe(304);
    expect(await cond.text()).toBe('');

    // Without the version (or with an old one) the picture comes with a short lifetime.
    const bare = await api.request(`/feeds-server/api/v2/share/${slug}/image.jpg?fbclid=x`);
    expect(bare.status).toBe(200);
    expect(bare.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('draws a Hindi reel without a poster, and a topic; a new description makes a new version', async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id, { lang: 'hi', description: 'क्या मुझे 3 किलोवाट के लिए सब्सिडी मिलेगी?' });
    const slug = await slugOf(r.id);
    const res = await api.request(`/feeds-server/api/v2/share/${slug}/image.jpg`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const before = shareImageVersion((await resolveShare(slug))!);
    const { db } = await getDb();
    await db.update(contentItems).set({ description: 'नई जानकारी' }).where(eq(contentItems.id, r.id));
    expect(shareImageVersion((await resolveShare(slug))!)).not.toBe(before);

    const topic = await api.request(`/feeds-server/api/v2/share/${t.topic.slug}/image.jpg`);
    expect(topic.status).toBe(200);
    expect(topic.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 404 in the one error shape for an unknown id', async () => {
    const res = await api.request(`/feeds-server/api/v2/share/${UNKNOWN_UUID}/image.jpg`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('content_not_found');
  });
});

describe('GET /feeds-server/api/v2/share/{id}/video.m3u8', () => {
  it("redirects a reel to its freshly signed HLS master and has none for a topic", async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id);
    const res = await api.request(`/feeds-server/api/v2/share/${await slugOf(r.id)}/video.m3u8`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^/media/[^/]+/${r.id}/master\\.m3u8$`));
    expect((await api.request(`/feeds-server/api/v2/share/${t.topic.slug}/video.m3u8`)).status).toBe(404);
  });
});

describe('POST /api/reel/{id}', () => {
  it('makes the image once (idempotent) and says where it is', async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id);
    const slug = await slugOf(r.id);
    const v = seed.viewer();
    const a = await post(`/api/reel/${r.id}`, v.cookie);
    expect(a.status).toBe(200);
    const body = await a.json();
    expect(body).toMatchObject({ ok: true, slug, image: expect.stringMatching(new RegExp(`^/feeds-server/api/v2/share/${slug}/image\\.jpg\\?v=[0-9a-f]{12}$`)) });
    const b = await (await post(`/api/reel/${slug}`, v.cookie)).json();
    expect(b).toEqual(body);
    const card = (await resolveShare(slug))!;
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, 'media', shareImageKey(card)))).toBe(true);
  });

  it('answers 422 for a malformed id and 404 for an unknown one', async () => {
    const v = seed.viewer();
    const bad = await post('/api/reel/not%20a%20slug!', v.cookie);
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.code).toBe('validation_failed');
    const unknown = await post(`/api/reel/${UNKNOWN_UUID}`, v.cookie);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('content_not_found');
  });

  it('refuses a foreign Origin (403), a caller without a visitor (401) and a form post (415)', async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    const foreign = await post(`/api/reel/${r.id}`, v.cookie, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('origin_not_allowed');
    const none = await api.request(`/api/reel/${r.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(401);
    const form = await api.request(`/api/reel/${r.id}`, { method: 'POST', headers: { cookie: v.cookie, 'content-type': 'text/plain' }, body: 'x' });
    expect(form.status).toBe(415);
  });

  it('limits a visitor to the events rate (120 a minute): then 429 with Retry-After', async () => {
    const v = seed.viewer();
    const perMinute = LIMITS.events.perVisitor!;
    for (let i = 0; i < perMinute; i++) expect((await post('/api/reel/bad!', v.cookie)).status).toBe(422);
    const res = await post(`/api/reel/${UNKNOWN_UUID}`, v.cookie);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(`/api/reel/${UNKNOWN_UUID}`, seed.viewer().cookie)).status).toBe(404);
  });
});

describe('share page tags', () => {
  it('are absolute, without the query, with the image size and type, og:video and the locale of the reel', async () => {
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id, { lang: 'hi', description: 'सोलर सब्सिडी' });
    const slug = await slugOf(r.id);
    const card = (await resolveShare(slug))!;
    const m = shareMetadata(card, 'https://surya.example', {
      title: 'T', description: 'D', imageAlt: 'A', siteName: 'SuryaReels', locale: 'en_IN',
    });
    const page = `https://surya.example/share/${slug}`;
    expect(m.alternates?.canonical).toBe(page);
    const og = m.openGraph as Record<string, unknown>;
    expect(og).toMatchObject({ url: page, siteName: 'SuryaReels', locale: 'hi_IN', type: 'video.other', title: 'T', description: 'D' });
    expect(og.images).toEqual([{
      url: `https://surya.example/feeds-server/api/v2/share/${slug}/image.jpg?v=${shareImageVersion(card)}`,
      secureUrl: `https://surya.example/feeds-server/api/v2/share/${slug}/image.jpg?v=${shareImageVersion(card)}`,
      width: 1200, height: 630, type: 'image/jpeg', alt: 'A',
    }]);
    expect(og.videos).toEqual([{
      url: `https://surya.example/feeds-server/api/v2/share/${slug}/video.m3u8`,
      secureUrl: `https://surya.example/feeds-server/api/v2/share/${slug}/video.m3u8`,
      type: 'application/x-mpegURL', width: 720, height: 1280,
    }]);
    expect(m.twitter).toMatchObject({ card: 'summary_large_image', images: [{ url: (og.images as Array<{ url: string }>)[0].url, alt: 'A' }] });

    const topic = shareMetadata((await resolveShare(t.topic.slug))!, 'https://surya.example', {
      title: 'T', description: 'D', imageAlt: 'A', siteName: 'SuryaReels', locale: 'en_IN',
    });
    expect((topic.openGraph as Record<string, unknown>).videos).toBeUndefined();
    expect(topic.alternates?.canonical).toBe(`https://surya.example/share/${t.topic.slug}`);
  });
});

describe('?ref= on a share page', () => {
  it('records a referral click for the visitor with the utm parameters, like /r/<code>; once per visitor', async () => {
    const sharer = await seed.signedIn({ name: 'Asha' });
    const { db } = await getDb();
    const code = await referralCodeOf(db, sharer.user.id);
    const v = seed.viewer();
    const sp = { ref: code, utm_source: 'whatsapp', utm_medium: 'share', utm_campaign: 'reel', campaign: 'awa', lang: ['en', 'hi'] };
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    await recordShareReferral(v.id, sp, phone);
    await recordShareReferral(v.id, sp, phone);
    const rows = await db.select().from(referralClicks).where(eq(referralClicks.viewer_id, v.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      referrer_user_id: sharer.user.id, deal_id: null,
      utm: { utm_source: 'whatsapp', utm_medium: 'share', utm_campaign: 'reel' },
    });
  });

  it("records nothing without a code, for an unknown or malformed one, or for a crawler's fetch", async () => {
    const v = seed.viewer();
    const sharer = await seed.signedIn();
    const { db } = await getDb();
    const code = await referralCodeOf(db, sharer.user.id);
    await recordShareReferral(v.id, { utm_source: 'whatsapp' }, null);
    await recordShareReferral(v.id, { ref: 'ZZZZ9999' }, null);
    await recordShareReferral(v.id, { ref: '<script>' }, null);
    // A chat app's crawler drawing the preview is nobody's referral.
    for (const ua of ['WhatsApp/2.23.20.0 A', 'TelegramBot (like TwitterBot)', 'facebookexternalhit/1.1']) {
      expect(isCrawler(ua)).toBe(true);
      await recordShareReferral(v.id, { ref: code }, ua);
    }
    expect(await db.select().from(referralClicks).where(eq(referralClicks.viewer_id, v.id))).toHaveLength(0);
  });
});
