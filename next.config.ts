import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { withSerwist } from '@serwist/turbopack';

/**
 * Next.js config. The app runs behind the custom server in server/index.ts,
 * so no `output: 'standalone'` (ARCHITECTURE.md decision 1). next-intl reads
 * the interface language per request in i18n/request.ts (no locale routing:
 * the language is a cookie, SPEC.md section 4 "Language").
 */
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The custom server compresses (server/page-response.ts): it rewrites some pages' HTML first.
  compress: false,
  // Server-only engines the data layer uses: loaded by Node's require, not bundled
  // (PGlite ships WASM and data files; the S3 client and drizzle are large).
  serverExternalPackages: [
    '@electric-sql/pglite', 'drizzle-orm', 'pg', 'pino', '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner',
    '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe',
    // One prom-client for the custom server and the pages: the metric objects live on globalThis (lib/metrics.ts).
    'prom-client',
  ],
  images: { unoptimized: true },
  // `npm test` type-checks the whole project with tsc (strict) before anything builds;
  // checking again inside `next build` doubled the first start on 2 cores.
  typescript: { ignoreBuildErrors: true },
  // Dev only: tests and tools open the app as 127.0.0.1 as well as localhost.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  // The service worker (app/serwist/[path]/route.ts) lives at the root so it may control every page.
  async rewrites() {
    return [
      { source: '/sw.js', destination: '/serwist/sw.js' },
      { source: '/sw.js.map', destination: '/serwist/sw.js.map' },
    ];
  },
  async headers() {
    const worker = [
      // A new deploy's worker is picked up on the next visit, not a day later.
      { key: 'Cache-Control', value: 'no-cache' },
      { key: 'Service-Worker-Allowed', value: '/' },
    ];
    return [{ source: '/sw.js', headers: worker }, { source: '/serwist/sw.js', headers: worker }];
  },
  experimental: {
    // Tree-shake per-icon/per-hook imports of these packages from the client bundles.
    optimizePackageImports: ['@tanstack/react-query'],
  },
};

// withSerwist keeps esbuild (which bundles the service worker at build time) out of the server bundle.
export default withSerwist(withNextIntl(nextConfig));
