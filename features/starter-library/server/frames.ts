import 'server-only';
import { createRequire } from 'node:module';
import type { LibraryReel } from '../data/library';
import { BRAND } from '../data/taxonomy';
import { SAFE_AREA_PADDING, STARTER_SAFE_AREA, type Rect } from './safe-area';
import { fitText, layoutText, textBlockSvg, type DrawOptions, type TextBlock, type TextStyle } from './text-layout';

/**
 * The still frames of a reel (720x1280, 9:16), drawn as SVG and rasterised
 * by resvg: a sky gradient with a sun and a rooftop of panels, the topic and
 * category label, then the title card (the question), one caption card per
 * narrated sentence, and the end card with the brand line. Every text box
 * lies inside STARTER_SAFE_AREA (./safe-area.ts), so phones taller than 9:16
 * show it whole and clear of the feed header and the action column.
 */

export const REEL_WIDTH = 720;
export const REEL_HEIGHT = 1280;

const INK = '#0f172a';
const WHITE = '#ffffff';

interface SceneBase {
  /** #rrggbb of the topic. */
  accent: string;
  topicName: string;
  categoryLabel: string;
}

/** What one frame shows. */
export type Scene =
  | (SceneBase & { kind: 'title'; question: string })
  | (SceneBase & { kind: 'caption'; question: string; caption: string; index: number; count: number })
  | (SceneBase & { kind: 'end'; caption: string; brandName: string; tagline: string });

function background(accent: string): string {
  const rays = Array.from({ length: 12 }, (_, i) =>
    `<rect x="-5" y="-100" width="10" height="28" rx="5" transform="rotate(${i * 30})"/>`).join('');
  const panels: string[] = [];
  // Two rows of panels on a sloped roof, drawn with a skew so they read as a roof from below.
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 6; c++) {
      panels.push(`<rect x="${c * 92}" y="${r * 62}" width="86" height="56" rx="4"/>`);
    }
  }
  const gridLines: string[] = [];
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 6; c++) {
      const x = c * 92;
      const y = r * 62;
      gridLines.push(`M${x + 43} ${y} V${y + 56} M${x} ${y + 28} H${x + 86}`);
    }
  }
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1d45"/>
      <stop offset="0.65" stop-color="#1b4f8f"/>
      <stop offset="1" stop-color="#2563a8"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fde68a" stop-opacity="0.5"/>
      <stop offset="1" stop-color="#fde68a" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="horizon" cx="0.5" cy="1" r="0.75">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.75"/>
      <stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${REEL_WIDTH}" height="${REEL_HEIGHT}" fill="url(#sky)"/>
  <rect y="760" width="${REEL_WIDTH}" height="520" fill="url(#horizon)"/>
  <circle cx="622" cy="118" r="140" fill="url(#glow)"/>
  <g transform="translate(622 118)" fill="#fcd34d">${rays}<circle r="54" fill="#fbbf24"/></g>
  <g transform="translate(0 1090)">
    <path d="M-20 190 L120 0 L740 0 L740 190 Z" fill="#0b1d45" opacity="0.9"/>
    <g transform="translate(150 24) skewX(-18)">
      <g fill="#1e3a8a" stroke="#93c5fd" stroke-width="2">${panels.join('')}</g>
      <path d="${gridLines.join(' ')}" stroke="#93c5fd" stroke-width="1.5" opacity="0.7" fill="none"/>
    </g>
  </g>`;
}

/** A drawn box a viewer must see whole (text, or the card or pill behind it), video px. */
export interface TextBox extends Rect {
  /** What it is: `topic`, `label`, `question`, `caption`, `card`, `brand`, `tagline`. */
  role: string;
}

/** One frame's SVG markup and the boxes of its text, for the safe-area check. */
export interface SceneLayout {
  svg: string;
  boxes: TextBox[];
}

const WIDE = STARTER_SAFE_AREA.wide;
const NARROW = STARTER_SAFE_AREA.narrow;
const PAD = SAFE_AREA_PADDING;
/** Left edge of text in both parts of the safe area. */
const LEFT = WIDE.x + PAD;
/** Right edge of text above the action column. */
const WIDE_RIGHT = WIDE.x + WIDE.w - PAD;
/** Right edge of text beside the action column. */
const NARROW_RIGHT = NARROW.x + NARROW.w - PAD;
/** Lowest text edge. */
const BOTTOM = NARROW.y + NARROW.h - PAD;

/** The box `block` covers when drawn with `opts` (the stroke included). */
function boxOf(role: string, block: TextBlock, opts: DrawOptions): TextBox {
  const left = opts.align === 'left' ? opts.x : opts.align === 'center' ? opts.x - block.widthPx / 2 : opts.x - block.widthPx;
  const s = opts.stroke?.widthPx ?? 0;
  return { role, x: left - s, y: opts.top - s, w: block.widthPx + 2 * s, h: block.heightPx + 2 * s };
}

/** Draws `block` and records its box. */
async function drawText(out: SceneLayout, role: string, block: TextBlock, opts: DrawOptions): Promise<void> {
  out.svg += await textBlockSvg(block, opts);
  out.boxes.push(boxOf(role, block, opts));
}

/** The topic line and the category pill under the feed header's safe line. @returns the bottom, video px. */
async function header(out: SceneLayout, s: SceneBase): Promise<number> {
  const top = WIDE.y + PAD;
  const width = WIDE_RIGHT - LEFT;
  const topic = await fitText(s.topicName.toUpperCase(), { weight: 'semibold', sizePx: 24, maxWidthPx: width, lineHeight: 1.4 }, 1, 18);
  await drawText(out, 'topic', topic, { x: LEFT, top, align: 'left', fill: '#bfdbfe' });
  const label = await fitText(s.categoryLabel, { weight: 'bold', sizePx: 30, maxWidthPx: width - 48, lineHeight: 1.5 }, 1, 22);
  const pillW = label.widthPx + 48;
  const pillH = label.heightPx + 8;
  const pillTop = top + topic.heightPx + 14;
  out.svg += `<rect x="${LEFT}" y="${pillTop.toFixed(1)}" width="${pillW.toFixed(1)}" height="${pillH.toFixed(1)}" rx="${(pillH / 2).toFixed(1)}" fill="${s.accent}"/>`;
  out.boxes.push({ role: 'label', x: LEFT, y: pillTop, w: pillW, h: pillH });
  await drawText(out, 'label', label, { x: LEFT + 24, top: pillTop + 4, align: 'left', fill: INK });
  return pillTop + pillH;
}

/** Card width beside the action column, video px. */
const CARD_W = NARROW_RIGHT - LEFT;

/** A rounded white card holding `block`, left of the action column, starting at `top`. */
async function card(out: SceneLayout, block: TextBlock, top: number, padY: number): Promise<number> {
  const h = block.heightPx + padY * 2;
  out.svg += `
  <rect x="${LEFT}" y="${(top + 6).toFixed(1)}" width="${CARD_W}" height="${h.toFixed(1)}" rx="28" fill="#000" opacity="0.25"/>
  <rect x="${LEFT}" y="${top.toFixed(1)}" width="${CARD_W}" height="${h.toFixed(1)}" rx="28" fill="${WHITE}" opacity="0.96"/>`;
  out.boxes.push({ role: 'card', x: LEFT, y: top, w: CARD_W, h: h + 6 });
  await drawText(out, 'caption', block, { x: LEFT + CARD_W / 2, top: top + padY, align: 'center', fill: INK });
  return top + h;
}

function dots(index: number, count: number, accent: string, cx: number, y: number): string {
  const gap = 26;
  const x0 = cx - ((count - 1) * gap) / 2;
  return Array.from({ length: count }, (_, i) =>
    `<circle cx="${x0 + i * gap}" cy="${y}" r="${i === index ? 8 : 6}" fill="${i === index ? accent : WHITE}" opacity="${i === index ? 1 : 0.5}"/>`,
  ).join('');
}

/** Where a card of height `h` starts: centred on `centerY` when it fits below `minTop` and above the bottom limit. */
function cardTop(h: number, centerY: number, minTop: number): number {
  return Math.max(minTop, Math.min(centerY - h / 2, BOTTOM - h));
}

/**
 * The largest size from `style.sizePx` down to `minSizePx` (steps of 2 px) at which
 * `text` is at most `maxHeightPx` tall with no word overflowing; the smallest size
 * when none is (the safe-area test then names the frame).
 */
async function fitHeight(text: string, style: TextStyle, maxHeightPx: number, minSizePx: number): Promise<TextBlock> {
  let block = await layoutText(text, style);
  for (let size = style.sizePx - 2; size >= minSizePx && (block.heightPx > maxHeightPx || block.overflows); size -= 2) {
    block = await layoutText(text, { ...style, sizePx: size });
  }
  return block;
}

/**
 * One frame's SVG markup and its text boxes, every one inside STARTER_SAFE_AREA
 * (./safe-area.ts): the header at the top of the wide part, the question and the
 * cards in the narrow part beside the player's action column.
 */
export async function sceneLayout(scene: Scene): Promise<SceneLayout> {
  const out: SceneLayout = { svg: background(scene.accent), boxes: [] };
  const headerBottom = await header(out, scene);
  const textTop = headerBottom + 28;
  if (scene.kind === 'title') {
    const x = LEFT + 30;
    const q = await fitText(scene.question, { weight: 'bold', sizePx: 64, maxWidthPx: NARROW_RIGHT - x - 3, lineHeight: 1.45 }, 6, 40);
    const top = Math.max(textTop + 40, Math.min(600 - q.heightPx / 2, BOTTOM - 40 - q.heightPx));
    out.svg += `<rect x="${LEFT}" y="${(top - 40).toFixed(1)}" width="10" height="${(q.heightPx + 80).toFixed(1)}" rx="5" fill="${scene.accent}"/>`;
    await drawText(out, 'question', q, { x, top, align: 'left', fill: WHITE, stroke: { color: '#0b1d45', widthPx: 3 } });
  } else if (scene.kind === 'caption') {
    const q = await fitText(scene.question, { weight: 'semibold', sizePx: 32, maxWidthPx: WIDE_RIGHT - LEFT, lineHeight: 1.45 }, 3, 24);
    await drawText(out, 'question', q, { x: LEFT, top: textTop, align: 'left', fill: '#e0f2fe' });
    const padX = 28;
    const padY = 30;
    const dotsSpace = 60;
    const minTop = textTop + q.heightPx + 28;
    const c = await fitHeight(scene.caption, { weight: 'semibold', sizePx: 46, maxWidthPx: CARD_W - 2 * padX, lineHeight: 1.5 },
      BOTTOM - minTop - 2 * padY - 6 - dotsSpace, 28);
    const h = c.heightPx + 2 * padY + 6;
    const top = cardTop(h + dotsSpace, 700, minTop);
    const bottom = await card(out, c, top, padY);
    out.svg += dots(scene.index, scene.count, scene.accent, LEFT + CARD_W / 2, bottom + 36);
  } else {
    const brand = await fitText(scene.brandName, { weight: 'bold', sizePx: 76, maxWidthPx: WIDE_RIGHT - LEFT - 6, lineHeight: 1.4 }, 1, 48);
    const tag = await fitText(scene.tagline, { weight: 'semibold', sizePx: 34, maxWidthPx: WIDE_RIGHT - LEFT, lineHeight: 1.5 }, 2, 26);
    const cx = (LEFT + WIDE_RIGHT) / 2;
    const brandTop = textTop + 12;
    await drawText(out, 'brand', brand, { x: cx, top: brandTop, align: 'center', fill: WHITE, stroke: { color: '#0b1d45', widthPx: 3 } });
    await drawText(out, 'tagline', tag, { x: cx, top: brandTop + brand.heightPx + 4, align: 'center', fill: '#fde68a' });
    const padY = 28;
    const minTop = brandTop + brand.heightPx + 4 + tag.heightPx + 40;
    const c = await fitHeight(scene.caption, { weight: 'semibold', sizePx: 40, maxWidthPx: CARD_W - 2 * 28, lineHeight: 1.5 }, BOTTOM - minTop - 2 * padY - 6, 26);
    const h = c.heightPx + 2 * padY + 6;
    await card(out, c, cardTop(h, 740, minTop), padY);
  }
  out.svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${REEL_WIDTH}" height="${REEL_HEIGHT}" viewBox="0 0 ${REEL_WIDTH} ${REEL_HEIGHT}">${out.svg}</svg>`;
  return out;
}

/** SVG markup of one frame (see `sceneLayout`). */
export async function sceneSvg(scene: Scene): Promise<string> {
  return (await sceneLayout(scene)).svg;
}
/** The frame of each cue of `reel`: the question first, the answer sentences, the closing line on the end card. */
export function scenesOf(reel: LibraryReel): Scene[] {
  const base = { accent: reel.accent, topicName: reel.topicName, categoryLabel: reel.categoryLabel };
  const question = reel.narration[0]!.line.text;
  const answers = reel.narration.filter((n) => n.kind === 'line');
  let answerIndex = 0;
  return reel.narration.map((n): Scene => {
    if (n.kind === 'title') return { ...base, kind: 'title', question };
    if (n.kind === 'closing') {
      return { ...base, kind: 'end', caption: n.line.text, brandName: BRAND.name, tagline: BRAND.tagline[reel.lang] };
    }
    return { ...base, kind: 'caption', question, caption: n.line.text, index: answerIndex++, count: answers.length };
  });
}

type ResvgModule = typeof import('@resvg/resvg-js');

/** Rasterises SVG markup to PNG bytes with resvg (no system fonts are loaded: all text is already paths). */
export function svgToPng(svg: string): Buffer {
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}
