/** The error {@link withTimeout} rejects with: its message says how long was waited. */
export class TimeoutError extends Error {}

/**
 * `p`, or a rejection with {@link TimeoutError} ("timed out after <ms> ms")
 * when it has not settled within `ms`. The timer is cleared either way; `p`
 * itself is not cancelled.
 * @param ms milliseconds to wait.
 */
export async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms`)), ms);
    })]);
  } finally {
    clearTimeout(timer);
  }
}
