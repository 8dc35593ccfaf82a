import crypto from 'node:crypto';
import { createSerwistRoute } from '@serwist/turbopack';

/**
 * The service worker's files (`sw.js` and its source map), bundled from
 * app/sw.ts by esbuild while `next build` prerenders this route; next.config.ts
 * serves them at /sw.js with `Service-Worker-Allowed: /` and no caching.
 * The precache list is the app shell only: styles, fonts, the app's icons
 * and the offline page (docs/decisions/015-offline-and-install.md). Build
 * chunks are stored as pages use them (app/sw.ts), not all up front.
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'app/sw.ts',
  useNativeEsbuild: true,
  globPatterns: ['.next/static/**/*.css', '.next/static/media/*.woff2', 'public/icon-*.png'],
  manifestTransforms: [
    // The offline page changes with the build: its revision is a hash of the other entries (content-hashed names).
    async (entries) => {
      const revision = crypto.createHash('sha256').update(JSON.stringify(entries.map((e) => [e.url, e.revision]))).digest('hex').slice(0, 16);
      return { manifest: [...entries, { url: '/offline', revision, size: 0 }], warnings: [] };
    },
  ],
});
