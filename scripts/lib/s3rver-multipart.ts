import fs from 'node:fs';
import path from 'node:path';

/**
 * The three multipart calls s3rver 3.7.1 lacks and @tus/s3-store makes
 * (server/uploads.ts, the shared tus store): ListParts (every HEAD and
 * PATCH), AbortMultipartUpload (DELETE of an unfinished upload) and
 * ListMultipartUploads (the expiry sweep). s3rver keeps an unfinished
 * upload in `<root>/<bucket>/._S3rver_uploads/<uploadId>/` (a `key` file and
 * one file per part number with `<n>.md5` beside it); these answer from
 * there. For cluster:check only: a real S3 (or MinIO) answers them itself.
 */

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Prepends the shim to an s3rver instance (a Koa app) made with `directory` as its root; call before run(). */
export function addMultipartCalls(s3rver: object, directory: string): void {
  const uploadsDir = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  const noSuchUpload = (ctx: KoaContext, id: string) => {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(id)}</UploadId></Error>`;
  };
  const shim: Middleware = async (ctx, next) => {
    const m = /^\/([^/]+)(?:\/(.+))?$/.exec(ctx.path);
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!m) return next();
    const [, bucket, rawKey] = m;
    const key = rawKey ? decodeURIComponent(rawKey) : undefined;
    if (key && uploadId && !/^[0-9a-f]+$/.test(uploadId)) return noSuchUpload(ctx, uploadId);
    const dir = uploadId ? path.join(uploadsDir(bucket), uploadId) : '';
    if (key && uploadId && ctx.method === 'GET') {
      if (!fs.existsSync(dir)) return noSuchUpload(ctx, uploadId);
      const parts = fs.readdirSync(dir).filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
      const entries = parts.map((n) => {
        const st = fs.statSync(path.join(dir, String(n)));
        const md5 = fs.readFileSync(path.join(dir, `${n}.md5`), 'utf8');
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${st.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${st.size}</Size></Part>`;
      }).join('');
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${entries}</ListPartsResult>`;
      return;
    }
    if (key && uploadId && ctx.method === 'DELETE') {
      if (!fs.existsSync(dir)) return noSuchUpload(ctx, uploadId);
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    if (!key && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const root = uploadsDir(bucket);
      const ids = fs.existsSync(root) ? fs.readdirSync(root) : [];
      const entries = ids.map((id) => {
        const k = fs.readFileSync(path.join(root, id, 'key'), 'utf8');
        const initiated = fs.statSync(path.join(root, id, 'key')).mtime.toISOString();
        return `<Upload><Key>${xml(k)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
      }).join('');
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${entries}</ListMultipartUploadsResult>`;
      return;
    }
    return next();
  };
  (s3rver as { middleware: Middleware[] }).middleware.unshift(shim);
}
