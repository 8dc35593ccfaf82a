import 'server-only';
import path from 'node:path';
import { env } from '../env';
import { singleton } from '../singleton';
import { LocalStorage, type StagingCleanup } from './local';
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

/**
 * Start-up clean-up of the process's media storage: on local storage, a
 * reel whose publish was killed between its two renames gets its previous
 * files back, and staging, moved-aside and half-deleted folders are removed
 * (LocalStorage.cleanStaleStaging; what it does is logged). S3 has nothing
 * to clean: an upload cut short leaves objects under the prefix of a reel
 * that is still `processing`, and the retried job deletes the prefix first.
 * Call before this process publishes anything (server/worker.ts does).
 * @returns the absolute paths removed and restored (empty on S3).
 */
export async function cleanStaleStaging(): Promise<StagingCleanup> {
  const storage = getStorage();
  if (storage.kind !== 'local') return { removed: [], restored: [] };
  return storage.cleanStaleStaging();
}
