import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { MediaStorage } from './media-storage';

/** Keys are relative slash paths of safe names; anything else could point outside the root. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Media in a local directory (the default; DATA_DIR/media). A prefix is
 * written to a temporary sibling and renamed into place, so a reader never
 * sees half a reel.
 */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  /**
   * Absolute path of `key` inside the root.
   * @throws Error when the key is not a plain relative path (`..`, absolute, odd characters).
   */
  filePath(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    }
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`storage key outside root: ${key}`);
    return full;
  }

  async putDirectory(dir: string, prefix: string): Promise<void> {
    const target = this.filePath(prefix);
    const staging = `${target}.tmp-${randomBytes(6).toString('hex')}`;
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.cp(dir, staging, { recursive: true });
      await fs.rm(target, { recursive: true, force: true });
      await fs.rename(staging, target);
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.filePath(prefix), { recursive: true, force: true });
  }

  async readText(key: string): Promise<string | null> {
    try {
      return await fs.readFile(this.filePath(key), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.filePath(key));
      return true;
    } catch {
      return false;
    }
  }
}
