import { parseArgs } from 'node:util';
import { env } from '@/lib/env';
import { mintNativeLinkToken, NATIVE_LINK_MAX_TTL_S } from '@/features/auth/server/native-link';

/**
 * `npm run link:customer -- <phone> [--days N] [--base https://solar.example]`:
 * prints a signed link (docs/ops/native-customer-link.md) that lands a
 * registered customer on the reels page with their number filled in the
 * login modal, and on the customers' deals once signed in. The link lives
 * `--days` days (default 7, the most), is signed with NATIVE_LINK_SECRET
 * and starts with `--base`, else PUBLIC_URL. Prints the link and its
 * expiry only (never the number itself); exits 1 with the reason for a
 * number that is not an Indian mobile, a missing secret or base.
 */

const USAGE = 'usage: npm run link:customer -- <phone, 10-digit or +91> [--days 1-7] [--base https://your.site]';
const LINK_PATH = '/recommendation-service/api/v1/redirect-native-customer';

function main(): number {
  const { values, positionals } = parseArgs({
    options: { days: { type: 'string' }, base: { type: 'string' } }, allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 1;
  }
  const e = env();
  if (!e.NATIVE_LINK_SECRET) {
    console.error('link:customer: NATIVE_LINK_SECRET is not set (32+ characters, the same as the server\'s)');
    return 1;
  }
  const base = values.base ?? e.PUBLIC_URL;
  if (!base) {
    console.error('link:customer: give --base https://your.site, or set PUBLIC_URL');
    return 1;
  }
  const days = values.days === undefined ? 7 : Number(values.days);
  if (!Number.isFinite(days) || days <= 0 || days * 86_400 > NATIVE_LINK_MAX_TTL_S) {
    console.error(`link:customer: --days is more than 0 and at most ${NATIVE_LINK_MAX_TTL_S / 86_400}`);
    return 1;
  }
  try {
    const ttlS = Math.floor(days * 86_400);
    const token = mintNativeLinkToken(e.NATIVE_LINK_SECRET, positionals[0], ttlS);
    const url = new URL(LINK_PATH, base);
    url.searchParams.set('t', token);
    console.log(url.toString());
    console.error(`valid until ${new Date(Date.now() + ttlS * 1000).toISOString()}`);
    return 0;
  } catch (err) {
    console.error(`link:customer: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

process.exit(main());
