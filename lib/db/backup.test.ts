import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { backupFileName, BackupFileError, readBackupTar } from './backup';

/** A ustar header for `name` (a regular file of `size` bytes, or a folder), checksum filled in. */
function header(name: string, size: number, type: '0' | '5' = '0'): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 'utf8');
  h.write('0000644\0', 100);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write(type, 156);
  h.write('ustar\x0000', 257, 'latin1');
  h.fill(0x20, 148, 156);
  const sum = h.reduce((a, b) => a + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return h;
}

/** A tar of `files` (name -> content) with its end marker, as PGlite's dumpDataDir writes (names with a leading slash). */
function tarOf(files: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    parts.push(header(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

const dataDir = { '/PG_VERSION': '17\n', '/global/pg_control': 'x'.repeat(8192), '/base/1/112': 'y'.repeat(700) };
const problem = (bytes: Uint8Array) => {
  try {
    readBackupTar(bytes);
  } catch (err) {
    expect(err).toBeInstanceOf(BackupFileError);
    return (err as Error).message;
  }
  return 'accepted';
};

describe('readBackupTar: is this file a backup of the embedded database?', () => {
  it('accepts a gzip tarball of a Postgres data directory, and the plain tar, with or without leading slashes', () => {
    const tar = tarOf(dataDir);
    expect(readBackupTar(gzipSync(tar))).toMatchObject({ entries: 3, pgVersion: '17' });
    expect(Buffer.from(readBackupTar(gzipSync(tar)).tar)).toEqual(tar);
    expect(readBackupTar(tar).entries).toBe(3);
    expect(readBackupTar(tarOf({ './PG_VERSION': '17\n', './global/pg_control': 'x' })).pgVersion).toBe('17');
  });

  it('refuses an empty file, something else entirely, and gzip that does not decompress', () => {
    expect(problem(new Uint8Array())).toBe('the file is empty');
    expect(problem(Buffer.from('not a backup\n'))).toBe('it is neither a gzip nor a tar file');
    expect(problem(Buffer.alloc(2048))).toBe('it is neither a gzip nor a tar file');
    const gz = gzipSync(tarOf(dataDir));
    expect(problem(gz.subarray(0, gz.length - 10))).toMatch(/^it starts as gzip but does not decompress \(.+\): damaged or cut short$/);
  });

  it('refuses a tar cut short or with a damaged header, naming where', () => {
    const tar = tarOf(dataDir);
    expect(problem(tar.subarray(0, 512 * 3))).toBe('the tar archive is cut short: entry "/global/pg_control" runs past the end of the file');
    const damaged = Buffer.from(tar);
    damaged[1024 + 5] ^= 0xff; // inside the second header's name
    expect(problem(damaged)).toBe('the tar archive is damaged at byte 1024 (a header\'s checksum does not match)');
  });

  it('refuses a tar that is not a Postgres data directory', () => {
    expect(problem(tarOf({ 'notes.txt': 'hello' }))).toBe('the archive is not a Postgres data directory (no PG_VERSION and global/pg_control at its root)');
    expect(problem(tarOf({ '/base/PG_VERSION': '17\n', '/global/pg_control': 'x' }))).toMatch(/^the archive is not a Postgres data directory/);
  });
});

describe('backupFileName', () => {
  it('is pglite-<UTC timestamp to the second>.tar.gz', () => {
    expect(backupFileName(new Date('2025-01-14T02:15:00.123Z'))).toBe('pglite-20250114T021500Z.tar.gz');
  });
});
