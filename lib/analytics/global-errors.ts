/**
 * The page-wide error reporter (SPEC.md section 8 "global window error"):
 * uncaught errors and unhandled promise rejections go to the logging
 * client (POST /api/errorLog, context `{ type: 'GLOBAL_WINDOW_ERROR' }`).
 * The logging client is loaded on the first error only. Noise the page
 * cannot act on is skipped: cross-origin "Script error." without details,
 * ResizeObserver loop notices, and aborted requests. SSR-safe.
 */

/** Context type of errors the global handler reports (SPEC.md section 8). */
export const GLOBAL_WINDOW_ERROR = 'GLOBAL_WINDOW_ERROR';

/** True for error reports that carry nothing to act on. Pure. */
export function isNoise(message: string, error: unknown): boolean {
  if (/^Script error\.?$/i.test(message) && !error) return true;
  if (/ResizeObserver loop/i.test(message)) return true;
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return false;
}

function report(error: unknown, kind: 'error' | 'unhandledrejection', source?: string): void {
  void import('./log-client')
    .then((m) => m.logError(error, { type: GLOBAL_WINDOW_ERROR, kind, ...(source ? { source } : {}) }))
    .catch(() => undefined);
}

/**
 * Listens for `error` and `unhandledrejection` on window and reports them.
 * @returns a function that removes the listeners.
 */
export function installGlobalErrorHandlers(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onError = (e: ErrorEvent) => {
    // Failed resource loads (img, script) are Events, not ErrorEvents, and are not reported here.
    if (!(e instanceof ErrorEvent)) return;
    const message = e.message || (e.error instanceof Error ? e.error.message : '');
    if (isNoise(message, e.error)) return;
    const source = e.filename ? `${e.filename.replace(/[?#].*$/, '')}:${e.lineno}:${e.colno}` : undefined;
    report(e.error ?? message, 'error', source);
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason: unknown = e.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    if (isNoise(message, reason)) return;
    report(reason, 'unhandledrejection');
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
