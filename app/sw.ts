/// <reference lib="webworker" />
import {
  CacheableResponsePlugin, CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist,
  type PrecacheEntry, type RuntimeCaching, type SerwistGlobalConfig,
} from 'serwist';
import {
  FEED_CACHE, PAGE_CACHE, isCacheablePage, isFeedApi, isPicture, assetUrlsIn, WARM_MESSAGE, type WarmMessage,
} from '@/lib/pwa/sw-rules';

/**
 * The service worker (docs/decisions/015-offline-and-install.md), bundled by
 * @serwist/turbopack (app/serwist/[path]/route.ts) and served at /sw.js.
 *
 * - Precache: the styles, fonts, icons and the offline page (/offline).
 * - Pages (navigations to public pages): network first, 5 s, then the copy
 *   from the last visit, then the offline page. Private pages (lib/pwa/sw-rules.ts):
 *   network only, then the offline page.
 * - The feed API (/feeds-server/api/...): network first, 5 s, keeping the
 *   last pages fetched, so the feed opens offline.
 * - Build assets (/_next/static, hashed names): cache first, bounded.
 * - Posters, thumbnails and library pictures: cache first, bounded.
 * - Everything else (sign-in, referrals, partners, all POSTs, video
 *   playlists and segments) goes to the network untouched.
 */

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const DAY_S = 24 * 60 * 60;
const ok = () => new CacheableResponsePlugin({ statuses: [200] });

const pages = new NetworkFirst({
  cacheName: PAGE_CACHE,
  networkTimeoutSeconds: 5,
  // Next answers pages with Vary: RSC, ...; only documents are stored here.
  matchOptions: { ignoreVary: true },
  plugins: [ok(), new ExpirationPlugin({ maxEntries: 25, maxAgeSeconds: 14 * DAY_S })],
});

const runtimeCaching: RuntimeCaching[] = [
  {
    matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && isCacheablePage(url.pathname),
    handler: pages,
  },
  {
    // Private pages are never stored, but offline they too get the offline page rather than the browser's error.
    matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
    handler: new NetworkOnly(),
  },
  {
    matcher: ({ url, sameOrigin }) => sameOrigin && isFeedApi(url.pathname),
    handler: new NetworkFirst({
      cacheName: FEED_CACHE,
      networkTimeoutSeconds: 5,
      plugins: [ok(), new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 14 * DAY_S })],
    }),
  },
  {
    matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
    handler: new CacheFirst({
      cacheName: 'sr-static',
      plugins: [ok(), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S, maxAgeFrom: 'last-used' })],
    }),
  },
  {
    matcher: ({ url, sameOrigin }) => sameOrigin && isPicture(url.pathname),
    handler: new CacheFirst({
      cacheName: 'sr-pictures',
      plugins: [ok(), new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 7 * DAY_S, maxAgeFrom: 'last-used' })],
    }),
  },
];

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching,
  fallbacks: {
    entries: [{ url: '/offline', matcher: ({ request }) => request.destination === 'document' }],
  },
});

/**
 * A page opened before this worker controlled it asks for what it already
 * loaded (build assets, pictures) and for the pages it wants offline (the
 * start page, itself) to be stored; each page's own assets are read from its
 * HTML and stored too, so the start page opens offline after one visit.
 */
async function warm(msg: WarmMessage, event: ExtendableMessageEvent): Promise<void> {
  const assets = new Set(msg.assets.filter((u) => new URL(u, self.location.origin).origin === self.location.origin));
  for (const path of new Set(msg.pages)) {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || !isCacheablePage(url.pathname)) continue;
    try {
      const res = await pages.handle({ request: new Request(url, { credentials: 'same-origin' }), event });
      if (res.ok) for (const a of assetUrlsIn(await res.text())) assets.add(a);
    } catch {
      // Offline again, or the page failed: what was stored stays.
    }
  }
  await Promise.allSettled([...assets].map((a) => serwist.handleRequest({ request: new Request(a, { credentials: 'same-origin' }), event })));
}

self.addEventListener('message', (event) => {
  const data = event.data as Partial<WarmMessage> | null;
  if (data?.type !== WARM_MESSAGE || !Array.isArray(data.pages) || !Array.isArray(data.assets)) return;
  const done = warm(data as WarmMessage, event);
  event.waitUntil(done);
  void done.then(() => event.ports[0]?.postMessage(true));
});

serwist.addEventListeners();
