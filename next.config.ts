import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

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
  // Server-only engines the data layer uses: loaded by Node's require, not bundled
  // (PGlite ships WASM and data files; the S3 client and drizzle are large).
  serverExternalPackages: [
    '@electric-sql/pglite', 'drizzle-orm', 'pg', 'pino', '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner',
    '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe',
  ],
  images: { unoptimized: true },
  // `npm test` type-checks the whole project with tsc (strict) before anything builds;
  // checking again inside `next build` doubled the first start on 2 cores.
  typescript: { ignoreBuildErrors: true },
  // Dev only: tests and tools open the app as 127.0.0.1 as well as localhost.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  experimental: {
    // Tree-shake per-icon/per-hook imports of these packages from the client bundles.
    optimizePackageImports: ['@tanstack/react-query'],
  },
};

export default withNextIntl(nextConfig);
