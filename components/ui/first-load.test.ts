import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The dialog code (@radix-ui/react-dialog and what it brings, ~12 KB
 * gzipped) stays out of the first-load JavaScript of every page, /reels
 * first (`npm run bench:phone`: <= 200 KB before the first frame): the
 * client parts mounted on every page and the feed reach it only through a
 * dynamic import(). Bundled here as the browser gets them (esbuild, split
 * chunks); a chunk a page loads first is its entry and what the entry
 * imports statically.
 */
const ROOT = path.resolve(__dirname, '../..');
const ENTRIES = [
  'app/_components/notification-root.tsx',
  'features/auth/components/login-root.tsx',
  'features/auth/components/onboarding-root.tsx',
  'app/_lib/partner-feed.tsx',
  'features/reels/components/reel-actions.tsx',
];
const DIALOG_CODE = /node_modules\/(@radix-ui|react-remove-scroll|aria-hidden)\//;

function firstLoad(outputs: Metafile['outputs'], entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const o = todo.pop()!;
    if (seen.has(o)) continue;
    seen.add(o);
    for (const i of outputs[o].imports) if (i.kind === 'import-statement') todo.push(i.path);
  }
  return [...seen];
}

describe('first-load JavaScript', () => {
  it('holds no dialog code on any page: it comes with the first dialog opened', async () => {
    const { metafile } = await build({
      absWorkingDir: ROOT, entryPoints: ENTRIES, bundle: true, splitting: true, format: 'esm', write: false,
      outdir: 'out', platform: 'browser', jsx: 'automatic', logLevel: 'silent', metafile: true,
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    });
    const { outputs } = metafile;
    const dialogIn = (files: string[]) => files.flatMap((f) => Object.keys(outputs[f].inputs).filter((i) => DIALOG_CODE.test(i)));
    for (const src of ENTRIES) {
      const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint === src)!;
      expect({ src, dialog: dialogIn(firstLoad(outputs, entry)) }).toEqual({ src, dialog: [] });
    }
    // ...and it is bundled at all (else the check above could not fail).
    expect(dialogIn(Object.keys(outputs)).length).toBeGreaterThan(0);
  });
});
