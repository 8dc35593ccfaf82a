/**
 * Runs `fn` after the page's load event, when the browser is idle (or one
 * second later where requestIdleCallback is missing; at most 5 s of waiting).
 * @returns a function that cancels it if it has not run yet.
 */
export function afterLoadWhenIdle(fn: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(() => !cancelled && fn(), { timeout: 5000 });
    else timer = setTimeout(() => !cancelled && fn(), 1000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleId !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId);
    if (timer) clearTimeout(timer);
  };
}
