import { describe, expect, it, vi } from 'vitest';
import { assetUrlsIn, forgetStoredPages, isCacheablePage, isFeedApi, isPicture } from './sw-rules';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('isCacheablePage', () => {
  it('stores public pages', () => {
    for (const p of ['/', '/reels', '/explore', '/offline', '/tldr', `/topic/${ID}`, '/share/abc', '/callback']) expect(isCacheablePage(p)).toBe(true);
  });

  it('never stores personal, staff, creator or framed pages', () => {
    for (const p of ['/profile', '/profile/edit', '/rewards', '/invite', '/staff', '/staff/insights', '/studio/upload', '/chat/external/x']) {
      expect(isCacheablePage(p)).toBe(false);
    }
    // A prefix is a whole segment: /profiles would be another page.
    expect(isCacheablePage('/profiles')).toBe(true);
  });
});

describe('isFeedApi and isPicture', () => {
  it('matches the feed reads only', () => {
    expect(isFeedApi('/feeds-server/api/v1/feeds')).toBe(true);
    expect(isFeedApi(`/feeds-server/api/v1/${ID}`)).toBe(true);
    expect(isFeedApi('/api/v1/leads/callback')).toBe(false);
    expect(isFeedApi('/auth/api/v1/me')).toBe(false);
  });

  it('keeps posters, thumbnails and library pictures, never playlists or segments', () => {
    expect(isPicture(`/media/tok.en_1/${ID}/poster.jpg`)).toBe(true);
    expect(isPicture(`/media/tok/${ID}/thumb.jpg`)).toBe(true);
    expect(isPicture('/media/library/solar-panel-1a2b.png')).toBe(true);
    expect(isPicture(`/media/tok/${ID}/master.m3u8`)).toBe(false);
    expect(isPicture(`/media/tok/${ID}/720/index.m3u8`)).toBe(false);
    expect(isPicture(`/media/tok/${ID}/720/seg_00001.ts`)).toBe(false);
  });
});

describe('assetUrlsIn', () => {
  it('finds the build chunks, styles and posters a page shows, once each, and none of another origin or only in its data', () => {
    const html = `<link rel="stylesheet" href="/_next/static/chunks/a1.css"/><script src="/_next/static/chunks/b2.js" async></script>
      <script src="/_next/static/chunks/b2.js"></script><img src="/media/tok/${ID}/poster.jpg"/>
      <script>self.__next_f.push([1,"{\\"poster\\":\\"/media/tok/${ID}/thumb.jpg\\"}"])</script>
      <a href="/media/tok/${ID}/720/seg_00001.ts">x</a><img src="https://cdn.example/_next/static/x.js"/>`;
    expect(assetUrlsIn(html)).toEqual([
      '/_next/static/chunks/a1.css',
      '/_next/static/chunks/b2.js',
      `/media/tok/${ID}/poster.jpg`,
    ]);
  });
});

describe('forgetStoredPages', () => {
  it('deletes the stored pages and feed answers, and leaves pictures and build files', async () => {
    const names = new Set(['sr-pages', 'sr-feed', 'sr-pictures', 'sr-static']);
    vi.stubGlobal('caches', { delete: vi.fn(async (n: string) => names.delete(n)) });
    try {
      await forgetStoredPages();
      expect([...names].sort()).toEqual(['sr-pictures', 'sr-static']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing where the browser has no CacheStorage', async () => {
    await expect(forgetStoredPages()).resolves.toBeUndefined();
  });
});
