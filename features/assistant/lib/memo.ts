/**
 * A pure one-argument function remembered per argument, in a map of at most
 * `max` entries that starts afresh when full (a bound on memory, not a cache
 * policy). For the word and text folds the assistant applies to every
 * message many times over (lib/normalize.ts, lib/transliterate.ts).
 * @param max entries kept before the map is cleared.
 * @param compute the function; it must be pure.
 * @example const fold = remembered(50_000, (w: string) => w.toLowerCase());
 */
export function remembered<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const seen = new Map<string, V>();
  return (key) => {
    let value = seen.get(key);
    if (value === undefined) {
      value = compute(key);
      if (seen.size >= max) seen.clear();
      seen.set(key, value);
    }
    return value;
  };
}
