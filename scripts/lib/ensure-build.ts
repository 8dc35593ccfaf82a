import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import zlib from 'node:zlib';

/** Inputs of the Next build: a change to any of them means the build is stale. */
const BUILD_INPUTS = ['app', 'features', 'components', 'lib', 'stores', 'messages', 'i18n', 'public',
  'packages', 'next.config.ts', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json'];
const SKIP_DIRS = new Set(['node_modules', '.next', '.data']);

function hashTree(root: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (p: string) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!SKIP_DIRS.has(name)) walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(path.relative(root, p)).update('\0').update(fs.readFileSync(p)).update('\0');
    }
  };
  for (const input of BUILD_INPUTS) walk(path.join(root, input));
  return hash.digest('hex');
}

/**
 * Runs `next build` when `.next` is missing or older than its inputs (a hash
 * of the sources kept in `.next/source-hash`), so `npm start` on a fresh
 * clone builds once and later starts at once.
 * @throws when the build fails.
 */
export function ensureBuild(root = process.cwd()): void {
  const stamp = path.join(root, '.next', 'source-hash');
  const want = hashTree(root);
  const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : '';
  const brMarker = path.join(root, '.next', 'brotli-hash');
  if (have === want && fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    if (!fs.existsSync(brMarker) || fs.readFileSync(brMarker, 'utf8') !== want) {
      precompress(path.join(root, '.next', 'static'));
      fs.writeFileSync(brMarker, want);
    }
    return;
  }
  process.stderr.write('Building the web app (first start or changed sources; about 2-4 minutes on 2 cores)...\n');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (res.status !== 0) throw new Error(`next build failed (exit ${res.status})`);
  precompress(path.join(root, '.next', 'static'));
  fs.writeFileSync(brMarker, want);
  fs.writeFileSync(stamp, want);
}

/** Writes `<file>.br` (brotli, best quality) beside every .js and .css under `dir`; server/static-brotli.ts serves them. */
function precompress(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const br = zlib.brotliCompressSync(fs.readFileSync(file), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    fs.writeFileSync(`${file}.br`, br);
  }
}
