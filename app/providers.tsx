'use client';

import type { ReactNode } from 'react';
import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';

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

/** Client-side providers of the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  const client = getQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
