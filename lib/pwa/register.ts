import { WARM_MESSAGE, type WarmMessage } from './sw-rules';

/** Where the service worker is served (next.config.ts rewrites it to app/serwist/[path]/route.ts). */
export const SW_URL = '/sw.js';

/** Assets a page loaded that the worker keeps: build chunks and pictures of this origin. */
function loadedAssets(): string[] {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return [];
  return performance.getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => {
      try {
        const url = new URL(u);
        return url.origin === location.origin && (url.pathname.startsWith('/_next/static/') || url.pathname.startsWith('/media/'));
      } catch {
        return false;
      }
    });
}

/**
 * Registers the service worker once the page has loaded and the browser is
 * idle (it must not delay the first frame). When this page was not yet
 * controlled by a worker (a first visit, or a hard reload), the worker is
 * asked to store what the page loaded, this page, and `startUrl` (the
 * installed app's start page), so the app opens offline after one visit.
 * A no-op without service workers (or outside a secure context). With
 * `warm: false` (the data saver) the worker is registered and asked for
 * nothing: pages and pictures are stored as they are visited.
 * @returns a promise resolved with true once that first storing is done,
 * false when nothing was asked (already controlled, no support, or no warm).
 */
export async function registerServiceWorker(startUrl: string, { warm = true }: { warm?: boolean } = {}): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const wasControlled = Boolean(navigator.serviceWorker.controller);
  try {
    await navigator.serviceWorker.register(SW_URL, { scope: '/', updateViaCache: 'none' });
  } catch {
    return false;
  }
  if (wasControlled || !warm) return false;
  const reg = await navigator.serviceWorker.ready;
  const worker = reg.active;
  if (!worker) return false;
  const msg: WarmMessage = {
    type: WARM_MESSAGE,
    pages: [startUrl, location.pathname + location.search],
    assets: loadedAssets(),
  };
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(true);
    worker.postMessage(msg, [channel.port2]);
  });
}
