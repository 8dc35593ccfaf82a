import 'server-only';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { eq } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import type { DbOrTx } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { avatarPrefix, AVATAR_FILE, avatarUrl, avatarIdOfUrl } from '@/lib/storage/media-storage';
import { getStorage } from '@/lib/storage/storage';

/**
 * Profile pictures (SPEC.md section 3 "User" pic): an uploaded image is
 * decoded and re-encoded on the server with sharp, so what is stored and
 * served is always a small WebP this code made, never the client's bytes:
 * turned upright by its EXIF orientation, then stripped of all metadata
 * (EXIF with GPS, ICC, XMP: sharp keeps none unless asked to), cut to
 * 256x256. It is stored in the media storage (local DATA_DIR/media or S3)
 * under `avatars/<random id>/pic.webp` and served at
 * `/media/avatars/<id>/pic.webp` (server/media.ts); a new id per upload, so
 * the URL can be cached for a year and the old file is simply deleted.
 */

/** Largest accepted upload, bytes (5 MB). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Most pixels a picture may decode to (a decompression bomb is a small file
 * of huge dimensions): 40 megapixels, more than any phone camera's photo.
 */
export const PICTURE_MAX_PIXELS = 40_000_000;
/** Side of the stored square picture, pixels. */
export const PICTURE_SIDE = 256;
/** Input formats accepted, as sharp names them ('heif' covers AVIF). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** Room for the multipart envelope around the file, bytes. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const imageTooLarge = () => new ApiError(413, 'image_too_large', 'This picture is too large. Please choose one under 5 MB.');
const unsupportedImage = () => new ApiError(415, 'unsupported_image', 'This file is not a picture we can use. Please choose a JPEG, PNG or WebP image.');

/**
 * Reads a request body of at most `max` bytes as it streams in.
 * @throws ApiError 413 `image_too_large` past `max` (by Content-Length or as read); 400 when it cannot be read.
 */
async function readBounded(req: Request, max: number): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > max) throw imageTooLarge();
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw imageTooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, 'bad_request', 'Request body could not be read.');
  }
  return Buffer.concat(chunks);
}

/**
 * The image bytes of an upload: a multipart form's `file` field, or a raw
 * body declared `image/*`.
 * @throws ApiError 413 `image_too_large` (over 5 MB); 415
 * `unsupported_media_type` (another Content-Type); 422 `validation_failed`
 * (a form without a `file`); 400 (unreadable body or form).
 */
export async function readPictureUpload(req: Request): Promise<Buffer> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type.startsWith('image/')) {
    const bytes = await readBounded(req, PICTURE_MAX_BYTES);
    if (bytes.length === 0) throw new ApiError(422, 'validation_failed', 'file: Choose a picture to upload.');
    return bytes;
  }
  if (type !== 'multipart/form-data') {
    throw new ApiError(415, 'unsupported_media_type', 'Send the picture as multipart/form-data (field "file") or as an image body.');
  }
  const raw = await readBounded(req, PICTURE_MAX_BYTES + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Request('http://localhost/', { method: 'POST', headers: { 'content-type': req.headers.get('content-type')! }, body: new Uint8Array(raw) }).formData();
  } catch {
    throw new ApiError(400, 'bad_request', 'The form could not be read.');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string' || file.size === 0) throw new ApiError(422, 'validation_failed', 'file: Choose a picture to upload.');
  if (file.size > PICTURE_MAX_BYTES) throw imageTooLarge();
  return Buffer.from(await file.arrayBuffer());
}

/**
 * Decodes `input` and makes the stored picture: upright by EXIF
 * orientation, 256x256 (cover, centred), WebP, with no metadata at all.
 * @returns the WebP bytes.
 * @throws ApiError 415 `unsupported_image` (not an image, or a format other
 * than JPEG, PNG, WebP, GIF, AVIF); 422 `image_dimensions_too_large` (over
 * 40 megapixels); 422 `invalid_image` (an image that does not decode).
 */
export async function normalizePicture(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw unsupportedImage();
  if ((meta.width ?? 0) * (meta.height ?? 0) > PICTURE_MAX_PIXELS) {
    throw new ApiError(422, 'image_dimensions_too_large', 'This picture has too many pixels. Please choose a smaller one.');
  }
  try {
    // limitInputPixels again at decode: the header's dimensions are the file's claim, not a promise.
    return await sharp(input, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(PICTURE_SIDE, PICTURE_SIDE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new ApiError(422, 'image_dimensions_too_large', 'This picture has too many pixels. Please choose a smaller one.');
    }
    throw new ApiError(422, 'invalid_image', 'This picture could not be read. Please choose another one.');
  }
}

/** Stores `webp` under a new random id; returns the id. */
async function storePicture(webp: Buffer): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sr-avatar-'));
  try {
    await fs.writeFile(path.join(dir, AVATAR_FILE), webp);
    await getStorage().putDirectory(dir, avatarPrefix(id));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return id;
}

/** Deletes a stored picture by its public URL; a URL that is not one of ours (or a failed delete) is only logged. */
async function deletePictureByUrl(url: string | null): Promise<void> {
  const id = avatarIdOfUrl(url);
  if (!id) return;
  try {
    await getStorage().deletePrefix(avatarPrefix(id));
  } catch (err) {
    // The row no longer points at it: an orphan file, never a broken picture.
    logger().warn({ err, avatar: id }, 'could not delete a replaced profile picture');
  }
}

/**
 * Makes `input` the signed-in user's picture: normalised (normalizePicture),
 * stored under a new id, `users.pic` set to its URL, then the previous
 * picture's file deleted. If the update fails the new file is removed, so a
 * failure leaves the old picture in place and no file behind.
 * @returns the new public URL.
 * @throws the errors of normalizePicture; ApiError 401 `login_required`.
 */
export async function setProfilePicture(db: DbOrTx, p: Principal, input: Buffer): Promise<string> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const userId = p.userId;
  const webp = await normalizePicture(input);
  const id = await storePicture(webp);
  const url = avatarUrl(id);
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx.select({ pic: users.pic }).from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw new ApiError(401, 'login_required', 'Please log in to continue.');
      await tx.update(users).set({ pic: url, updated_at: new Date() }).where(eq(users.id, userId));
      return row.pic;
    });
  } catch (err) {
    await deletePictureByUrl(url);
    throw err;
  }
  if (previous !== url) await deletePictureByUrl(previous);
  return url;
}

/**
 * Removes the signed-in user's picture: `users.pic` becomes null, then its
 * file is deleted (only a picture this code stored; another URL is just unset).
 * @throws ApiError 401 `login_required`.
 */
export async function removeProfilePicture(db: DbOrTx, p: Principal): Promise<void> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const userId = p.userId;
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select({ pic: users.pic }).from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw new ApiError(401, 'login_required', 'Please log in to continue.');
    if (row.pic !== null) await tx.update(users).set({ pic: null, updated_at: new Date() }).where(eq(users.id, userId));
    return row.pic;
  });
  await deletePictureByUrl(previous);
}
