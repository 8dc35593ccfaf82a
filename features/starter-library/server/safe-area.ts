/**
 * Where the starter reels may put text so that every phone shows it whole.
 *
 * The player cover-fits a reel into its box (features/reels/components/reel-video.tsx,
 * `object-cover`), and phones are taller than 9:16, so the sides of the frame are cut;
 * the feed header sits over the top and the action column over the right.
 * Pure data and geometry (no server imports): the frame layout (./frames.ts), its
 * Vitest check (./safe-area.test.ts) and the screenshot test (tests/e2e/safe-area.spec.ts)
 * all read it from here. docs/decisions/019-starter-library-safe-area.md has the numbers.
 */

/** An axis-aligned rectangle, in the unit its owner says (video px or CSS px). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The reels' frame size, video px (9:16). */
export const FRAME = { width: 720, height: 1280 } as const;

/** The interface languages (the NEXT_LOCALE cookie); the action column's labels differ in width. */
export type UiLocale = 'en' | 'hi' | 'he';

/**
 * The player's own overlays over a reel at one phone viewport and interface language,
 * CSS px, measured in the built app on /reels with the default layout
 * (tests/e2e/safe-area.spec.ts measures them again on every run and fails when the
 * page has outgrown these numbers).
 */
export interface PlayerChrome {
  /** The browser viewport, CSS px. */
  viewport: { width: number; height: number };
  locale: UiLocale;
  /** The reel's box (the <video> element): the viewport less the tab bar (56 px). */
  reel: Rect;
  /** The feed header (features/reels/components/feed-header.tsx), gradient included. */
  header: Rect;
  /** The action column (features/reels/components/reel-actions.tsx): profile, like, views, share. */
  actions: Rect;
  /**
   * The reel's footer (features/reels/components/reel-info.tsx: topic, category and
   * option chips, the description's first words, "more"), left of its 80 px right
   * padding, FOOTER_RESERVE tall.
   */
  footer: Rect;
}

/**
 * Height kept for the reel's footer above the reel's bottom, CSS px: 20 px padding,
 * two description lines (the truncated text and "more", 2 x 19 px), 8 px, and up to
 * three rows of chips (3 x 24 px + 2 x 8 px); 154 px, rounded up. With the test
 * clips' footer (two rows of chips) its content starts 126 px above the bottom.
 */
export const FOOTER_RESERVE = 170;

/**
 * Width of the action column by interface language, CSS px, rounded up: its items are
 * centred and its widest is the share button's label ("Share" 39 px, "शेयर करें" 62 px,
 * "Share karein" 86.3 px), else the 56 px profile stack.
 */
const ACTIONS_WIDTH: Record<UiLocale, number> = { en: 56, hi: 62, he: 87 };

/**
 * The three phone viewports the issue names in the three languages, as measured on
 * 2026-11-24: the header is 80 px tall (12 px padding, 36 px buttons, 32 px
 * gradient); the action column is 308 px tall, 8 px from the right and 112 px
 * above the reel's bottom, ACTIONS_WIDTH wide; the tab bar takes 56 px.
 */
export const PLAYER_CHROME: readonly PlayerChrome[] = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
].flatMap((viewport) => (['en', 'hi', 'he'] as const).map((locale): PlayerChrome => {
  const reelH = viewport.height - 56;
  const w = ACTIONS_WIDTH[locale];
  return {
    viewport,
    locale,
    reel: { x: 0, y: 0, w: viewport.width, h: reelH },
    header: { x: 0, y: 0, w: viewport.width, h: 80 },
    actions: { x: viewport.width - 8 - w, y: reelH - 112 - 308, w, h: 308 },
    footer: { x: 0, y: reelH - FOOTER_RESERVE, w: viewport.width - 80, h: FOOTER_RESERVE },
  };
}));

/**
 * The starter reels' text safe area, video px of the 720x1280 frame. Text (and the
 * cards behind it) goes inside `wide` or inside `narrow`:
 *
 * - left 86, right 634: the centre of 9:16 cropped to 9:21 (1280 x 9/21 = 548.6 px
 *   wide, 85.7 px cut each side), wider than any crop of the three viewports
 *   (their reel boxes are 9:18.2 to 9:18.8, which keep 614-634 px).
 * - top 150: the 80 px header is 137.6 video px on the shortest reel box (744 px
 *   tall, scale 0.581), plus 12 px.
 * - the action column's left edge is at least 507 video px (Hinglish, 360x800: its
 *   87 px wide column starts at CSS x 265, 50.3 + 265/0.581) and its top at least
 *   557 video px over the three viewports; `narrow` stops 12 px left of it (495)
 *   and `wide` stops 17 px above it (540).
 * - bottom 975: the footer's reserve (FOOTER_RESERVE) starts at 987.5 video px on
 *   the shortest reel box ((744 - 170) / 0.581), 1004 and 1027 on the others.
 */
export const STARTER_SAFE_AREA: { readonly wide: Rect; readonly narrow: Rect } = {
  /** Full safe width, above the action column. */
  wide: { x: 86, y: 150, w: 634 - 86, h: 540 - 150 },
  /** Left of the action column, down to the bottom limit. */
  narrow: { x: 86, y: 150, w: 495 - 86, h: 975 - 150 },
};

/** Inner margin text keeps from the safe area's edges, video px. */
export const SAFE_AREA_PADDING = 12;

/**
 * The part of the frame a cover-fitted reel shows in a box of `box` CSS px, and the
 * scale from video px to CSS px (object-fit: cover, centred).
 */
export function coverFit(box: { w: number; h: number }, frame: { width: number; height: number } = FRAME): { scale: number; visible: Rect } {
  const scale = Math.max(box.w / frame.width, box.h / frame.height);
  const w = box.w / scale;
  const h = box.h / scale;
  return { scale, visible: { x: (frame.width - w) / 2, y: (frame.height - h) / 2, w, h } };
}

/** `r` (video px) as the player shows it in `reel` (CSS px, page coordinates). */
export function videoRectToPage(r: Rect, reel: Rect, frame: { width: number; height: number } = FRAME): Rect {
  const { scale, visible } = coverFit(reel, frame);
  return { x: reel.x + (r.x - visible.x) * scale, y: reel.y + (r.y - visible.y) * scale, w: r.w * scale, h: r.h * scale };
}

/** True when `inner` lies inside `outer` (edges may touch). */
export function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

/** True when the two rectangles overlap by more than an edge. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** True when `r` (video px) is inside the safe area's `wide` or `narrow` part. */
export function inSafeArea(r: Rect): boolean {
  return contains(STARTER_SAFE_AREA.wide, r) || contains(STARTER_SAFE_AREA.narrow, r);
}

/**
 * Why `r` (video px) is not whole and clear in `chrome`'s viewport, or null when it
 * is: cut by the cover-fit crop, under the header, the action column or the footer.
 */
export function chromeProblem(r: Rect, chrome: PlayerChrome): string | null {
  const p = videoRectToPage(r, chrome.reel);
  const round = (q: Rect) => `(${q.x.toFixed(0)},${q.y.toFixed(0)} ${q.w.toFixed(0)}x${q.h.toFixed(0)})`;
  if (!contains(chrome.reel, p)) return `cut by the crop at ${round(p)}`;
  if (intersects(chrome.header, p)) return `under the header at ${round(p)}`;
  if (intersects(chrome.actions, p)) return `under the action column at ${round(p)}`;
  if (intersects(chrome.footer, p)) return `under the footer at ${round(p)}`;
  return null;
}
