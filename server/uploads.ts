import 'server-only';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { and, eq } from 'drizzle-orm';
import { Server, type ServerOptions } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/utils';
import { getDb } from '@/lib/db/client';
import { contentItems } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { MAX_UPLOAD_BYTES } from '@/lib/constants';
import { resolveCredentials } from '@/lib/auth/resolve';
import type { Principal } from '@/lib/auth/principal';
import { ApiError, errorBody } from '@/lib/http/errors';
import { FINGERPRINT_HEADER } from '@/lib/http/principal';
import { clientIp, isAllowedOrigin } from '@/lib/http/request-info';
import { consumeLimit } from '@/lib/http/rate-limit';
import { FILE_TOO_LARGE_MESSAGE } from '@/lib/media/probe';
import { reelFailureOf, uploaderFailureReason } from '@/lib/media/failure-reason';
import { logger } from '@/lib/logger';
import { DuplicateVideoError } from '@/features/reels/server/ingest';
import { assertMayUpload, ingestStudioUpload, parseUploadFields, type MayUpload } from '@/features/reels/server/upload';
import {
  releaseExpiredUploads, releaseUpload, reserveUpload, uploadLimits, type UploadLimits,
} from '@/features/reels/server/upload-reservations';
import { may } from '@/features/studio/policy';

/**
 * Resumable uploads over tus 1.0 (creation, expiration, termination) under
 * /uploader/api/v1/upload/, answered before the Hono API because tus owns
 * its request bodies and headers. A phone that loses its network asks HEAD
 * for the offset and PATCHes the rest. On the last byte the file is ingested
 * as a Pending reel of its uploader (features/reels/server/upload.ts), the
 * reel's id comes back in `Upload-Content-Id` (and the JSON body), and the
 * tus file is removed; `GET <upload url>/result` answers the same later.
 * Limits: SPEC.md section 5 (200 MB, VIDEO_MAX_DURATION_S); per user, at
 * most UPLOAD_MAX_OPEN_PER_USER unfinished uploads declaring at most
 * UPLOAD_MAX_RESERVED_BYTES_PER_USER in all (features/reels/server/upload-reservations.ts);
 * who may upload where: docs/decisions/008 (`may(p, 'content.upload', topicId)`).
 */

/** Where tus requests are served (POST here; the upload's URL is `<prefix><id>`). */
export const TUS_PREFIX = '/uploader/api/v1/upload/';
/** An unfinished upload is removed this long after its creation (tus expiration extension). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Answer header with the reel's id once the last byte is in. */
export const CONTENT_ID_HEADER = 'Upload-Content-Id';

/** Spec paths under the prefix that are not tus (the topic guide video, served by the API). */
const NOT_TUS = new Set(['guide_video']);
const TUS_ID = /^[0-9a-f]{32}$/;

/** DATA_DIR/uploads-tus: tus files (`<id>`) and their `<id>.json` descriptions until ingested or expired. */
export function tusUploadDir(): string {
  return path.resolve(env().DATA_DIR, 'uploads-tus');
}

/** True when `url` (path with optional query) is a tus request of this handler. */
export function isTusPath(url: string): boolean {
  const p = url.split('?')[0];
  if (p === TUS_PREFIX.slice(0, -1)) return true;
  if (!p.startsWith(TUS_PREFIX)) return false;
  return !NOT_TUS.has(p.slice(TUS_PREFIX.length).split('/')[0]);
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Tus-Resumable': '1.0.0',
    // Do not make the client send a large body we will not read.
    ...(status >= 400 ? { Connection: 'close' } : {}),
  });
  res.end(text);
}

function sendError(res: http.ServerResponse, err: ApiError): void {
  if (err.retryAfterS !== undefined) res.setHeader('Retry-After', String(err.retryAfterS));
  sendJson(res, err.status, errorBodyOf(err));
}

function errorBodyOf(err: ApiError) {
  const body = errorBody(err.code, err.message);
  if (err instanceof DuplicateVideoError) {
    return { error: { ...body.error, content_id: err.contentId, link: `/content/${err.contentId}` } };
  }
  return body;
}

/** tus Upload-Metadata: `key base64,key base64`. */
function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/**
 * The tus file store whose removals also free the upload's room
 * (upload_reservations): termination (DELETE), expiration and the removal
 * after the last byte all go through `remove`, before tus answers, so a
 * client that saw the answer can start its next upload at once.
 */
class ReservingFileStore extends FileStore {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } finally {
      await releaseUpload(id).catch((err: unknown) => {
        logger().error({ err, uploadId: id }, 'upload reservation could not be released');
      });
    }
  }
}

/**
 * The shared tus store when media lives in S3 (S3_BUCKET): every web process
 * behind a load balancer sees the same upload, so a phone's PATCHes may land
 * on any of them. The upload is a multipart upload in the bucket (parts under
 * 5 MB wait as `<id>.part`), its description `<id>.info`; removals free the
 * room as ReservingFileStore's do, and every object of the upload goes.
 */
class ReservingS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      let failure: unknown = null;
      await super.remove(id).catch((err: unknown) => {
        failure = err;
      });
      // S3Store.remove leaves `<id>.part` (the bytes of a PATCH under 5 MB) behind, and a finished
      // upload whole (it has no multipart upload left to abort): delete all three either way.
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
      });
      if (failure && !isNotFound(failure)) throw failure;
    } finally {
      await releaseUpload(id).catch((err: unknown) => {
        logger().error({ err, uploadId: id }, 'upload reservation could not be released');
      });
    }
  }

  /** Copies the finished upload's object to `file` (the ingest reads a local file). */
  async download(id: string, file: string): Promise<void> {
    const out = await this.client.getObject({ Bucket: this.bucket, Key: id });
    const body = out.Body as NodeJS.ReadableStream | undefined;
    if (!body) throw new Error(`upload ${id} has no object`);
    const { pipeline } = await import('node:stream/promises');
    const { createWriteStream } = await import('node:fs');
    await pipeline(body, createWriteStream(file));
  }
}

/** S3Store's metadata cache, turned off (see tusStore). */
const NO_CACHE: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

function isNotFound(err: unknown): boolean {
  const e = err as { status_code?: number; name?: string } | null;
  return e?.status_code === 404 || e?.name === 'NoSuchKey' || e?.name === 'NoSuchUpload';
}

/**
 * The tus store of this process: S3 (shared by every process) when S3_BUCKET
 * is set, else files under `directory` (one machine; several processes there
 * must share DATA_DIR). tus' default MemoryLocker is per process: a client
 * sends its PATCHes one after another, so two processes never write one
 * upload at once unless a client breaks the protocol (docs/ops/deploy.md).
 */
function tusStore(directory: string): (FileStore | S3Store) & { remove(id: string): Promise<void> } {
  const e = env();
  if (e.S3_BUCKET) {
    return new ReservingS3Store({
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      // No per-process cache of an upload's description: a process that wrote it earlier must
      // see it gone (finished, terminated) once another process removed it. One small GET per request.
      cache: NO_CACHE,
      // Multipart parts of 8 MB: one PATCH of a phone's usual chunk is one part.
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: {
        bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, forcePathStyle: e.S3_FORCE_PATH_STYLE,
        // As lib/storage/s3.ts: S3-compatible services store aws-chunked bodies verbatim.
        requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
  }
  return new ReservingFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
}

export interface UploadHandler {
  /** Answers one request whose path isTusPath. Never throws. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
}

export interface UploadHandlerOptions {
  /** Folder of the tus files; default tusUploadDir(). */
  directory?: string;
  /** Permission to upload to a topic; default the studio policy's `content.upload`. */
  mayUpload?: MayUpload;
  /** Unfinished uploads and bytes per user; default the environment's (uploadLimits()). */
  limits?: UploadLimits;
}

/**
 * Builds the tus handler. Per request: the caller from its session (cookie
 * or Bearer; lib/auth/resolve.ts) must be a signed-in user (401
 * `login_required`); POST, PATCH and DELETE must come from an allowed origin
 * (403 `origin_not_allowed`). Creation needs `Upload-Length` (400 when
 * missing; 413 `file_too_large` with SPEC.md section 8's message over
 * 200 MB = 209,715,200 bytes, before anything is stored) and metadata
 * option_id, description, lang, is_tldr (422 when bad; 404 unknown option;
 * 403 `forbidden` without the right to upload to the option's topic; asked
 * again by the PATCH with the last byte); then room is reserved for it
 * (429 `upload_limit` past the open uploads per user, 413 `upload_limit`
 * past their bytes), freed when it finishes, is terminated (DELETE) or
 * expires. An upload answers only its creator (404 for anyone else). The ingest's
 * refusals (413, 422 `no_video_stream` / `video_too_long`, 409
 * `duplicate_video` with `content_id` and `link`) answer the last PATCH, and
 * the tus file is removed either way.
 */
export function createUploadHandler(opts: UploadHandlerOptions = {}): UploadHandler {
  const directory = opts.directory ?? tusUploadDir();
  const mayUpload: MayUpload = opts.mayUpload ?? ((p, topicId) => may(p, 'content.upload', topicId));
  const limits = opts.limits ?? uploadLimits();
  const store = tusStore(directory);
  const log = logger().child({ component: 'uploads' });
  /** The caller of a request, handed to tus' hooks (which see only the request). */
  const callers = new WeakMap<http.IncomingMessage, Principal>();
  /** The id reserved for a creation request, handed to tus as the new upload's name. */
  const reservedIds = new WeakMap<http.IncomingMessage, string>();
  const nodeReqOf = (req: object) => (req as { runtime?: { node?: { req?: http.IncomingMessage } } }).runtime?.node?.req;
  const callerOf = (req: object) => {
    const node = nodeReqOf(req);
    return node ? callers.get(node) : undefined;
  };
  const namingFunction: ServerOptions['namingFunction'] = (req) => {
    const node = nodeReqOf(req);
    const id = node && reservedIds.get(node);
    // Every creation passes through route(), which reserves the id first.
    if (!id) throw { status_code: 500, body: JSON.stringify(errorBody('internal_error', 'Upload id missing.')) };
    return id;
  };
  const release = (id: string) => releaseUpload(id).catch((err: unknown) => {
    log.error({ err, uploadId: id }, 'upload reservation could not be released');
  });

  const onUploadCreate: ServerOptions['onUploadCreate'] = async (req, upload) => {
    const owner = callerOf(req)?.userId;
    if (!owner) throw { status_code: 500, body: JSON.stringify(errorBody('internal_error', 'Upload owner missing.')) };
    return { metadata: { ...upload.metadata, owner } };
  };

  const onUploadFinish: ServerOptions['onUploadFinish'] = async (req, upload) => {
    const meta = upload.metadata ?? {};
    let localCopy: string | null = null;
    try {
      const fields = parseUploadFields(meta);
      // The right to upload is asked again with the last byte: a role taken away meanwhile stops the reel.
      const caller = callerOf(req);
      if (!caller) throw new ApiError(401, 'login_required', 'Please log in to continue.');
      await assertMayUpload(caller, fields, mayUpload);
      let filePath = path.join(directory, upload.id);
      if (store instanceof ReservingS3Store) {
        // A local copy for the probe and the transcode job; removed after the ingest.
        await fs.mkdir(directory, { recursive: true });
        filePath = path.join(directory, `${upload.id}.s3`);
        localCopy = filePath;
        await store.download(upload.id, filePath);
      }
      const { contentId } = await ingestStudioUpload({
        filePath, userId: meta.owner ?? '', fields, sourceKey: `tus:${upload.id}`,
      });
      log.info({ uploadId: upload.id, contentId }, 'upload ingested');
      return {
        status_code: 200,
        headers: { [CONTENT_ID_HEADER]: contentId, 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ content_id: contentId, review_status: 'Pending' }),
      };
    } catch (err) {
      if (err instanceof ApiError) throw { status_code: err.status, body: JSON.stringify(errorBodyOf(err)) };
      log.error({ err, uploadId: upload.id }, 'upload ingest failed');
      throw { status_code: 500, body: JSON.stringify(errorBody('internal_error', 'The upload could not be processed.')) };
    } finally {
      // Frees its room too (ReservingFileStore, ReservingS3Store).
      await store.remove(upload.id).catch(() => undefined);
      if (localCopy) await fs.rm(localCopy, { force: true });
    }
  };

  // A creation tus refuses (bad metadata...) frees its room before the answer goes out.
  const onResponseError: ServerOptions['onResponseError'] = async (req) => {
    const node = nodeReqOf(req);
    const id = node && req.method === 'POST' ? reservedIds.get(node) : undefined;
    if (id) await release(id);
    return undefined;
  };

  const tus = new Server({
    path: TUS_PREFIX.slice(0, -1),
    datastore: store,
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    exposedHeaders: [CONTENT_ID_HEADER],
    namingFunction,
    onResponseError,
    onUploadCreate,
    onUploadFinish,
  });

  async function ownerOf(id: string): Promise<string | null> {
    if (!TUS_ID.test(id)) return null;
    try {
      return (await store.getUpload(id)).metadata?.owner ?? null;
    } catch {
      return null;
    }
  }

  async function result(res: http.ServerResponse, id: string, userId: string): Promise<void> {
    const { db } = await getDb();
    const [row] = await db.select({
      id: contentItems.id, review_status: contentItems.review_status, status: contentItems.status, failure_reason: contentItems.failure_reason,
    }).from(contentItems).where(and(eq(contentItems.source_key, `tus:${id}`), eq(contentItems.user_id, userId)));
    if (!row) {
      sendJson(res, 404, errorBody('not_found', 'No finished upload has this id.'));
      return;
    }
    res.setHeader(CONTENT_ID_HEADER, row.id);
    sendJson(res, 200, {
      content_id: row.id, review_status: row.review_status, status: row.status,
      // Why the reel did not become playable (e.g. longer than the limit once decoded), as My uploads tells it:
      // a code to translate, and the sentence only when it was written for the uploader (never an internal error).
      ...(row.status === 'failed'
        ? { failure: reelFailureOf(row.failure_reason), failure_reason: uploaderFailureReason(row.failure_reason) }
        : {}),
    });
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      await tus.handle(req, res);
      return;
    }
    const { principal } = await resolveCredentials({
      cookieHeader: req.headers.cookie,
      authorization: req.headers.authorization,
      visitorToken: one(req.headers[FINGERPRINT_HEADER]),
    });
    const p: Principal | null = principal;
    if (!p?.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
    const encrypted = Boolean((req.socket as TLSSocket | undefined)?.encrypted);
    if ((method === 'POST' || method === 'PATCH' || method === 'DELETE') && !isAllowedOrigin(req.headers, encrypted)) {
      throw new ApiError(403, 'origin_not_allowed', 'Requests from this origin are not allowed.');
    }
    await consumeLimit('upload', p, clientIp(req));
    const rest = (req.url ?? '').split('?')[0].slice(TUS_PREFIX.length).replace(/\/$/, '');
    if (method === 'POST' && rest === '') {
      const length = one(req.headers['upload-length']);
      if (length === undefined || !/^\d+$/.test(length)) throw new ApiError(400, 'bad_request', 'Upload-Length is required.');
      if (Number(length) > MAX_UPLOAD_BYTES) throw new ApiError(413, 'file_too_large', FILE_TOO_LARGE_MESSAGE);
      const fields = parseUploadFields(parseMetadata(one(req.headers['upload-metadata'])));
      await assertMayUpload(p, fields, mayUpload);
      // The id is chosen here so its room is reserved before tus stores a byte.
      const uploadId = randomBytes(16).toString('hex');
      await reserveUpload({ uploadId, userId: p.userId, bytes: Number(length), ttlMs: UPLOAD_EXPIRY_MS, limits });
      callers.set(req, p);
      reservedIds.set(req, uploadId);
      try {
        await tus.handle(req, res);
      } finally {
        // 201: the upload exists and holds its room. Anything else: it was refused (onResponseError
        // let go already, unless tus itself threw), or it finished in this one request
        // (creation-with-upload) and its removal let go.
        if (res.statusCode !== 201) await release(uploadId);
      }
      return;
    }
    const [id, sub] = rest.split('/');
    if (sub === 'result' && method === 'GET') {
      await result(res, id, p.userId);
      return;
    }
    if (!id || sub !== undefined || (await ownerOf(id)) !== p.userId) {
      throw new ApiError(404, 'not_found', 'No upload has this id.');
    }
    callers.set(req, p);
    await tus.handle(req, res);
  }

  return {
    async handle(req, res) {
      try {
        await route(req, res);
      } catch (err) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (err instanceof ApiError) {
          sendError(res, err);
          return;
        }
        log.error({ err, method: req.method }, 'upload request failed');
        sendJson(res, 500, errorBody('internal_error', 'The upload could not be handled.'));
      }
    },
  };
}

/**
 * Removes unfinished uploads older than UPLOAD_EXPIRY_MS (24 h) from the tus
 * folder: their files and descriptions, and their room (upload_reservations
 * rows of the removed uploads and of every reservation past its expiry).
 * Run at worker start and hourly (server/background.ts).
 * @returns how many uploads were removed.
 */
export async function cleanExpiredUploads(directory = tusUploadDir()): Promise<number> {
  await fs.mkdir(directory, { recursive: true });
  const store: DataStore = tusStore(directory);
  const removed = await store.deleteExpired();
  await releaseExpiredUploads();
  if (removed > 0) logger().info({ removed }, 'expired uploads removed');
  return removed;
}
