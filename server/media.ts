import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '@/lib/logger';
import { errorBody, type ApiErrorCode } from '@/lib/http/errors';
import { PICTURE_FILE, PICTURE_PATH_RE, picturePrefix, cacheControlFor, contentPrefix, contentTypeFor } from '@/lib/storage/media-storage';
import { expiryBucketS, mediaExpiryS, mediaSigningReady, verifyMediaToken } from '@/lib/storage/signing';
import { getStorage } from '@/lib/storage/storage';
import type { S3Storage } from '@/lib/storage/s3';
import { LocalStorage } from '@/lib/storage/local';
import { env } from '@/lib/env';
import { singleton } from '@/lib/singleton';

const pictureStorage = () => singleton('pictureStorage', () => new LocalStorage(path.resolve(env().DATA_DIR, 'media')));

/**
 * The media fast path (ARCHITECTURE.md decisions 2 and 5): plain node:http,
 * no framework, for `/media/<token>/<contentId>/<file>`. The token covers
 * every file of one reel; the file part must be one of the names the
 * pipeline writes, so no request can reach a file outside the reel's folder.
 *
 * Local storage: the file itself, with Range (206/416), ETag and
 * Last-Modified (304), and a year of immutable caching for segments and
 * images. S3 storage: playlists are read from the bucket with each segment
 * line turned into a presigned S3 URL (segment bytes then come straight
 * from S3 or its CDN); poster and thumbnail answer 302 to a presigned URL.
 */

/** `<token>/<uuid>/<file>`: the only files a reel has (see lib/media/transcode.ts). */
const MEDIA_PATH =
  /^\/media\/([^/]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(master\.m3u8|poster\.jpg|thumb\.jpg|[1-9][0-9]{0,3}\/index\.m3u8|[1-9][0-9]{0,3}\/seg_[0-9]{5,7}\.ts)$/;

/**
 * Public profile pictures of topics, categories, options and owners
 * (`/media/library/<name>-<hash>.png`, written by the starter library).
 * They carry no token: they are not content, and their names change with
 * their bytes, so they are cached for a year.
 */
const LIBRARY_PATH = /^\/media\/library\/([a-z0-9][a-z0-9-]{0,80}\.png)$/;

/** Playlists may be re-made under the same name; a minute of caching keeps load low without pinning them. */
const PLAYLIST_CACHE = 'public, max-age=60';

function sendError(res: ServerResponse, status: number, code: ApiErrorCode, message: string, head = false) {
  const body = JSON.stringify(errorBody(code, message));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(head ? undefined : body);
}

type ByteRange = { start: number; end: number };

/**
 * Parses a Range header (RFC 9110 section 14) for a body of `size` bytes.
 * @returns the one range to send, 'unsatisfiable' (416), or null to send the whole body
 *   (no header, another unit, several ranges, or a malformed header, which RFC 9110 says to ignore).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

interface Body {
  size: number;
  etag: string;
  lastModified: Date | null;
  contentType: string;
  cacheControl: string;
  /** Writes bytes start..end (inclusive) to res and ends it. */
  send(res: ServerResponse, range: ByteRange | null): void;
}

/** Conditional and range handling shared by files and in-memory playlists. */
function serveBody(req: IncomingMessage, res: ServerResponse, b: Body) {
  const head = req.method === 'HEAD';
  const headers: Record<string, string | number> = {
    'Content-Type': b.contentType,
    'Cache-Control': b.cacheControl,
    ETag: b.etag,
    'Accept-Ranges': 'bytes',
    // Tokens are bearer credentials; any origin (e.g. a partner page) may play the reel it was given.
    'Access-Control-Allow-Origin': '*',
  };
  if (b.lastModified) headers['Last-Modified'] = b.lastModified.toUTCString();

  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  const notModified = inm
    ? etagMatches(inm, b.etag)
    : Boolean(ims && b.lastModified && Math.floor(b.lastModified.getTime() / 1000) <= Date.parse(ims) / 1000);
  if (notModified) {
    res.writeHead(304, headers);
    res.end();
    return;
  }

  let range = parseRange(req.headers.range, b.size);
  const rawIfRange = req.headers['if-range'];
  const ifRange = Array.isArray(rawIfRange) ? rawIfRange[0] : rawIfRange;
  // If-Range: send the part only when the client's copy is still this version.
  if (range && ifRange) {
    const sameVersion = ifRange.startsWith('"') || ifRange.startsWith('W/')
      ? ifRange === b.etag
      : Boolean(b.lastModified && Date.parse(ifRange) / 1000 >= Math.floor(b.lastModified.getTime() / 1000));
    if (!sameVersion) range = null;
  }
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${b.size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  if (range) {
    res.writeHead(206, {
      ...headers,
      'Content-Range': `bytes ${range.start}-${range.end}/${b.size}`,
      'Content-Length': range.end - range.start + 1,
    });
  } else {
    res.writeHead(200, { ...headers, 'Content-Length': b.size });
  }
  if (head) {
    res.end();
    return;
  }
  b.send(res, range);
}

async function serveLocal(req: IncomingMessage, res: ServerResponse, key: string, storage: LocalStorage) {
  const file = storage.filePath(key);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    sendError(res, 404, 'not_found', 'This file does not exist.', req.method === 'HEAD');
    return;
  }
  if (!stat.isFile()) {
    sendError(res, 404, 'not_found', 'This file does not exist.', req.method === 'HEAD');
    return;
  }
  serveBody(req, res, {
    size: stat.size,
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    lastModified: stat.mtime,
    contentType: contentTypeFor(key),
    cacheControl: key.endsWith('.m3u8') ? PLAYLIST_CACHE : cacheControlFor(key),
    send(r, range) {
      const stream = fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
      stream.on('error', () => r.destroy());
      stream.pipe(r);
    },
  });
}

async function serveS3(
  req: IncomingMessage, res: ServerResponse, storage: S3Storage, contentId: string, file: string, expiryS: number,
) {
  const prefix = contentPrefix(contentId);
  const key = `${prefix}/${file}`;
  const bucket = expiryBucketS();
  const signedAtS = Math.floor(Date.now() / 1000 / bucket) * bucket;
  if (!file.endsWith('.m3u8')) {
    const url = await storage.presignedGetUrl(key, signedAtS, expiryS);
    res.writeHead(302, { Location: url, 'Cache-Control': 'private, max-age=60', 'Content-Length': 0 });
    res.end();
    return;
  }
  const text = await storage.readText(key);
  if (text === null) {
    sendError(res, 404, 'not_found', 'This file does not exist.', req.method === 'HEAD');
    return;
  }
  let body = text;
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  if (dir) {
    // A media playlist: each URI line is a segment next to it.
    const lines = await Promise.all(text.split('\n').map(async (line) => {
      const t = line.trim();
      if (!t || t.startsWith('#') || !/^seg_[0-9]+\.ts$/.test(t)) return line;
      return storage.presignedGetUrl(`${prefix}/${dir}/${t}`, signedAtS, expiryS);
    }));
    body = lines.join('\n');
  }
  const buf = Buffer.from(body, 'utf8');
  serveBody(req, res, {
    size: buf.length,
    etag: `"${createHash('sha1').update(buf).digest('base64url')}"`,
    lastModified: null,
    contentType: contentTypeFor(key),
    // Holds presigned URLs: shared caches must not keep it past their lifetime.
    cacheControl: 'private, max-age=60',
    send(r, range) {
      r.end(range ? buf.subarray(range.start, range.end + 1) : buf);
    },
  });
}

/**
 * An uploaded picture (`/media/avatars/<id>/pic.webp` of a user,
 * `/media/taxonomy/<id>/pic.webp` of a topic, category or option; lib/media/image.ts):
 * public like the library pictures, its id new for every upload, so cached for a year.
 * Local: the file; S3: a redirect to a presigned URL.
 */
async function servePicture(req: IncomingMessage, res: ServerResponse, kind: 'avatars' | 'taxonomy', id: string) {
  const key = `${picturePrefix(kind, id)}/${PICTURE_FILE}`;
  const storage = getStorage();
  if (storage.kind === 'local') {
    await serveLocal(req, res, key, storage);
    return;
  }
  const bucket = expiryBucketS();
  const signedAtS = Math.floor(Date.now() / 1000 / bucket) * bucket;
  const url = await storage.presignedGetUrl(key, signedAtS, mediaExpiryS());
  res.writeHead(302, { Location: url, 'Cache-Control': 'private, max-age=60', 'Content-Length': 0 });
  res.end();
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(res, 405, 'method_not_allowed', 'Only GET and HEAD are allowed here.');
    return;
  }
  const raw = req.url ?? '';
  const pathname = raw.split('?')[0];
  const picture = LIBRARY_PATH.exec(pathname);
  if (picture) {
    // Pictures stay on the local disk whatever the storage kind (the starter library writes them there).
    await serveLocal(req, res, `library/${picture[1]}`, pictureStorage());
    return;
  }
  const uploaded = PICTURE_PATH_RE.exec(pathname);
  if (uploaded) {
    await servePicture(req, res, uploaded[1] as 'avatars' | 'taxonomy', uploaded[2]);
    return;
  }
  const m = MEDIA_PATH.exec(pathname);
  if (!m) {
    // Anything encoded, any `..`, any name the pipeline never writes: there is no such file.
    if (/%(?![0-9A-Fa-f]{2})/.test(pathname)) {
      sendError(res, 400, 'bad_request', 'Malformed media path.', head);
    } else {
      sendError(res, 404, 'not_found', 'This file does not exist.', head);
    }
    return;
  }
  const [, token, contentId, file] = m;
  await mediaSigningReady();
  const check = verifyMediaToken(token, contentId);
  if (!check.ok) {
    if (check.reason === 'expired') {
      sendError(res, 403, 'media_url_expired', 'This media link has expired. Please reload the page.', head);
    } else {
      sendError(res, 403, 'media_url_invalid', 'This media link is not valid.', head);
    }
    return;
  }
  const storage = getStorage();
  if (storage.kind === 's3') {
    await serveS3(req, res, storage, contentId, file, check.expiryS);
  } else {
    await serveLocal(req, res, `${contentPrefix(contentId)}/${file}`, storage);
  }
}

/**
 * Serves `/media/<token>/<contentId>/<file>` (GET and HEAD). Answers in the
 * one error shape: 400 malformed path, 403 `media_url_invalid` (tampered,
 * another reel's token) or `media_url_expired`, 404 `not_found`, 405, 416.
 * Loads the signing secret on first use if start-up has not (initMediaSigning).
 */
export function handleMediaRequest(req: IncomingMessage, res: ServerResponse): void {
  handle(req, res).catch((err) => {
    logger().error({ err, url: req.url }, 'media request failed');
    if (!res.headersSent) sendError(res, 500, 'internal_error', 'Something went Wrong. Please try again Later.');
    else res.destroy();
  });
}
