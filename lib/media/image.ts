import 'server-only';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { PICTURE_FILE, pictureOfUrl, picturePrefix, pictureUrl, type PictureKind } from '@/lib/storage/media-storage';
import { getStorage } from '@/lib/storage/storage';
import { readBoundedBody, readMultipartFile } from '@/lib/http/body';

/**
 * Uploaded pictures (profile pictures of users, topics, categories and
 * options): an image is decoded and re-encoded on the server with sharp, so
 * what is stored and served is always a WebP this code made, never the
 * client's bytes: turned upright by its EXIF orientation, then stripped of
 * all metadata (EXIF with GPS, ICC, XMP: sharp keeps none unless asked to),
 * cut to a square. It is stored in the media storage under
 * `<kind>/<random id>/pic.webp` and served at `/media/<kind>/<id>/pic.webp`
 * (server/media.ts); a new id per upload, so the URL can be cached for a
 * year and the old file is simply deleted.
 */

/** Largest accepted upload, bytes (5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Most pixels a picture may decode to (a decompression bomb is a small file
 * of huge dimensions): 40 megapixels, more than any phone camera's photo.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Input formats accepted, as sharp names them ('heif' covers AVIF). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** Room for the multipart envelope around the file, bytes. */

/** The 413 `image_too_large` error of an upload over 5 MB. */
export const imageTooLarge = () => new ApiError(413, 'image_too_large', 'This picture is too large. Please choose one under 5 MB.');
const unsupportedImage = () => new ApiError(415, 'unsupported_image', 'This file is not a picture we can use. Please choose a JPEG, PNG or WebP image.');
const tooManyPixels = () => new ApiError(422, 'image_dimensions_too_large', 'This picture has too many pixels. Please choose a smaller one.');

/**
 * The image bytes of an upload: a multipart form's `file` field, or a raw
 * body declared `image/*`; at most 5 MB.
 * @throws ApiError 413 `image_too_large` (over 5 MB); 415
 * `unsupported_media_type` (another Content-Type); 422 `validation_failed`
 * (a form without a `file`); 400 (unreadable body or form).
 */
export async function readImageUpload(req: Request): Promise<Buffer> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type.startsWith('image/')) {
    const bytes = await readBoundedBody(req, IMAGE_MAX_BYTES, imageTooLarge);
    if (bytes.length === 0) throw new ApiError(422, 'validation_failed', 'file: Choose a picture to upload.');
    return bytes;
  }
  if (type !== 'multipart/form-data') {
    throw new ApiError(415, 'unsupported_media_type', 'Send the picture as multipart/form-data (field "file") or as an image body.');
  }
  const file = await readMultipartFile(req, IMAGE_MAX_BYTES, imageTooLarge, 'Choose a picture to upload.');
  return Buffer.from(await file.arrayBuffer());
}

/**
 * Decodes `input` and makes the stored picture: upright by EXIF
 * orientation, `size`x`size` (cover, centred), WebP, with no metadata at all.
 * @returns `{ webp }`, the WebP bytes.
 * @throws ApiError 415 `unsupported_image` (not an image, or a format other
 * than JPEG, PNG, WebP, GIF, AVIF); 422 `image_dimensions_too_large` (over
 * 40 megapixels); 422 `invalid_image` (an image that does not decode).
 */
export async function processSquareImage(input: Buffer, opts: { size: number }): Promise<{ webp: Buffer }> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw unsupportedImage();
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) throw tooManyPixels();
  try {
    // limitInputPixels again at decode: the header's dimensions are the file's claim, not a promise.
    const webp = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(opts.size, opts.size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
    return { webp };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw new ApiError(422, 'invalid_image', 'This picture could not be read. Please choose another one.');
  }
}

/**
 * Stores `webp` as `<kind>/<new random id>/pic.webp` in the media storage.
 * @returns the picture's public, origin-relative URL.
 */
export async function storePicture(kind: PictureKind, webp: Buffer): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sr-picture-'));
  try {
    await fs.writeFile(path.join(dir, PICTURE_FILE), webp);
    await getStorage().putDirectory(dir, picturePrefix(kind, id));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return pictureUrl(kind, id);
}

/**
 * Deletes a stored picture of `kind` by its public URL. A URL not made by
 * storePicture for that kind (a library picture, an outside one, null) is left alone; a failed delete is
 * only logged (the row no longer points at it: an orphan file, never a broken picture).
 */
export async function deletePictureByUrl(kind: PictureKind, url: string | null | undefined): Promise<void> {
  const pic = pictureOfUrl(url);
  if (!pic || pic.kind !== kind) return;
  try {
    await getStorage().deletePrefix(picturePrefix(pic.kind, pic.id));
  } catch (err) {
    logger().warn({ err, picture: url }, 'could not delete a replaced picture');
  }
}
