import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Mode of a private file (an export of personal data, a database backup): owner read/write, no one else. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Writes `data` (text as UTF-8, bytes, or a stream of bytes) to `file` as a
 * new file of mode 0600 from its first byte (the process umask can only
 * narrow it), never widened and narrowed afterwards. An existing file is
 * replaced, not written into: the data goes to a new temp file beside it
 * (`.<name>.<random>.tmp`), is flushed to disk, then renamed over it, so the
 * result is 0600 whatever the old file's mode was, a reader never sees half a
 * file, and a failure leaves the old file as it was (the temp file removed).
 * @returns the bytes written.
 * @throws the file system's error (e.g. EACCES, ENOENT for a missing folder) or the stream's.
 */
export async function writePrivateFile(file: string, data: string | Uint8Array | Readable): Promise<number> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  // 'wx': fail rather than open a file (or a planted symlink) that already exists.
  const handle = await fs.open(temp, 'wx', PRIVATE_FILE_MODE);
  let bytes = 0;
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) {
      const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      await handle.writeFile(buf);
      bytes = buf.byteLength;
    } else {
      for await (const chunk of data) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Uint8Array);
        await handle.write(buf);
        bytes += buf.byteLength;
      }
    }
    await handle.sync();
    await handle.close();
    await fs.rename(temp, file);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw err;
  }
  // The rename itself on disk too (a crash right after must not bring the old file back); best effort.
  const dir = await fs.open(path.dirname(file), 'r').catch(() => undefined);
  await dir?.sync().catch(() => undefined);
  await dir?.close();
  return bytes;
}
