'use client';

import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code is fetched the first time it is needed, and a way to fetch it earlier. */
export interface OnDemand<P extends object> {
  /**
   * Renders the loaded component with `props`; while its code is on the way
   * (the first mount only) `fallback` (default nothing). A failed fetch
   * (offline, a new deployment) renders the fallback and is tried again by
   * the next mount or `preload()`, so it never reaches an error boundary.
   */
  Component: ComponentType<P & { fallback?: ReactNode }>;
  /** Starts fetching the code (e.g. on a tap, before an answer it waits for); resolves once loaded, rejects on failure. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * Splits a component out of the first-load JavaScript: `load` is a dynamic
 * `import()` (its own chunk for the bundler) picking the component. Unlike
 * React.lazy it needs no Suspense boundary, renders synchronously once
 * loaded (a second open shows at once) and retries a failed fetch instead of
 * throwing it.
 * @param load e.g. `() => import('./sheet-panel').then((m) => m.SheetPanel)`.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => (pending ??= load().then(
    (c) => (loaded = c),
    (err: unknown) => {
      pending = null;
      throw err;
    },
  ));

  function Component({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [ready, setReady] = useState(loaded !== null);
    useEffect(() => {
      if (ready) return;
      let live = true;
      preload().then(() => live && setReady(true), () => {});
      return () => {
        live = false;
      };
    }, [ready]);
    const Loaded = loaded;
    return Loaded && ready ? <Loaded {...(props as P)} /> : <>{fallback}</>;
  }
  return { Component, preload };
}
