import 'server-only';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * hls.js' own browser build (the light UMD file, `window.Hls`), served
 * under a versioned path for the first reel's starter (features/reels/lib/first-reel-starter.ts),
 * which loads it while the page's scripts are held: the app's bundled copy
 * comes only with those scripts. One file, read and brotli-compressed
 * (quality 11) once per process (warmHlsVendor); the path carries the
 * version, so it is cached for a year.
 */
const require = createRequire(import.meta.url);
const PKG_DIR = path.dirname(require.resolve('hls.js/package.json'));
const VERSION = (JSON.parse(fs.readFileSync(path.join(PKG_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** The public path of hls.js' light build, e.g. `/vendor/hls.light-1.7.4.min.js`. */
export const HLS_VENDOR_PATH = `/vendor/hls.light-${VERSION}.min.js`;

let file: Promise<{ raw: Buffer; br: Buffer }> | null = null;

/**
 * Reads and brotli-compresses the file once (zlib's thread pool: about half a
 * second of quality-11 work that must not block the event loop). Called at
 * start-up so the first visitor does not wait for it; a failure is retried on
 * the next call.
 */
export function warmHlsVendor(): Promise<{ raw: Buffer; br: Buffer }> {
  if (!file) {
    file = (async () => {
      const raw = await fs.promises.readFile(path.join(PKG_DIR, 'dist', 'hls.light.min.js'));
      const br = await promisify(zlib.brotliCompress)(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      return { raw, br };
    })();
    file.catch(() => {
      file = null;
    });
  }
  return file;
}

/**
 * Answers GET/HEAD of HLS_VENDOR_PATH (brotli where accepted; 503 should
 * the file be unreadable).
 * @returns true when it takes the request (the answer may follow once the
 * file is ready); false for any other request.
 */
export function serveHlsVendor(req: IncomingMessage, res: ServerResponse): boolean {
  const url = (req.url ?? '').split('?')[0];
  if (url !== HLS_VENDOR_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const useBr = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
  warmHlsVendor().then(({ raw, br }) => {
    const body = useBr ? br : raw;
    res.writeHead(200, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      ...(useBr ? { 'Content-Encoding': 'br' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }, () => {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' }).end('hls.js is not available');
  });
  return true;
}
