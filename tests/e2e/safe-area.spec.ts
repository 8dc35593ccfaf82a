import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { PLAYER_CHROME, chromeProblem, contains, type PlayerChrome, type Rect } from '../../features/starter-library/server/safe-area';
import { ACTIVE, waitPlaying } from './player';

/**
 * The starter reels' text on real phones: /reels at 360x800, 390x844 and 412x915 in
 * the three interface languages, with the subsidy reel's title and caption frames
 * (tests/fixtures/safe-area/*.jpg, written by
 * features/starter-library/scripts/safe-area-fixtures.ts) shown in the active reel's
 * box exactly as the player fits its video (object-fit: cover), the video paused.
 *
 * Each run measures the page's own header, action column and footer, checks they still fit
 * the numbers the frame layout was made for (PLAYER_CHROME), checks every text box of
 * the frames against the measured page, and compares a screenshot with the committed
 * one (tests/fixtures/safe-area/screens/, JPEG quality 85 without chroma subsampling, whose own
 * error is under 0.1% of pixels; at most 1% of pixels may differ by more
 * than 40 of 255 in a channel). `--update-snapshots` writes the screenshots anew.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/safe-area');
const SCREENS = path.join(FIXTURES, 'screens');
const BOXES = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'boxes.json'), 'utf8')) as Record<string, (Rect & { role: string })[]>;
const FRAMES = ['title', 'caption'] as const;
/** Per-channel difference (0-255) above which a pixel counts as changed; JPEG's own error stays well below. */
const CHANNEL_TOLERANCE = 40;
/** Share of changed pixels a screenshot may have. */
const MAX_CHANGED = 0.01;

/** The page's header, action column and active reel box, CSS px. */
async function measureChrome(page: Page, recorded: PlayerChrome): Promise<PlayerChrome> {
  const m = await page.evaluate((sel) => {
    const rect = (el: Element | null) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    };
    const reel = document.querySelector(sel)!;
    const like = reel.querySelector('[data-testid="like-button"]');
    // The action column: the positioned ancestor holding the like button (reel-actions.tsx).
    let column: Element | null = like;
    while (column && column !== reel && getComputedStyle(column).position !== 'absolute') column = column.parentElement;
    const header = [...document.querySelectorAll('[data-testid="mute-button"]')]
      .map((b) => b.closest('div.absolute, header'))
      .find((h) => h && h.getBoundingClientRect().height > 0) ?? null;
    // The footer's content (reel-info.tsx): from its first row of chips to the reel's bottom, left of its 80 px padding.
    const chips = [...reel.querySelectorAll('div.absolute.bottom-0')].find((d) => d.querySelector('a, span'))?.firstElementChild ?? null;
    return { reel: rect(reel.querySelector('video')), actions: rect(column), header: rect(header), footerTop: rect(chips)?.y ?? null };
  }, ACTIVE);
  if (!m.reel || !m.actions || !m.header || m.footerTop === null) throw new Error(`page structure not found: ${JSON.stringify(m)}`);
  const footer = { x: m.reel.x, y: m.footerTop, w: m.reel.w - 80, h: m.reel.y + m.reel.h - m.footerTop };
  return { viewport: recorded.viewport, locale: recorded.locale, reel: m.reel, actions: m.actions, header: m.header, footer };
}

/** Pauses every video and shows `frame` in the active reel's box, fitted like the video. */
async function showFrame(page: Page, frame: Buffer): Promise<void> {
  const src = `data:image/jpeg;base64,${frame.toString('base64')}`;
  await page.evaluate(([sel, url]) => new Promise<void>((resolve, reject) => {
    for (const v of document.querySelectorAll('video')) v.pause();
    const video = document.querySelector(`${sel} video`) as HTMLVideoElement;
    let img = document.querySelector('img[data-safe-area-frame]') as HTMLImageElement | null;
    if (!img) {
      img = document.createElement('img');
      img.dataset.safeAreaFrame = '';
      img.alt = '';
      img.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;object-fit:cover;z-index:5;pointer-events:none';
      video.after(img);
    }
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('frame did not load'));
    img.src = url;
  }), [ACTIVE, src] as const);
}

/** Share of pixels whose channels differ by more than CHANNEL_TOLERANCE. */
async function changedShare(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((buf) => sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (x!.info.width !== y!.info.width || x!.info.height !== y!.info.height) return 1;
  let changed = 0;
  for (let i = 0; i < x!.data.length; i += 3) {
    if (Math.abs(x!.data[i]! - y!.data[i]!) > CHANNEL_TOLERANCE
      || Math.abs(x!.data[i + 1]! - y!.data[i + 1]!) > CHANNEL_TOLERANCE
      || Math.abs(x!.data[i + 2]! - y!.data[i + 2]!) > CHANNEL_TOLERANCE) changed++;
  }
  return changed / (x!.data.length / 3);
}

for (const recorded of PLAYER_CHROME) {
  const { width, height } = recorded.viewport;
  const lang = recorded.locale;
  test(`starter reel text at ${width}x${height} in ${lang}: inside the crop, clear of the header and the action column`, async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({
      viewport: recorded.viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true, reducedMotion: 'reduce',
    });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: lang, url: baseURL! }]);
    const page = await context.newPage();
    try {
      await page.goto('/reels');
      await waitPlaying(page, 0.5);
      const chrome = await measureChrome(page, recorded);

      // The page still has the overlays the layout was made for (else PLAYER_CHROME needs measuring again).
      expect(chrome.reel).toEqual(recorded.reel);
      expect(chrome.header.y + chrome.header.h, 'header bottom').toBeLessThanOrEqual(recorded.header.y + recorded.header.h);
      expect(contains(recorded.actions, chrome.actions), `action column ${JSON.stringify(chrome.actions)} within ${JSON.stringify(recorded.actions)}`).toBe(true);

      for (const frame of FRAMES) {
        const id = `${lang}-${frame}`;
        const problems = BOXES[id]!.flatMap((b) => {
          const p = chromeProblem(b, chrome);
          return p ? [`${id} ${b.role}: ${p}`] : [];
        });
        expect(problems).toEqual([]);

        await showFrame(page, fs.readFileSync(path.join(FIXTURES, `${id}.jpg`)));
        const shot = await page.screenshot({ animations: 'disabled', mask: [page.locator('[data-testid="like-count"], [data-testid="view-count"]')] });
        const file = path.join(SCREENS, `${id}-${width}x${height}.jpg`);
        const update = testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed'
          || (testInfo.config.updateSnapshots === 'missing' && !fs.existsSync(file));
        if (update) {
          fs.mkdirSync(SCREENS, { recursive: true });
          await sharp(shot).jpeg({ quality: 85, mozjpeg: true, chromaSubsampling: '4:4:4' }).toFile(file);
          continue;
        }
        expect(fs.existsSync(file), `${file} is committed (run with --update-snapshots to write it)`).toBe(true);
        const share = await changedShare(shot, fs.readFileSync(file));
        if (share > MAX_CHANGED) {
          const actual = testInfo.outputPath(`${id}-${width}x${height}-actual.png`);
          fs.writeFileSync(actual, shot);
          await testInfo.attach('actual', { path: actual, contentType: 'image/png' });
        }
        expect(share, `${id} at ${width}x${height}: changed share of pixels`).toBeLessThanOrEqual(MAX_CHANGED);
      }
    } finally {
      await context.close();
    }
  });
}
