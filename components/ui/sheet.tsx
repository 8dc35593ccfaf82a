'use client';

import { onDemand } from './on-demand';
import type { SheetProps } from './sheet-panel';

export type { SheetProps } from './sheet-panel';

const Panel = onDemand<SheetProps>(() => import('./sheet-panel').then((m) => m.SheetPanel));

/**
 * Fetches the sheet's code (the shared Dialog and @radix-ui/react-dialog)
 * ahead of a `Sheet` opening, e.g. on the tap that will open it while
 * something else is awaited. Rejects when the fetch fails.
 */
export const preloadSheet = (): Promise<unknown> => Panel.preload();

/**
 * A bottom sheet (modal: focus stays inside, Escape, the close button or a
 * press on the backdrop closes, the page behind is inert, focus returns to
 * the opener); on wide screens it sits centred. Its content is mounted only
 * while it is open. The dialog code (./sheet-panel.tsx with Radix, ~12 KB
 * gzipped) is not in the page's first-load JavaScript: it is fetched the
 * first time a sheet opens (or on `preloadSheet()`), the sheet showing once
 * it has come; a failed fetch shows nothing and is retried on the next open.
 */
export function Sheet(props: SheetProps) {
  return props.open ? <Panel.Component {...props} /> : null;
}
