import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { logger } from '../logger';
import type { MediaStorage } from './media-storage';

/** Keys are relative slash paths of safe names; anything else could point outside the root. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Siblings a publish or a delete makes next to a prefix's folder `<name>`:
 * `<name>.tmp-<hex>` the new copy being written (staging), `<name>.old-<hex>`
 * the previous copy moved aside, `<name>.del-<hex>` a copy being deleted.
 */
type SideKind = 'tmp' | 'old' | 'del';
const SIDE = /^(.+)\.(tmp|old|del)-([0-9a-f]{12})$/;

const sibling = (target: string, kind: SideKind) => `${target}.${kind}-${randomBytes(6).toString('hex')}`;

const isCode = (err: unknown, ...codes: string[]) => codes.includes((err as NodeJS.ErrnoException)?.code ?? '');

/**
 * Staging folders of publishes running in this process (any LocalStorage
 * instance): the start-up clean-up must not take them for a crash's leftovers.
 */
const inFlight = new Set<string>();

/** What cleanStaleStaging put right, as absolute paths. */
export interface StagingCleanup {
  /** Staging copies, moved-aside copies of prefixes that have their folder, and deletions cut short. */
  removed: string[];
  /** Prefix folders put back from their moved-aside copy (a publish killed between its two renames). */
  restored: string[];
}

export interface LocalStorageOptions {
  /**
   * Test hook: runs in putDirectory after the previous copy has been moved
   * aside and before the new copy takes its name (only when there was a
   * previous copy), so a test can kill the process at the worst moment.
   */
  betweenRenames?: (paths: { target: string; old: string; staging: string }) => Promise<void> | void;
}

/**
 * Media in a local directory (the default; DATA_DIR/media).
 *
 * Publishing a prefix (`content/<contentId>`) is atomic against a crash,
 * with rename(2) on one filesystem as the only atomic step:
 * 1. copy the new files to the staging sibling `<name>.tmp-<hex>`;
 * 2. rename the current folder, if any, to `<name>.old-<hex>`;
 * 3. rename the staging folder to `<name>`;
 * 4. delete `<name>.old-<hex>`.
 * So at every instant the complete previous set or the complete new set is
 * on disk under a name `cleanStaleStaging()` understands: only between 2
 * and 3 (a few microseconds, and only when a copy is replaced) is `<name>`
 * missing while `<name>.old-<hex>` holds the whole previous set, and the
 * start-up clean-up renames it back. It restores the old set rather than
 * promoting the staging copy because a staging folder may be half copied;
 * the job whose publish was cut short has not marked the reel ready (that
 * happens after putDirectory returns), so it runs again and publishes anew.
 * A reel is replaced only while it is `processing` (a retried transcode),
 * when no player is reading it, so the short gap is never served.
 * Deleting renames to `<name>.del-<hex>` first, so a killed delete never
 * leaves half a reel at `<name>`. Nothing is fsync'd: this survives a killed
 * process, not a power cut.
 */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;

  constructor(readonly root: string, private readonly options: LocalStorageOptions = {}) {}

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

  /**
   * Copies `dir` to `<prefix>` and swaps it in atomically (see the class
   * comment), replacing the previous copy.
   * @throws Error from the file system (disk full, permissions); the previous copy then stays in place.
   */
  async putDirectory(dir: string, prefix: string): Promise<void> {
    const target = this.filePath(prefix);
    const staging = sibling(target, 'tmp');
    await fs.mkdir(path.dirname(target), { recursive: true });
    inFlight.add(staging);
    try {
      await fs.cp(dir, staging, { recursive: true });
      await this.swapIn(staging, target);
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
      inFlight.delete(staging);
    }
  }

  private async swapIn(staging: string, target: string): Promise<void> {
    const old = sibling(target, 'old');
    let replaced = false;
    try {
      await fs.rename(target, old);
      replaced = true;
    } catch (err) {
      if (!isCode(err, 'ENOENT')) throw err;
    }
    if (replaced) await this.options.betweenRenames?.({ target, old, staging });
    try {
      await fs.rename(staging, target);
    } catch (err) {
      // Keep the reel's files: put the previous copy back where it was.
      if (replaced) await fs.rename(old, target).catch(() => undefined);
      throw err;
    }
    if (replaced) await fs.rm(old, { recursive: true, force: true });
  }

  /** Removes `<prefix>` and everything in it; a missing prefix is fine. */
  async deletePrefix(prefix: string): Promise<void> {
    const target = this.filePath(prefix);
    const doomed = sibling(target, 'del');
    try {
      await fs.rename(target, doomed);
    } catch (err) {
      if (isCode(err, 'ENOENT')) return;
      throw err;
    }
    await fs.rm(doomed, { recursive: true, force: true });
  }

  async readText(key: string): Promise<string | null> {
    try {
      return await fs.readFile(this.filePath(key), 'utf8');
    } catch (err) {
      if (isCode(err, 'ENOENT')) return null;
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

  /**
   * Puts right what killed publishes and deletes left behind, in the root
   * and its direct subfolders (prefixes are at most two levels deep,
   * `content/<contentId>`): a prefix folder that is missing while a
   * `<name>.old-<hex>` copy exists is renamed back (the newest such copy
   * when there are several); every other `.old-`, `.tmp-` and `.del-`
   * sibling is removed. Publishes running in this process are left alone.
   * Call it at start-up, before this process publishes; a publish running in
   * another process on the same folder at that moment may fail (its job
   * retries) but never loses a reel's complete set. Failures to remove one
   * entry are logged and the rest go on; a missing root is fine.
   * @returns the paths removed and restored (also logged).
   */
  async cleanStaleStaging(): Promise<StagingCleanup> {
    const log = logger().child({ component: 'storage' });
    const out: StagingCleanup = { removed: [], restored: [] };
    const dirs = [this.root];
    for (const e of await readDir(this.root)) {
      if (e.isDirectory() && !SIDE.test(e.name)) dirs.push(path.join(this.root, e.name));
    }
    for (const dir of dirs) {
      const entries = await readDir(dir);
      const names = new Set(entries.map((e) => e.name));
      const sides = new Map<string, Array<{ full: string; kind: SideKind }>>();
      for (const e of entries) {
        const m = SIDE.exec(e.name);
        if (!m) continue;
        const full = path.join(dir, e.name);
        if (inFlight.has(full)) continue;
        const list = sides.get(m[1]) ?? [];
        list.push({ full, kind: m[2] as SideKind });
        sides.set(m[1], list);
      }
      for (const [name, list] of sides) {
        const doomed = list.map((s) => s.full);
        const olds = list.filter((s) => s.kind === 'old');
        if (!names.has(name) && olds.length > 0) {
          const newest = await newestOf(olds.map((s) => s.full));
          const target = path.join(dir, name);
          try {
            await fs.rename(newest, target);
            out.restored.push(target);
            doomed.splice(doomed.indexOf(newest), 1);
          } catch (err) {
            log.warn({ err, from: newest, to: target }, 'could not restore a moved-aside media folder');
            // Never delete the only complete copy while the prefix folder is still missing.
            if (!(await fs.stat(target).then(() => true, () => false))) {
              for (const s of olds) doomed.splice(doomed.indexOf(s.full), 1);
            }
          }
        }
        for (const full of doomed) {
          try {
            await fs.rm(full, { recursive: true, force: true });
            out.removed.push(full);
          } catch (err) {
            log.warn({ err, path: full }, 'could not remove stale media staging');
          }
        }
      }
    }
    if (out.removed.length > 0 || out.restored.length > 0) {
      log.info({ removed: out.removed, restored: out.restored }, 'stale media staging cleaned');
    }
    return out;
  }
}

async function readDir(dir: string) {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isCode(err, 'ENOENT', 'ENOTDIR')) return [];
    throw err;
  }
}

/** The path with the latest mtime (the copy most recently written); the first one when stat fails. */
async function newestOf(paths: string[]): Promise<string> {
  let best = paths[0];
  let bestMs = -Infinity;
  for (const p of paths) {
    const ms = await fs.stat(p).then((s) => s.mtimeMs, () => -Infinity);
    if (ms > bestMs) {
      best = p;
      bestMs = ms;
    }
  }
  return best;
}
