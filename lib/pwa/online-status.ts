import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network connection (`navigator.onLine` and its
 * `online`/`offline` events). "Online" can still mean a network that answers
 * nothing; callers that send data treat a failed request as offline too
 * (lib/pwa/outbox.ts).
 */

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser reports a connection; always true during server rendering. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
