import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { setSingleton } from '@/lib/singleton';
import { Seed } from '@/tests/fixtures/seed';

/**
 * The share page's Open Graph origin: PUBLIC_URL whatever Host the request
 * named, else the request's own (already checked by the request listener).
 * The page's generateMetadata runs as Next would call it; only Next's request
 * headers and next-intl's server helpers are stand-ins.
 */

const requestHeaders = new Map<string, string>();
vi.mock('next/headers', () => ({ headers: async () => new Headers([...requestHeaders]) }));
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: keyof typeof en) => createTranslator({ locale: 'en', messages: en, namespace }),
  getLocale: async () => 'en',
}));

const seed = new Seed();
const saved = { PUBLIC_URL: process.env.PUBLIC_URL };

function setPublicUrl(v: string | undefined) {
  if (v === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = v;
  setSingleton('env', undefined);
}

afterEach(async () => {
  setPublicUrl(saved.PUBLIC_URL);
  requestHeaders.clear();
  await seed.cleanup();
});

describe('GET /share/[slug] (og:url, og:image, canonical)', () => {
  it('with PUBLIC_URL they use it whatever the Host; without, the request\'s own host', async () => {
    const { generateMetadata } = await import('@/app/share/[slug]/page');
    const t = await seed.taxonomy();
    const r = await seed.reel(t.options[0].id, { description: 'Net metering explained' });
    const meta = async () => {
      const m = await generateMetadata({ params: Promise.resolve({ slug: r.id }), searchParams: Promise.resolve({}) });
      const og = m.openGraph as { url: string; images: Array<{ url: string }> };
      return { url: og.url, image: og.images[0].url, canonical: String(m.alternates?.canonical) };
    };

    setPublicUrl('https://solar.example');
    requestHeaders.set('host', 'evil.example');
    const pub = await meta();
    expect(pub.url).toMatch(/^https:\/\/solar\.example\/share\//);
    expect(pub.image).toMatch(/^https:\/\/solar\.example\//);
    expect(pub.canonical).toBe(pub.url);
    expect(JSON.stringify(pub)).not.toContain('evil');

    // Without PUBLIC_URL the Host the listener let through (here localhost) is the origin.
    setPublicUrl(undefined);
    requestHeaders.set('host', 'localhost:3000');
    expect((await meta()).url).toMatch(/^http:\/\/localhost:3000\/share\//);
  });

  it('a slug that does not percent-decode is the 404 page, not a thrown URIError', async () => {
    const { generateMetadata } = await import('@/app/share/[slug]/page');
    await expect(generateMetadata({ params: Promise.resolve({ slug: '%E0%A4' }), searchParams: Promise.resolve({}) }))
      .rejects.toMatchObject({ digest: expect.stringMatching(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/) });
  });
});

describe('decodeRouteParam (every page param that is decoded goes through it)', () => {
  it('decodes exactly once and never throws', async () => {
    const { decodeRouteParam } = await import('@/app/_lib/route-param');
    expect(decodeRouteParam('caf%C3%A9')).toBe('café');
    // Next passes params encoded once: `%25E0` is the text `%E0`, not a byte to decode again.
    expect(decodeRouteParam('%25E0%25A4')).toBe('%E0%A4');
    expect(decodeRouteParam('%E0%A4')).toBeNull();
    expect(decodeRouteParam('%')).toBeNull();
  });
});
