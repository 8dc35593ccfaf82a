'use client';

import { useEffect, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useFeedStore } from '@/features/reels/store';
import { DataSaverProvider, useDataSaver } from '@/lib/data-saver-context';
import type { DataSaverChoice } from '@/lib/data-saver';
import { isPlayerRoute } from './_components/tab-bar';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Data from SSR is fresh for a minute: no refetch right after hydration.
      queries: { staleTime: 60_000, retry: 1 },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** One QueryClient per server request, one for the browser's lifetime (TanStack Query's SSR guide). */
function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

// Its code (and hls.js) loads only once a reel has left the feed: never before a feed's first frame.
const MiniPlayer = dynamic(() => import('@/features/reels/components/mini-player').then((m) => m.MiniPlayer), { ssr: false });

/**
 * The mini player's place in the app shell: shown on pages without a reel
 * player while a reel left on screen is remembered (SPEC.md section 4
 * "mini player shown"); never while the data saver is on.
 */
function MiniPlayerSlot() {
  const pathname = usePathname() ?? '/';
  const last = useFeedStore((s) => s.lastReel);
  const href = useFeedStore((s) => s.feedHref);
  const saver = useDataSaver();
  if (!last || isPlayerRoute(pathname) || saver.on) return null;
  return <MiniPlayer key={last.item.id} last={last} href={href} />;
}

/**
 * Client-side providers of the whole app (queries, the data saver), and
 * the mini player that lives across its pages. Once the page has hydrated (every effect below has run)
 * `<html>` carries `data-hydrated="true"`: the pages that open with a reel
 * hydrate only after its first frame (docs/decisions/020), and tests wait for it.
 */
export function Providers({ children, dataSaver }: {
  children: ReactNode;
  /** The data saver as the server read it from the request (features/reels/server/data-saver.ts). */
  dataSaver: { choice: DataSaverChoice | null; browserAsks: boolean };
}) {
  const client = getQueryClient();
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={client}>
      <DataSaverProvider initial={dataSaver}>
        {children}
        <MiniPlayerSlot />
      </DataSaverProvider>
    </QueryClientProvider>
  );
}
