import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Brotli for Next's build assets. Next compresses responses with gzip
 * only; the same JavaScript is about 13% smaller as brotli, which on a
 * 1.6 Mbps phone is a tenth of a second or two before the first frame.
 * `npm start` writes `<file>.br` beside every .js and .css of
 * `.next/static` once per build (scripts/lib/ensure-build.ts); this serves
 * them to browsers that accept br, and leaves everything else to Next.
 */

const STATIC_PREFIX = '/_next/static/';
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** Build assets are content-hashed: their bytes never change under one name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Answers GET/HEAD `/_next/static/...(.js|.css)` with its precompressed
 * `.br` twin when the client accepts br and the twin exists.
 * @returns true when it answered; false to let Next answer.
 */
export function serveBrotliAsset(req: IncomingMessage, res: ServerResponse, distDir: string): boolean {
  const url = req.url ?? '';
  if (!url.startsWith(STATIC_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  if (!/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) return false;
  let rel: string;
  try {
    rel = decodeURIComponent(url.slice(STATIC_PREFIX.length).split('?')[0]);
  } catch {
    // A malformed escape names no file of ours; Next answers it (404).
    return false;
  }
  const type = TYPES[path.extname(rel)];
  if (!type || rel.split('/').some((p) => p === '..' || p === '')) return false;
  const file = path.join(distDir, 'static', rel);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(`${file}.br`);
  } catch {
    return false;
  }
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Encoding': 'br',
    'Content-Length': stat.size,
    'Cache-Control': IMMUTABLE,
    Vary: 'Accept-Encoding',
  });
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(`${file}.br`).on('error', () => res.destroy()).pipe(res);
  return true;
}
