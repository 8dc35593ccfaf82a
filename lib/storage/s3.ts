import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { cacheControlFor, contentTypeFor, type MediaStorage } from './media-storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Endpoint of an S3-compatible service (MinIO, R2...); unset for AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
}

/** Uploads in flight per directory: enough to hide latency without flooding a small machine. */
const PUT_CONCURRENCY = 4;
/** Listings tried after an upload before a missing key is an error, and the pause between them (times the try), ms. */
const LIST_TRIES = 4;
const LIST_RETRY_MS = 250;
/** SigV4 presigned URLs live at most 7 days. */
const MAX_PRESIGN_S = 7 * 24 * 3600;

/**
 * Media in an S3-compatible bucket (AWS SDK v3). Credentials come from the
 * SDK's default chain (environment, shared config, instance role). Segment
 * bytes are served by S3 or a CDN in front of it through presigned GET URLs.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(cfg: S3StorageConfig) {
    this.bucket = cfg.bucket;
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: cfg.forcePathStyle,
      // The SDK's default checksums send streamed bodies aws-chunked, which several
      // S3-compatible services store verbatim (chunk headers inside the object).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * Uploads every file under `dir` as `<prefix>/<relative path>` after
   * deleting what the prefix held. Segments and images go first, then the
   * media playlists, then master.m3u8, so a reader who finds a playlist finds
   * everything it names. Resolves only once every upload has ended and a
   * listing of the prefix shows every key, so the caller (the transcode job)
   * never marks a reel ready before all its objects exist.
   * @throws the first upload error (after the other uploads have stopped), or
   *   Error naming the keys a listing still misses after a few tries.
   */
  async putDirectory(dir: string, prefix: string): Promise<void> {
    await this.deletePrefix(prefix);
    const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
    const keyOf = (file: string) => `${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
    const isMaster = (f: string) => path.relative(dir, f) === 'master.m3u8';
    const groups = [
      files.filter((f) => !f.endsWith('.m3u8')),
      files.filter((f) => f.endsWith('.m3u8') && !isMaster(f)),
      files.filter(isMaster),
    ];
    for (const group of groups) {
      let next = 0;
      let failed = false;
      const workers = Array.from({ length: Math.min(PUT_CONCURRENCY, group.length) }, async () => {
        while (next < group.length && !failed) {
          const file = group[next++];
          const key = keyOf(file);
          try {
            // Segments, playlists and images are small (a 2 s segment at 720p is ~0.5 MB): send them whole.
            const body = await fs.readFile(file);
            await this.client.send(new PutObjectCommand({
              Bucket: this.bucket,
              Key: key,
              Body: body,
              ContentLength: body.length,
              ContentType: contentTypeFor(key),
              CacheControl: cacheControlFor(key),
            }));
          } catch (err) {
            failed = true;
            throw err;
          }
        }
      });
      // Wait for every upload to end, so none lands after the caller has moved on (a retry deletes the prefix first).
      const settled = await Promise.allSettled(workers);
      const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (rejected) throw rejected.reason;
    }
    await this.waitForKeys(prefix, new Set(files.map(keyOf)));
  }

  /** Lists `prefix` until it holds every key of `expected` (services that list lazily get a few tries). */
  private async waitForKeys(prefix: string, expected: Set<string>): Promise<void> {
    let missing: string[] = [];
    for (let attempt = 0; attempt < LIST_TRIES; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, LIST_RETRY_MS * attempt));
      const found = new Set(await this.listKeys(prefix));
      missing = [...expected].filter((k) => !found.has(k));
      if (missing.length === 0) return;
    }
    throw new Error(`uploaded objects missing from the bucket listing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '...' : ''}`);
  }

  private async listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const list = await this.client.send(new ListObjectsV2Command({
        Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token,
      }));
      for (const o of list.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = list.IsTruncated ? list.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async deletePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const list = await this.client.send(new ListObjectsV2Command({
        Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token,
      }));
      const keys = (list.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      }
      token = list.IsTruncated ? list.NextContinuationToken : undefined;
    } while (token);
  }

  async readText(key: string): Promise<string | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToString('utf8') : '';
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /**
   * A presigned GET URL for `key`, valid until `expiresAtS` (unix seconds,
   * capped at 7 days). Signing at `signedAtS` (the start of the caller's URL
   * bucket) makes the URL identical for everyone in that bucket, so a CDN
   * can cache it.
   */
  presignedGetUrl(key: string, signedAtS: number, expiresAtS: number): Promise<string> {
    const expiresIn = Math.max(1, Math.min(MAX_PRESIGN_S, expiresAtS - signedAtS));
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn,
      signingDate: new Date(signedAtS * 1000),
    });
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
