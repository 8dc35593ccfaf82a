import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import { ACTIVE, openFeed, waitPlaying } from './player';

/**
 * What the feed downloads on a 1.6 Mbps / 150 ms phone link, counted per
 * reel over 20 s of watching the first reel (features/reels/components/load-hls.ts
 * bufferLimits and maxRungForScreen, features/reels/lib/data-saver.ts):
 * - by default the reel on screen buffers a bounded stretch ahead, the next
 *   reel fetches its first segment only, and no other reel fetches any;
 * - with the data saver (the Profile setting's cookie) the reel on screen
 *   plays the lowest rung, no other reel fetches a playlist or a segment,
 *   the next reel waits for a tap, and there is no mini player.
 */

const WATCH_S = 20;
/** Segment length of the media pipeline (lib/constants.ts HLS_SEGMENT_S), seconds. */
const SEGMENT_S = 2;
/** The player's buffer ahead for the reel on screen (load-hls.ts ACTIVE_BUFFER_S), seconds. */
const ACTIVE_AHEAD_S = 12;

interface MediaRequest { contentId: string; kind: 'segment' | 'playlist'; rung: string; url: string }

/** Media requests of the page: `/media/<signature>/<contentId>/[<rung>/]<file>`. */
function recordMedia(page: Page): MediaRequest[] {
  const seen: MediaRequest[] = [];
  page.on('request', (req) => {
    const m = /\/media\/[^/]+\/([0-9a-f-]{36})\/(?:(\d+)\/)?([^/?]+)/.exec(new URL(req.url()).pathname);
    if (!m) return;
    const file = m[3];
    const kind = file.endsWith('.ts') ? 'segment' : file.endsWith('.m3u8') ? 'playlist' : null;
    if (kind) seen.push({ contentId: m[1], kind, rung: m[2] ?? 'master', url: req.url() });
  });
  return seen;
}

/** Segments per content id. */
function segmentsByReel(reqs: MediaRequest[]): Map<string, MediaRequest[]> {
  const by = new Map<string, MediaRequest[]>();
  for (const r of reqs.filter((x) => x.kind === 'segment')) by.set(r.contentId, [...(by.get(r.contentId) ?? []), r]);
  return by;
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
  });
}

/** Content ids of the feed's slides in order (those in the page). */
const slideIds = (page: Page) => page.$$eval('[data-testid="reel"]', (els) => els.map((e) => e.getAttribute('data-content-id')!));

test.describe('data use on a slow phone link', () => {
  test.skip(({ browserName }) => browserName !== 'chromium', 'CDP throttling: Chromium only');
  test.beforeEach(({ isMobile }, testInfo) => {
    test.skip(!isMobile || testInfo.project.name !== 'phone', 'the phone is the device that pays for data');
  });
  test.setTimeout(120_000);

  test('by default the next reel fetches its first segment only, and no reel after it fetches any', async ({ page }) => {
    await throttle(page);
    const media = recordMedia(page);
    await openFeed(page, '/reels');
    await waitPlaying(page, 0);
    const first = (await page.getAttribute(ACTIVE, 'data-content-id'))!;
    await page.waitForTimeout(WATCH_S * 1000);
    expect(await page.getAttribute(ACTIVE, 'data-content-id')).toBe(first);

    const ids = await slideIds(page);
    const next = ids[ids.indexOf(first) + 1];
    const by = segmentsByReel(media);
    const summary = JSON.stringify(Object.fromEntries([...by].map(([id, r]) => [id.slice(0, 8), r.map((x) => `${x.rung}/${x.url.split('/').pop()}`)])));
    // The reel on screen: what it played plus a bounded stretch ahead (and a segment of slack), not the whole reel.
    const active = by.get(first) ?? [];
    expect(active.length, summary).toBeGreaterThan(0);
    expect(active.length, summary).toBeLessThanOrEqual(Math.ceil((WATCH_S + ACTIVE_AHEAD_S) / SEGMENT_S) + 2);
    // The next reel: its first segment (at most one per rung tried), nothing further into it.
    const nextSegs = by.get(next) ?? [];
    expect(nextSegs.length, summary).toBeGreaterThanOrEqual(1);
    expect(new Set(nextSegs.map((r) => r.url.split('/').pop())).size, summary).toBe(1);
    // Nobody else: only the reel on screen and the next one fetched segments.
    expect([...by.keys()].filter((id) => id !== first && id !== next), summary).toEqual([]);
  });

  test('with the data saver only the reel on screen fetches media, at the lowest rung; the next waits for a tap', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'sr_data_saver', value: 'on', url: baseURL! }]);
    await throttle(page);
    const media = recordMedia(page);
    await openFeed(page, '/reels');
    await waitPlaying(page, 0);
    await expect(page.getByTestId('data-saver-badge')).toHaveAttribute('aria-label', en.reels.dataSaverOn);
    const first = (await page.getAttribute(ACTIVE, 'data-content-id'))!;
    await page.waitForTimeout(WATCH_S * 1000);

    const summary = () => JSON.stringify(media.map((r) => `${r.contentId.slice(0, 8)} ${r.rung}/${r.url.split('/').pop()}`));
    // Only the reel on screen, and only its 240p playlist and segments (never the master).
    expect(media.filter((r) => r.contentId !== first), summary()).toEqual([]);
    expect(media.filter((r) => r.rung !== '240'), summary()).toEqual([]);
    expect(media.filter((r) => r.kind === 'segment').length, summary()).toBeGreaterThan(0);

    // A swipe: the next reel shows its poster and a play button, and fetches nothing until tapped.
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(ACTIVE)).not.toHaveAttribute('data-content-id', first);
    const second = (await page.getAttribute(ACTIVE, 'data-content-id'))!;
    await page.waitForTimeout(3000);
    expect(media.filter((r) => r.contentId === second), summary()).toEqual([]);
    expect(await page.$eval(`${ACTIVE} video`, (v) => (v as HTMLVideoElement).paused)).toBe(true);
    await page.locator(`${ACTIVE} [data-testid="reel-toggle"]`).click();
    await waitPlaying(page, 0.2);
    expect(media.filter((r) => r.contentId === second && r.kind === 'segment').length).toBeGreaterThan(0);
    expect(media.filter((r) => r.rung !== '240'), summary()).toEqual([]);

    // Leaving the feed: no mini player.
    await page.getByTestId('tab-explore').click();
    await page.waitForURL('**/explore');
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('mini-player')).toHaveCount(0);
  });
});
