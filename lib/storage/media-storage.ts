import 'server-only';
import path from 'node:path';

/**
 * Media storage (ARCHITECTURE.md "Shape"): a local directory by default
 * (DATA_DIR/media), an S3-compatible bucket when S3_BUCKET is set. Keys are
 * slash-separated paths such as `content/<contentId>/720/seg_00000.ts`.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores every file under `dir` as `<prefix>/<relative path>`, replacing
   * whatever the prefix held (a retried job leaves no stale segments).
   * Resolves only once every file is stored, so a reel marked ready after it
   * has all its files. Local storage swaps the folder in atomically (a crash
   * leaves the old or the new set, see LocalStorage); S3 replaces object by
   * object, which is safe because only a `processing` reel is republished.
   */
  putDirectory(dir: string, prefix: string): Promise<void>;
  /** Removes every object under `prefix`. Missing prefixes are fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** A small object as UTF-8 text (playlists), or null when it does not exist. */
  readText(key: string): Promise<string | null>;
  /** True when `key` exists. */
  exists(key: string): Promise<boolean>;
}

/** Storage prefix of a reel's media: `content/<contentId>`. */
export function contentPrefix(contentId: string): string {
  return `content/${contentId}`;
}

/** File name of a stored picture inside its prefix. */
export const PICTURE_FILE = 'pic.webp';

/** Where uploaded pictures live: `avatars` (users), `taxonomy` (topics, categories, options). */
export type PictureKind = 'avatars' | 'taxonomy';

/** Storage prefix of one uploaded picture: `<kind>/<id>`, the id 32 random hex digits (lib/media/image.ts). */
export function picturePrefix(kind: PictureKind, id: string): string {
  if (!/^[0-9a-f]{32}$/.test(id)) throw new Error('picture id must be 32 hex digits');
  return `${kind}/${id}`;
}

/** Public, origin-relative URL of an uploaded picture, served by server/media.ts. */
export function pictureUrl(kind: PictureKind, id: string): string {
  return `/media/${picturePrefix(kind, id)}/${PICTURE_FILE}`;
}

/** Path of an uploaded picture URL: `/media/<kind>/<id>/pic.webp`. */
export const PICTURE_PATH_RE = /^\/media\/(avatars|taxonomy)\/([0-9a-f]{32})\/pic\.webp$/;

/** The kind and id of a picture URL made by pictureUrl, or null for any other URL (a library picture, an outside one). */
export function pictureOfUrl(url: string | null | undefined): { kind: PictureKind; id: string } | null {
  const m = url ? PICTURE_PATH_RE.exec(url) : null;
  return m ? { kind: m[1] as PictureKind, id: m[2] } : null;
}

/** Public, origin-relative URL of a profile picture, served by server/media.ts. */
export function avatarUrl(id: string): string {
  return pictureUrl('avatars', id);
}

/** Path of a profile picture URL: `/media/avatars/<id>/pic.webp`. */
export const AVATAR_PATH_RE = /^\/media\/avatars\/([0-9a-f]{32})\/pic\.webp$/;

/** The id of a profile picture URL made by avatarUrl, or null for any other URL (a library picture, an outside one). */
export function avatarIdOfUrl(url: string | null | undefined): string | null {
  return (url && AVATAR_PATH_RE.exec(url)?.[1]) || null;
}

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Content-Type of a media key by its extension (RFC 8216 for playlists and TS segments). */
export function contentTypeFor(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Cache-Control for a stored media object. Segment, poster and thumbnail
 * names never change content, so they are immutable; playlists get a short
 * lifetime because a reel may be re-encoded under the same names.
 */
export function cacheControlFor(key: string): string {
  return key.endsWith('.m3u8') ? 'public, max-age=60' : 'public, max-age=31536000, immutable';
}
