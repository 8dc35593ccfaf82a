import 'server-only';
import { createRequire } from 'node:module';
import { fitText, layoutText, textBlockSvg, type TextBlock } from './text-layout';

/**
 * The still frames of a reel (720x1280, 9:16), drawn as SVG and rasterised
 * by resvg: a sky gradient with a sun and a rooftop of panels, the topic and
 * category label, then the title card (the question), one caption card per
 * narrated sentence, and the end card with the brand line.
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

async function header(s: SceneBase): Promise<string> {
  const topic = await layoutText(s.topicName.toUpperCase(), { weight: 'semibold', sizePx: 24, maxWidthPx: 460, lineHeight: 1.4 });
  const label = await layoutText(s.categoryLabel, { weight: 'bold', sizePx: 30, maxWidthPx: 440, lineHeight: 1.5 });
  const pillW = label.widthPx + 48;
  const pillH = label.heightPx + 8;
  return `
  ${await textBlockSvg(topic, { x: 48, top: 56, align: 'left', fill: '#bfdbfe' })}
  <rect x="44" y="104" width="${pillW.toFixed(1)}" height="${pillH.toFixed(1)}" rx="${(pillH / 2).toFixed(1)}" fill="${s.accent}"/>
  ${await textBlockSvg(label, { x: 44 + 24, top: 108, align: 'left', fill: INK })}`;
}

/** A rounded white card holding `block`, centred at `centerY`. */
async function card(block: TextBlock, centerY: number, padX: number, padY: number): Promise<string> {
  const w = REEL_WIDTH - 80;
  const h = block.heightPx + padY * 2;
  const top = centerY - h / 2;
  return `
  <rect x="40" y="${(top + 6).toFixed(1)}" width="${w}" height="${h.toFixed(1)}" rx="28" fill="#000" opacity="0.25"/>
  <rect x="40" y="${top.toFixed(1)}" width="${w}" height="${h.toFixed(1)}" rx="28" fill="${WHITE}" opacity="0.96"/>
  ${await textBlockSvg(block, { x: REEL_WIDTH / 2, top: top + padY, align: 'center', fill: INK })}`;
}

function dots(index: number, count: number, accent: string, y: number): string {
  const gap = 26;
  const x0 = REEL_WIDTH / 2 - ((count - 1) * gap) / 2;
  return Array.from({ length: count }, (_, i) =>
    `<circle cx="${x0 + i * gap}" cy="${y}" r="${i === index ? 8 : 6}" fill="${i === index ? accent : WHITE}" opacity="${i === index ? 1 : 0.5}"/>`,
  ).join('');
}

/** SVG markup of one frame. */
export async function sceneSvg(scene: Scene): Promise<string> {
  const parts: string[] = [background(scene.accent), await header(scene)];
  if (scene.kind === 'title') {
    const q = await fitText(scene.question, { weight: 'bold', sizePx: 64, maxWidthPx: 600, lineHeight: 1.45 }, 6, 44);
    const top = 600 - q.heightPx / 2;
    parts.push(`<rect x="60" y="${(top - 40).toFixed(1)}" width="10" height="${(q.heightPx + 80).toFixed(1)}" rx="5" fill="${scene.accent}"/>`);
    parts.push(await textBlockSvg(q, { x: 96, top, align: 'left', fill: WHITE, stroke: { color: '#0b1d45', widthPx: 3 } }));
  } else if (scene.kind === 'caption') {
    const q = await fitText(scene.question, { weight: 'semibold', sizePx: 32, maxWidthPx: 620, lineHeight: 1.45 }, 3, 24);
    parts.push(await textBlockSvg(q, { x: 50, top: 236, align: 'left', fill: '#e0f2fe' }));
    const c = await fitText(scene.caption, { weight: 'semibold', sizePx: 48, maxWidthPx: 570, lineHeight: 1.5 }, 7, 34);
    const centerY = 690;
    parts.push(await card(c, centerY, 36, 30));
    parts.push(dots(scene.index, scene.count, scene.accent, Math.min(1040, centerY + c.heightPx / 2 + 30 + 44)));
  } else {
    const brand = await layoutText(scene.brandName, { weight: 'bold', sizePx: 76, maxWidthPx: 640, lineHeight: 1.4 });
    const tag = await layoutText(scene.tagline, { weight: 'semibold', sizePx: 34, maxWidthPx: 640, lineHeight: 1.5 });
    parts.push(await textBlockSvg(brand, { x: REEL_WIDTH / 2, top: 300, align: 'center', fill: WHITE, stroke: { color: '#0b1d45', widthPx: 3 } }));
    parts.push(await textBlockSvg(tag, { x: REEL_WIDTH / 2, top: 300 + brand.heightPx + 4, align: 'center', fill: '#fde68a' }));
    const c = await fitText(scene.caption, { weight: 'semibold', sizePx: 40, maxWidthPx: 570, lineHeight: 1.5 }, 5, 30);
    parts.push(await card(c, 720, 36, 28));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${REEL_WIDTH}" height="${REEL_HEIGHT}" viewBox="0 0 ${REEL_WIDTH} ${REEL_HEIGHT}">${parts.join('')}</svg>`;
}

type ResvgModule = typeof import('@resvg/resvg-js');

/** Rasterises SVG markup to PNG bytes with resvg (no system fonts are loaded: all text is already paths). */
export function svgToPng(svg: string): Buffer {
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}
