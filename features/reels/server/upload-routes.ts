import 'server-only';
import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { Hono } from 'hono';
import type { ApiEnv } from '@/lib/http/app';
import { ApiError, badRequest, errorBody } from '@/lib/http/errors';
import { guards } from '@/lib/http/guards';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { MAX_UPLOAD_BYTES } from '@/lib/constants';
import { env } from '@/lib/env';
import { FILE_TOO_LARGE_MESSAGE } from '@/lib/media/probe';
import { DuplicateVideoError } from './ingest';
import { assertMayUpload, ingestStudioUpload, parseUploadFields, type MayUpload } from './upload';

/**
 * POST /uploader/api/v1/uploadvideo: one multipart request (`file` plus
 * option_id, description, lang, is_tldr) for small files and API clients;
 * phones use the resumable tus endpoint (server/uploads.ts). Same checks and
 * the same ingest: a Pending reel of the uploader.
 */

/** The API family of uploadvideo (SPEC.md section 7 "Uploader"). */
export const uploadPrefixes: readonly ApiPrefix[] = ['/uploader/'];

/** Room for the form's boundaries and text fields beside a 200 MB file, bytes. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new ApiError(413, 'file_too_large', FILE_TOO_LARGE_MESSAGE);

/** DATA_DIR/uploads-tmp: single-request uploads while they are received and checked. */
export function uploadTempDir(): string {
  return path.resolve(env().DATA_DIR, 'uploads-tmp');
}

interface ReceivedForm {
  fields: Record<string, string>;
  /** The stored file, or null when the form had none. */
  filePath: string | null;
}

/**
 * Streams a multipart body to `dir`: the first `file` part is written to a
 * temp file, at most MAX_UPLOAD_BYTES (200 MB) of it, never held in memory.
 * `beforeFile` runs when the file part starts, with the fields sent before
 * it, so a refusal (no permission) stops before the bytes are stored.
 * @throws ApiError 413 `file_too_large` past 200 MB; 400 `bad_request` for a broken form.
 *   The temp file is removed when it throws.
 */
async function receiveForm(
  body: Readable, contentType: string, dir: string, beforeFile: (fields: Record<string, string>) => Promise<void>,
): Promise<ReceivedForm> {
  await fs.mkdir(dir, { recursive: true });
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 30 },
    });
  } catch {
    throw badRequest('The body must be multipart/form-data with a boundary.');
  }
  const fields: Record<string, string> = {};
  let filePath: string | null = null;
  let writing: Promise<void> = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        body.unpipe(bb);
        body.destroy();
        reject(err);
      };
      bb.on('field', (name, value) => {
        fields[name] = value;
      });
      bb.on('file', (name, file, info) => {
        if (name !== 'file' || filePath !== null) {
          file.resume();
          return;
        }
        const ext = path.extname(info.filename ?? '').toLowerCase();
        const target = path.join(dir, `${randomUUID()}${/^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.bin'}`);
        filePath = target;
        file.pause();
        writing = beforeFile({ ...fields }).then(() => {
          const out = createWriteStream(target);
          file.on('limit', () => {
            file.unpipe(out);
            out.destroy();
            fail(tooLarge());
          });
          return pipeline(file, out);
        });
        writing.catch((err: unknown) => {
          file.resume();
          fail(err);
        });
      });
      bb.on('error', () => fail(badRequest('The multipart body could not be read.')));
      bb.on('close', () => {
        writing.then(() => resolve(), fail);
      });
      body.on('error', () => fail(badRequest('The upload was cut off.')));
      body.pipe(bb);
    });
  } catch (err) {
    if (filePath) await fs.rm(filePath, { force: true });
    throw err;
  }
  return { fields, filePath };
}

/**
 * The uploadvideo router. `mayUpload` is the studio's permission
 * (`may(p, 'content.upload', topicId)`), passed in by server/api.ts.
 * Answers 201 `{ content_id, review_status: 'Pending' }`; 401
 * `login_required`; 403 `origin_not_allowed` or `forbidden` (SPEC.md section
 * 6 message); 404 `option_not_found`; 413 `file_too_large` (SPEC.md section
 * 8 message; a declared Content-Length over the limit is refused before the
 * body is read); 422 `validation_failed`, `no_video_stream`, `video_too_long`;
 * 409 `duplicate_video` with `content_id` and `link`.
 */
export function uploadRoutes(mayUpload: MayUpload) {
  return new Hono<ApiEnv>()
    // The form is streamed to disk and bounded while it arrives (receiveForm).
    .post('/uploader/api/v1/uploadvideo', guards.signedInWrite('upload', {
      body: 'any', ownBody: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
    }), async (c) => {
      const declared = Number(c.req.header('content-length'));
      if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) {
        c.header('Connection', 'close');
        throw tooLarge();
      }
      const contentType = c.req.header('content-type') ?? '';
      if (!contentType.toLowerCase().startsWith('multipart/form-data') || !c.req.raw.body) {
        throw badRequest('The body must be multipart/form-data with a `file` part.');
      }
      const p = c.var.principal;
      const source = Readable.fromWeb(c.req.raw.body as unknown as NodeWebStream<Uint8Array>);
      const form = await receiveForm(source, contentType, uploadTempDir(), async (early) => {
        // The fields came first (as browsers and curl send them): refuse before storing the file.
        if (early.option_id) await assertMayUpload(p, parseUploadFields(early), mayUpload);
      }).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 413) c.header('Connection', 'close');
        throw err;
      });
      try {
        if (!form.filePath) throw new ApiError(422, 'validation_failed', 'file: a video file is required');
        const fields = parseUploadFields(form.fields);
        await assertMayUpload(p, fields, mayUpload);
        const { contentId } = await ingestStudioUpload({ filePath: form.filePath, userId: p.userId ?? '', fields });
        return c.json({ content_id: contentId, review_status: 'Pending' as const }, 201);
      } catch (err) {
        if (err instanceof DuplicateVideoError) {
          const b = errorBody(err.code, err.message);
          return c.json({ error: { ...b.error, content_id: err.contentId, link: `/content/${err.contentId}` } }, 409);
        }
        throw err;
      } finally {
        if (form.filePath) await fs.rm(form.filePath, { force: true });
      }
    });
}
