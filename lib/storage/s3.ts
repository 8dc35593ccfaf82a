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

  async putDirectory(dir: string, prefix: string): Promise<void> {
    await this.deletePrefix(prefix);
    const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
    // Playlists last: a reader who finds a playlist finds every segment it names.
    const segments = files.filter((f) => !f.endsWith('.m3u8'));
    const playlists = files.filter((f) => f.endsWith('.m3u8'));
    for (const group of [segments, playlists]) {
      let next = 0;
      const workers = Array.from({ length: Math.min(PUT_CONCURRENCY, group.length) }, async () => {
        while (next < group.length) {
          const file = group[next++];
          const key = `${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
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
        }
      });
      await Promise.all(workers);
    }
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
