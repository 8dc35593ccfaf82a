import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { QuestionBankCategory } from '../data/types';
import { svgToPng } from './frames';
import { layoutText, textBlockSvg } from './text-layout';

/**
 * Profile pictures of the library's topics, categories, options and owner:
 * 128x128 PNG icons (a symbol on the topic's colour), drawn as SVG and
 * rasterised by resvg. Files live in DATA_DIR/media/library/ and are named
 * by a hash of their content, so they can be cached forever; the `pic`
 * column holds their URL path `/media/library/<file>`.
 */

export const PICTURE_SIZE = 128;
/** URL path prefix of the pictures; the files are in DATA_DIR/media/library/. */
export const LIBRARY_PICTURE_URL = '/media/library/';

type IconSymbol = 'sun' | 'rupee' | 'panel' | 'plug' | 'inverter' | 'star' | 'form' | 'calculator' | 'house' | 'info';

export const TOPIC_SYMBOLS: Readonly<Record<string, IconSymbol>> = {
  'subsidy-and-money': 'rupee',
  'save-with-solar': 'sun',
  'how-rooftop-solar-works': 'panel',
  'getting-connected': 'plug',
};

export const CATEGORY_SYMBOLS: Readonly<Record<QuestionBankCategory, IconSymbol>> = {
  Benefits: 'star',
  'Buying Solar': 'form',
  'Electric Connection': 'plug',
  'Solar Inverter': 'inverter',
  'Solar Panel': 'panel',
  Subsidy: 'rupee',
  'System Cost': 'calculator',
  'System Size': 'house',
  'Things to know': 'info',
};

async function glyph(text: string, color: string, sizePx: number): Promise<string> {
  const block = await layoutText(text, { weight: 'bold', sizePx, maxWidthPx: 200, lineHeight: 1.2 });
  return textBlockSvg(block, { x: 64, top: 64 - block.heightPx / 2, align: 'center', fill: color });
}

async function symbolSvg(symbol: IconSymbol, c: string): Promise<string> {
  const stroke = `fill="none" stroke="${c}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"`;
  switch (symbol) {
    case 'sun': {
      const rays = Array.from({ length: 8 }, (_, i) => `<line x1="0" y1="-30" x2="0" y2="-42" transform="rotate(${i * 45})"/>`).join('');
      return `<g transform="translate(64 64)" ${stroke}>${rays}<circle r="19" fill="${c}"/></g>`;
    }
    case 'rupee':
      return glyph('₹', c, 88);
    case 'info':
      return `<circle cx="64" cy="64" r="38" ${stroke}/>${await glyph('i', c, 56)}`;
    case 'panel':
      return `<g transform="translate(64 64) skewX(-14)" ${stroke}><rect x="-36" y="-26" width="72" height="52" rx="4"/>
        <path d="M-12 -26 V26 M12 -26 V26 M-36 0 H36"/></g>`;
    case 'plug':
      return `<g ${stroke}><path d="M50 30 V46 M78 30 V46"/><path d="M40 46 H88 V62 a24 24 0 0 1 -48 0 Z"/><path d="M64 86 V102"/></g>`;
    case 'inverter':
      return `<g ${stroke}><rect x="30" y="34" width="68" height="60" rx="10"/>
        <path d="M42 64 q7 -16 14 0 t14 0 t14 0"/></g>`;
    case 'star':
      return `<path d="M64 26 L74.6 50.4 L101 52.6 L81 70 L87 96 L64 82.4 L41 96 L47 70 L27 52.6 L53.4 50.4 Z" ${stroke}/>`;
    case 'form':
      return `<g ${stroke}><rect x="36" y="26" width="56" height="76" rx="8"/><path d="M48 46 H80 M48 62 H80"/>
        <path d="M50 82 l8 8 l16 -16"/></g>`;
    case 'calculator':
      return `<g ${stroke}><rect x="38" y="24" width="52" height="80" rx="8"/><path d="M50 40 H78"/></g>
        <g fill="${c}">${[0, 1, 2].flatMap((r) => [0, 1, 2].map((k) => `<circle cx="${50 + k * 14}" cy="${60 + r * 14}" r="4.5"/>`)).join('')}</g>`;
    case 'house':
      return `<g ${stroke}><path d="M28 62 L64 32 L100 62"/><path d="M38 56 V98 H90 V56"/><path d="M58 98 V76 H70 V98"/></g>`;
  }
}

/**
 * How an icon is painted: `solid` (white symbol on the accent: categories),
 * `outline` (accent symbol on white: options), `night` (accent symbol on the
 * brand navy: topics and the team), so a topic, its category and its option
 * never share a picture.
 */
export type IconStyle = 'solid' | 'outline' | 'night';

/** SVG of one 128x128 icon. */
export async function iconSvg(symbol: IconSymbol, accent: string, style: IconStyle = 'solid'): Promise<string> {
  const bg = style === 'solid' ? accent : style === 'outline' ? '#ffffff' : '#0b1d45';
  const fg = style === 'solid' ? '#ffffff' : accent;
  const ring = style === 'solid' ? '' : `<rect x="4" y="4" width="120" height="120" rx="28" fill="none" stroke="${accent}" stroke-width="6"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_SIZE}" height="${PICTURE_SIZE}" viewBox="0 0 128 128">
    <rect width="128" height="128" rx="30" fill="${bg}"/>${ring}${await symbolSvg(symbol, fg)}</svg>`;
}

/**
 * Writes the icon to `<dataDir>/media/library/<name>-<hash>.png` (kept when
 * already there) and returns its URL path.
 */
export async function writePicture(dataDir: string, name: string, svg: string): Promise<string> {
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  const file = `${name}-${hash}.png`;
  const dir = path.resolve(dataDir, 'media', 'library');
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${full}.tmp`;
    fs.writeFileSync(tmp, svgToPng(svg));
    fs.renameSync(tmp, full);
  }
  return `${LIBRARY_PICTURE_URL}${file}`;
}

/** The brand avatar of the team account that owns the library: a sun on navy. */
export function ownerIconSvg(): Promise<string> {
  return iconSvg('sun', '#fbbf24', 'night');
}
