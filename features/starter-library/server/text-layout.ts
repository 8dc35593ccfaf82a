import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { singleton } from '@/lib/singleton';

/**
 * Text for the reels' frames, shaped by HarfBuzz and drawn as glyph outlines.
 *
 * Why not libass (ffmpeg's `subtitles`/`ass` filter): the static ffmpeg that
 * ships with @ffmpeg-installer (2018 build) has libass without HarfBuzz, so
 * Devanagari comes out unshaped (halants shown, the i-matra after its
 * consonant: "क्षत्रिय" as "क्‌षत्‌रयि"). resvg's own SVG text layout shapes,
 * but misplaces Devanagari clusters. HarfBuzz (harfbuzzjs, WebAssembly) is
 * the reference shaper: we shape here, turn glyphs into SVG paths and let
 * resvg only fill paths. Offline, and the same output on every machine.
 */

export type FontWeight = 'regular' | 'semibold' | 'bold';

const FONT_FILES: Record<FontWeight, string> = {
  regular: '400Regular/NotoSansDevanagari_400Regular.ttf',
  semibold: '600SemiBold/NotoSansDevanagari_600SemiBold.ttf',
  bold: '700Bold/NotoSansDevanagari_700Bold.ttf',
};

type Hb = typeof import('harfbuzzjs');
type HbFont = import('harfbuzzjs').Font;

interface Fonts {
  hb: Hb;
  fonts: Record<FontWeight, { font: HbFont; upem: number }>;
  /** Glyph outlines by weight and glyph id, font units, y up. */
  paths: Map<string, string>;
}

/** Folder of the Noto Sans Devanagari TTFs (it also covers Latin, digits and ₹). */
export function notoDevanagariDir(): string {
  const pkg = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-devanagari/package.json');
  return path.dirname(pkg);
}

function loadFonts(): Promise<Fonts> {
  return singleton('starterLibraryFonts', async () => {
    const hb = await import('harfbuzzjs');
    const dir = notoDevanagariDir();
    const load = (w: FontWeight) => {
      const face = new hb.Face(new hb.Blob(fs.readFileSync(path.join(dir, FONT_FILES[w]))));
      return { font: new hb.Font(face), upem: face.upem };
    };
    return {
      hb,
      fonts: { regular: load('regular'), semibold: load('semibold'), bold: load('bold') },
      paths: new Map(),
    };
  });
}

export interface TextStyle {
  weight: FontWeight;
  /** Font size, px. */
  sizePx: number;
  /** Widest a line may be, px. */
  maxWidthPx: number;
  /** Line advance as a multiple of the size; Devanagari needs room above and below. */
  lineHeight?: number;
}

interface PlacedGlyph {
  id: number;
  /** Pen position from the line start, font units. */
  x: number;
  y: number;
}

export interface ShapedLine {
  glyphs: PlacedGlyph[];
  /** Advance width, px. */
  widthPx: number;
}

/** A shaped, wrapped paragraph ready to draw. */
export interface TextBlock {
  weight: FontWeight;
  sizePx: number;
  lines: ShapedLine[];
  /** Widest line, px. */
  widthPx: number;
  /** Line advance, px. */
  lineHeightPx: number;
  /** lines x line advance, px. */
  heightPx: number;
  /** True when some word alone is wider than the maximum width. */
  overflows: boolean;
}

function shapeRun(f: Fonts, weight: FontWeight, text: string): { glyphs: PlacedGlyph[]; advance: number } {
  const { hb } = f;
  const { font } = f.fonts[weight];
  const buf = new hb.Buffer();
  buf.addText(text);
  buf.guessSegmentProperties();
  hb.shape(font, buf);
  const infos = buf.getGlyphInfos();
  const pos = buf.getGlyphPositions();
  const glyphs: PlacedGlyph[] = [];
  let pen = 0;
  infos.forEach((g, i) => {
    const p = pos[i]!;
    glyphs.push({ id: g.codepoint, x: pen + p.xOffset, y: p.yOffset });
    pen += p.xAdvance;
  });
  return { glyphs, advance: pen };
}

/**
 * Keeps a number with the short word after it ("2 kW", "₹1.5 lakh", "300
 * यूनिट") so a line never ends on a bare figure, which reads as a different
 * number.
 */
export function glueNumbers(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (next !== undefined && /^₹?\d[\d,.]*%?$/.test(w) && [...next].length <= 8) {
      out.push(`${w} ${next}`);
      i++;
    } else {
      out.push(w);
    }
  }
  return out;
}

/**
 * Shapes `text` with HarfBuzz and wraps it at spaces to `maxWidthPx`
 * (greedy). Explicit newlines start a new line.
 */
export async function layoutText(text: string, style: TextStyle): Promise<TextBlock> {
  const f = await loadFonts();
  const { upem } = f.fonts[style.weight];
  const scale = style.sizePx / upem;
  const lines: ShapedLine[] = [];
  let overflows = false;
  for (const para of text.split('\n')) {
    const words = glueNumbers(para.split(/\s+/).filter(Boolean));
    let current: string[] = [];
    const flush = () => {
      if (current.length === 0) return;
      const run = shapeRun(f, style.weight, current.join(' '));
      lines.push({ glyphs: run.glyphs, widthPx: run.advance * scale });
      current = [];
    };
    for (const word of words) {
      const candidate = [...current, word].join(' ');
      const width = shapeRun(f, style.weight, candidate).advance * scale;
      if (width <= style.maxWidthPx || current.length === 0) {
        current.push(word);
        if (width > style.maxWidthPx) overflows = true;
      } else {
        flush();
        current.push(word);
        if (shapeRun(f, style.weight, word).advance * scale > style.maxWidthPx) overflows = true;
      }
    }
    flush();
  }
  const lineHeightPx = style.sizePx * (style.lineHeight ?? 1.5);
  return {
    weight: style.weight,
    sizePx: style.sizePx,
    lines,
    widthPx: Math.max(0, ...lines.map((l) => l.widthPx)),
    lineHeightPx,
    heightPx: lines.length * lineHeightPx,
    overflows,
  };
}

/**
 * The largest size from `style.sizePx` down to `minSizePx` (steps of 2 px) at
 * which `text` fits in `maxLines` lines without a word overflowing; the
 * smallest size when none fits.
 */
export async function fitText(text: string, style: TextStyle, maxLines: number, minSizePx: number): Promise<TextBlock> {
  let block = await layoutText(text, style);
  for (let size = style.sizePx - 2; size >= minSizePx && (block.lines.length > maxLines || block.overflows); size -= 2) {
    block = await layoutText(text, { ...style, sizePx: size });
  }
  return block;
}

export interface DrawOptions {
  /** Anchor x, px: the left edge, the centre or the right edge by `align`. */
  x: number;
  /** Top of the block, px. */
  top: number;
  align: 'left' | 'center' | 'right';
  fill: string;
  /** Optional outline for legibility on busy backgrounds. */
  stroke?: { color: string; widthPx: number };
}

/** SVG markup of a laid-out block: one filled path per glyph (no SVG text, see the module comment). */
export async function textBlockSvg(block: TextBlock, opts: DrawOptions): Promise<string> {
  const f = await loadFonts();
  const { font, upem } = f.fonts[block.weight];
  const s = block.sizePx / upem;
  // Baseline within a line box: the box is centred on the x-height band of Latin and the headline of Devanagari.
  const baseline = block.lineHeightPx / 2 + block.sizePx * 0.36;
  const strokeAttr = opts.stroke
    ? ` stroke="${opts.stroke.color}" stroke-width="${(opts.stroke.widthPx / s).toFixed(1)}" stroke-linejoin="round" paint-order="stroke"`
    : '';
  const parts: string[] = [`<g fill="${opts.fill}"${strokeAttr}>`];
  block.lines.forEach((line, i) => {
    const left = opts.align === 'left' ? opts.x : opts.align === 'center' ? opts.x - line.widthPx / 2 : opts.x - line.widthPx;
    const y = opts.top + i * block.lineHeightPx + baseline;
    for (const g of line.glyphs) {
      const key = `${block.weight}:${g.id}`;
      let d = f.paths.get(key);
      if (d === undefined) {
        d = font.glyphToPath(g.id);
        f.paths.set(key, d);
      }
      if (!d) continue;
      const gx = left + g.x * s;
      const gy = y - g.y * s;
      parts.push(`<path transform="matrix(${s.toFixed(5)} 0 0 ${(-s).toFixed(5)} ${gx.toFixed(2)} ${gy.toFixed(2)})" d="${d}"/>`);
    }
  });
  parts.push('</g>');
  return parts.join('');
}
