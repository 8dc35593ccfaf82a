/**
 * What the browser says about the connection, for the event queue's pace
 * (SPEC.md section 7: 2.5 s between events when flagged slow) and the
 * metadata's internet_speed. SSR-safe.
 */

interface NetworkInformationLike { effectiveType?: string; saveData?: boolean; downlink?: number }

function connection(): NetworkInformationLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

/** True when the browser flags the connection as slow (2g, slow-2g) or asks to save data. */
export function isSlowConnection(): boolean {
  const c = connection();
  return !!c && (c.saveData === true || c.effectiveType === '2g' || c.effectiveType === 'slow-2g');
}

/** False only when the browser knows it is offline (`navigator.onLine === false`). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
