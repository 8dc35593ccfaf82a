'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { addRecentSearch, parseRecentSearches, RECENT_SEARCHES_KEY } from '../lib/recent-searches';

/*
 * The recent searches on this device (features/reels/lib/recent-searches.ts)
 * as React state: read from localStorage, shared by every screen of this
 * page and by the browser's other tabs (the `storage` event).
 */

const EMPTY: string[] = [];
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: string[] } = { raw: null, list: EMPTY };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(RECENT_SEARCHES_KEY);
  } catch {
    // Storage refused (private modes, a framed page): nothing is remembered.
    return null;
  }
}

function snapshot(): string[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, list: parseRecentSearches(raw) };
  return cache.list;
}

function write(list: string[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Full or refused: the list stays as it was.
  }
  for (const l of listeners) l();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === RECENT_SEARCHES_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The recent searches, most recent first (none in the server's HTML: they
 * appear once the page has hydrated), with `add` (a search made: first,
 * once whatever its case, the last 8 kept) and `clear`.
 */
export function useRecentSearches(): { recent: string[]; add: (q: string) => void; clear: () => void } {
  const recent = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const add = useCallback((q: string) => write(addRecentSearch(snapshot(), q)), []);
  const clear = useCallback(() => write([]), []);
  return { recent, add, clear };
}
