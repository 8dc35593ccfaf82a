/**
 * The process's shared instances. Next bundles server components apart from
 * `server/`, so a module-level variable would exist twice; one Map kept on
 * globalThis does not (ARCHITECTURE.md decision 11). A Map rather than
 * properties of globalThis: the hot path looks up several per request, and
 * globalThis is a large dictionary-mode object.
 */
const REGISTRY = '__sr_singletons';
const registry: Map<string, unknown> = ((globalThis as unknown as Record<string, Map<string, unknown> | undefined>)[REGISTRY] ??= new Map());

/** Returns the one instance of `key` in this process, creating it with `make` on first use. */
export function singleton<T>(key: string, make: () => T): T {
  const v = registry.get(key);
  if (v !== undefined || registry.has(key)) return v as T;
  const made = make();
  registry.set(key, made);
  return made;
}

/** Replaces the instance of `key` (tests swap the database), or forgets it with `undefined` so the next use makes it anew. */
export function setSingleton<T>(key: string, value: T | undefined): void {
  if (value === undefined) registry.delete(key);
  else registry.set(key, value);
}
