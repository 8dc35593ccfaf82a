import path from 'node:path';
import { env } from '../env';
import { singleton } from '../singleton';
import { LocalStorage } from './local';
import { S3Storage } from './s3';

/**
 * The process's media storage, chosen from the config once (ARCHITECTURE.md
 * decision 11). Both kinds implement MediaStorage; narrow on `kind` for the
 * local file path or the S3 presigned URL.
 */
export function getStorage(): LocalStorage | S3Storage {
  return singleton('storage', () => {
    const e = env();
    if (e.S3_BUCKET) {
      return new S3Storage({
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      });
    }
    return new LocalStorage(path.resolve(e.DATA_DIR, 'media'));
  });
}
