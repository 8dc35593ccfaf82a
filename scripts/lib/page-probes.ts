import type { Page } from 'playwright-core';

/**
 * Page-side (runs in the browser, before the page's own scripts): records
 * in `window.__firstFrame` the time (ms since navigation start) of the first
 * decoded frame of any video that plays (requestVideoFrameCallback, else
 * the `playing` event).
 */
function firstFrameProbe() {
  const w = window as unknown as { __firstFrame?: number };
  document.addEventListener('playing', (ev) => {
    const v = ev.target as HTMLVideoElement;
    if (w.__firstFrame) return;
    if ('requestVideoFrameCallback' in v) {
      v.requestVideoFrameCallback((now) => { w.__firstFrame ??= now; });
    } else {
      w.__firstFrame ??= performance.now();
    }
  }, true);
}

/**
 * Installs the first-frame probe in `page` (its figure: `window.__firstFrame`),
 * with the helper tsx's esbuild (keepNames) wraps inner functions in.
 */
export async function installFirstFrameProbe(page: Page): Promise<void> {
  // tsx (esbuild keepNames) wraps the probes' inner functions in __name(); the page has no such helper.
  await page.addInitScript('globalThis.__name ??= (f) => f;');
  await page.addInitScript(firstFrameProbe);
}
