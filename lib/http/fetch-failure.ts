/**
 * Why an outgoing fetch failed, for a log line, without anything of the
 * request (no URL, no body, no phone or code): 'timed out' for an abort or
 * a timeout, the system error code of the cause (ECONNREFUSED,
 * UND_ERR_CONNECT_TIMEOUT, ...) when there is one, else the error's name.
 * @param err what `fetch` threw.
 * @returns a short reason; 'unknown error' when `err` is not an Error.
 */
export function fetchFailureReason(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timed out';
    const cause = (err as { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' ? (cause as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
    return err.name;
  }
  return 'unknown error';
}
