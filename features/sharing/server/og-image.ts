import 'server-only';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp, { type OverlayOptions } from 'sharp';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { singleton } from '@/lib/singleton';
import { LocalStorage } from '@/lib/storage/local';
import { contentPrefix, pictureOfUrl, picturePrefix, PICTURE_FILE } from '@/lib/storage/media-storage';
import { getStorage } from '@/lib/storage/storage';
import { SHARE_IMAGE, shareImageVersion, type ReelCard, type ShareCard } from './share';

/**
 * The share image of a reel or a topic (Open Graph and Twitter cards):
 * 1200x630 JPEG under 300 KB. A reel's is its poster on the left (9:16,
 * cropped to the card's height) and, on the brand's navy, the brand, the
 * reel's title, its topic and a language label; a topic's is its picture,
 * name and description. Text is shaped by HarfBuzz and drawn as glyph
 * outlines (the text kit the server passes in: the starter library's, so
 * Devanagari conjuncts and matras come out right), rasterised by resvg and
 * composed and encoded by sharp.
 *
 * Made once per (card, version) and kept in media storage under
 * `share/<slug>-<version>/og.jpg`; the version is a hash of what is drawn
 * (share.ts shareImageVersion), so an edit makes a new file and the old
 * URL's bytes never change. A small in-process cache and one in-flight
 * render per key keep a burst of crawler fetches to one render.
 */

/** Font weights the text kit draws. */
export type KitWeight = 'regular' | 'semibold' | 'bold';

/** A shaped, wrapped block of text as the kit returns it (only what this module reads). */
export interface KitBlock {
  lines: Array<{ widthPx: number }>;
  lineHeightPx: number;
  heightPx: number;
  widthPx: number;
}

/**
 * Text shaping and drawing, injected by the server (features must not
 * import each other): the starter library's HarfBuzz layout.
 */
export interface TextKit<B extends KitBlock = KitBlock> {
  /** The largest size from sizePx down to minSizePx at which `text` fits `maxLines`. */
  fitText(text: string, style: { weight: KitWeight; sizePx: number; maxWidthPx: number; lineHeight?: number }, maxLines: number, minSizePx: number): Promise<B>;
  /** SVG markup of a block: one filled path per glyph. */
  textBlockSvg(block: B, opts: { x: number; top: number; align: 'left' | 'center' | 'right'; fill: string }): Promise<string>;
}

/** What a rendered share image is served with. */
export interface ShareImage {
  bytes: Buffer;
  /** The version (share.ts shareImageVersion); also the ETag's value. */
  version: string;
  etag: string;
}

/** Largest share image, bytes: WhatsApp drops larger ones from the preview (measured budget). */
export const SHARE_IMAGE_MAX_BYTES = 300 * 1024;

const NAVY = '#0b1d45';
const AMBER = '#fbbf24';
const POSTER_W = Math.round((SHARE_IMAGE.height * 9) / 16); // 354 px: a 9:16 poster at the card's height
const PAD = 56;

/** The language label of a reel, in its own script. */
const LANG_LABEL: Record<ReelCard['lang'], string> = { en: 'English', hi: 'हिंदी', he: 'Hinglish' };

/** `text` cut to at most `max` graphemes (never inside a Devanagari cluster), at a word when one is near, with an ellipsis. */
export function clipText(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  const g = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(clean), (x) => x.segment);
  if (g.length <= max) return clean;
  let cut = g.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  if (space >= cut.length * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** Keeps the first `maxLines` lines of a block (the kit's smallest size may still need more). */
function firstLines<B extends KitBlock>(block: B, maxLines: number): B {
  if (block.lines.length <= maxLines) return block;
  const lines = block.lines.slice(0, maxLines);
  return { ...block, lines, heightPx: lines.length * block.lineHeightPx };
}

/** The sun mark of the brand (the same symbol as the library's owner icon), centred on (cx, cy). */
function sunMark(cx: number, cy: number, r: number, color: string): string {
  const rays = Array.from({ length: 8 }, (_, i) =>
    `<line x1="0" y1="${-r * 1.55}" x2="0" y2="${-r * 2.1}" transform="rotate(${i * 45})"/>`).join('');
  return `<g transform="translate(${cx} ${cy})" stroke="${color}" stroke-width="${r * 0.36}" stroke-linecap="round">${rays}` +
    `<circle r="${r}" fill="${color}" stroke="none"/></g>`;
}

/** The SVG drawn over the background (transparent where the poster shows). */
async function overlaySvg(kit: TextKit, card: ShareCard, brand: string, hasPicture: boolean): Promise<string> {
  const { width: W, height: H } = SHARE_IMAGE;
  const left = card.kind === 'reel' ? POSTER_W + PAD : hasPicture ? 420 : PAD;
  // A topic without a picture leaves the right third to the brand's sun (backgroundSvg).
  const textW = W - left - PAD - (card.kind === 'topic' && !hasPicture ? 340 : 0);
  const parts: string[] = [];
  // The brand line: the sun and the name.
  const brandBlock = await kit.fitText(brand, { weight: 'bold', sizePx: 34, maxWidthPx: textW - 60 }, 1, 24);
  parts.push(sunMark(left + 18, PAD + 22, 11, AMBER));
  parts.push(await kit.textBlockSvg(brandBlock, { x: left + 52, top: PAD + 22 - brandBlock.heightPx / 2, align: 'left', fill: '#ffffff' }));

  const title = card.kind === 'reel' ? (card.description.trim() || card.option_name) : card.name;
  const titleBlock = firstLines(
    await kit.fitText(clipText(title, 110), { weight: 'bold', sizePx: 58, maxWidthPx: textW, lineHeight: 1.35 }, 4, 38), 4);
  const sub = card.kind === 'reel' ? card.topic_name : card.description;
  const subBlock = sub.trim()
    ? firstLines(await kit.fitText(clipText(sub, 90), { weight: 'semibold', sizePx: 30, maxWidthPx: textW, lineHeight: 1.4 }, 2, 24), 2)
    : null;
  const gap = 18;
  const blockH = titleBlock.heightPx + (subBlock ? gap + subBlock.heightPx : 0);
  // Centre title and topic between the brand line and the footer.
  const top = Math.max(PAD + 64, Math.round((H - blockH) / 2));
  parts.push(await kit.textBlockSvg(titleBlock, { x: left, top, align: 'left', fill: '#ffffff' }));
  if (subBlock) parts.push(await kit.textBlockSvg(subBlock, { x: left, top: top + titleBlock.heightPx + gap, align: 'left', fill: AMBER }));

  // Footer: the language pill (reels) and a play mark on the poster.
  if (card.kind === 'reel') {
    const label = await kit.fitText(LANG_LABEL[card.lang], { weight: 'semibold', sizePx: 26, maxWidthPx: 300 }, 1, 20);
    const pillW = Math.ceil(label.widthPx) + 40;
    const pillH = 48;
    const pillY = H - PAD - pillH;
    parts.push(`<rect x="${left}" y="${pillY}" width="${pillW}" height="${pillH}" rx="${pillH / 2}" fill="${AMBER}"/>`);
    parts.push(await kit.textBlockSvg(label, { x: left + 20, top: pillY + (pillH - label.heightPx) / 2, align: 'left', fill: NAVY }));
    const cx = POSTER_W / 2;
    const cy = H / 2;
    parts.push(`<circle cx="${cx}" cy="${cy}" r="46" fill="#000000" fill-opacity="0.45" stroke="#ffffff" stroke-width="4"/>`);
    parts.push(`<path d="M${cx - 14} ${cy - 24} L${cx + 26} ${cy} L${cx - 14} ${cy + 24} Z" fill="#ffffff"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

/** The background: the navy card with a soft amber glow; the poster panel's fallback is a brand gradient with the sun. */
function backgroundSvg(card: ShareCard, hasPicture: boolean): string {
  const { width: W, height: H } = SHARE_IMAGE;
  const panel = card.kind === 'reel' && !hasPicture
    ? `<rect width="${POSTER_W}" height="${H}" fill="url(#p)"/>${sunMark(POSTER_W / 2, H / 2 - 120, 34, AMBER)}`
    : card.kind === 'topic' && !hasPicture ? sunMark(W - 210, H / 2, 70, AMBER) : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><radialGradient id="g" cx="1" cy="0" r="0.9"><stop offset="0" stop-color="${AMBER}" stop-opacity="0.28"/>
    <stop offset="1" stop-color="${AMBER}" stop-opacity="0"/></radialGradient>
    <linearGradient id="p" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="${NAVY}"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="${NAVY}"/><rect width="${W}" height="${H}" fill="url(#g)"/>${panel}</svg>`;
}

type ResvgModule = { Resvg: new (svg: string, opts: object) => { render(): { asPng(): Uint8Array } } };

function svgToPng(svg: string): Buffer {
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}

function isMissing(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'ENOENT';
}

/** Bytes of a stored object, or null when it is missing (local: the file; S3: a short-lived presigned GET). */
async function readStored(key: string): Promise<Buffer | null> {
  const storage = getStorage();
  if (storage.kind === 'local') {
    try {
      return await fs.readFile(storage.filePath(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
  if (!(await storage.exists(key))) return null;
  const now = Math.floor(Date.now() / 1000);
  const res = await fetch(await storage.presignedGetUrl(key, now, now + 300), { signal: AbortSignal.timeout(10_000) });
  return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
}

/** The library's pictures live on the local disk whatever the media storage (server/media.ts). */
const libraryStorage = () => singleton('shareLibraryPictures', () => new LocalStorage(path.resolve(env().DATA_DIR, 'media')));

/** A topic picture's bytes from its URL (/media/library/<file>.png or an uploaded /media/taxonomy/<id>/pic.webp), or null. */
async function topicPicture(url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  const lib = /^\/media\/library\/([a-z0-9][a-z0-9-]{0,80}\.png)$/.exec(url);
  if (lib) {
    try {
      return await fs.readFile(libraryStorage().filePath(`library/${lib[1]}`));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
  const pic = pictureOfUrl(url);
  return pic ? readStored(`${picturePrefix(pic.kind, pic.id)}/${PICTURE_FILE}`) : null;
}

/** The picture of a card: a reel's poster, a topic's picture; null when there is none (or it cannot be read). */
async function pictureOf(card: ShareCard): Promise<Buffer | null> {
  try {
    return card.kind === 'reel' ? await readStored(`${contentPrefix(card.id)}/poster.jpg`) : await topicPicture(card.pic);
  } catch (err) {
    logger().warn({ err, card: card.slug }, 'share image: picture unreadable, drawing without it');
    return null;
  }
}

/**
 * Renders a card's share image (no caching): 1200x630 JPEG. Quality steps
 * down until the file is under SHARE_IMAGE_MAX_BYTES.
 * @param brand the product's name, drawn at the top.
 */
export async function renderShareImage(kit: TextKit, card: ShareCard, brand: string): Promise<Buffer> {
  const { width: W, height: H } = SHARE_IMAGE;
  const picture = await pictureOf(card);
  const layers: OverlayOptions[] = [];
  let hasPicture = false;
  if (picture) {
    try {
      const box = card.kind === 'reel' ? { w: POSTER_W, h: H, left: 0, top: 0 } : { w: 300, h: 300, left: PAD, top: (H - 300) / 2 };
      const input = await sharp(picture).resize(box.w, box.h, { fit: 'cover', position: 'attention' }).png().toBuffer();
      layers.push({ input, left: box.left, top: Math.round(box.top) });
      hasPicture = true;
    } catch (err) {
      logger().warn({ err, card: card.slug }, 'share image: picture not decodable, drawing without it');
    }
  }
  layers.push({ input: svgToPng(await overlaySvg(kit, card, brand, hasPicture)), left: 0, top: 0 });
  const composed = await sharp(svgToPng(backgroundSvg(card, hasPicture))).composite(layers).removeAlpha().png().toBuffer();
  let out = Buffer.alloc(0);
  for (const quality of [84, 74, 62, 50]) {
    out = await sharp(composed).resize(W, H).jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer();
    if (out.length <= SHARE_IMAGE_MAX_BYTES) break;
  }
  return out;
}

/** Storage key of a card's image at a version. */
export function shareImageKey(card: ShareCard, version = shareImageVersion(card)): string {
  return `share/${card.slug}-${version}/og.jpg`;
}

/** Recent images by key (a crawler burst after a share, a popular reel): ~64 x <300 KB at most. */
const MEMO_MAX = 64;

async function storeImage(key: string, bytes: Buffer): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sr-share-'));
  try {
    await fs.writeFile(path.join(dir, 'og.jpg'), bytes);
    await getStorage().putDirectory(dir, path.posix.dirname(key));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A card's share image at its current version: from the in-process cache,
 * else from media storage, else rendered and stored (one render per key at
 * a time in this process). Idempotent: the same card gives the same bytes.
 * @returns the bytes with their version and ETag.
 * @throws Error from the renderer or the storage (the route answers 500 only for those).
 */
export async function shareImage(kit: TextKit, card: ShareCard, brand: string): Promise<ShareImage> {
  const version = shareImageVersion(card);
  const key = shareImageKey(card, version);
  const memo = singleton('shareImageMemo', () => ({ done: new Map<string, Buffer>(), pending: new Map<string, Promise<Buffer>>() }));
  let bytes = memo.done.get(key);
  if (!bytes) {
    let p = memo.pending.get(key);
    if (!p) {
      p = (async () => {
        const stored = await readStored(key);
        if (stored) return stored;
        const made = await renderShareImage(kit, card, brand);
        await storeImage(key, made);
        return made;
      })();
      memo.pending.set(key, p);
      p.finally(() => memo.pending.delete(key)).catch(() => undefined);
    }
    bytes = await p;
    memo.done.set(key, bytes);
    if (memo.done.size > MEMO_MAX) memo.done.delete(memo.done.keys().next().value!);
  }
  return { bytes, version, etag: `"${version}"` };
}

