/**
 * Returns the one instance of `key` in this process, creating it with `make`
 * on first use. Next bundles server components apart from `server/`, so a
 * module-level variable would exist twice; globalThis does not
 * (ARCHITECTURE.md decision 11).
 */
export function singleton<T>(key: string, make: () => T): T {
  const store = globalThis as unknown as Record<string, unknown>;
  const k = `__sr_${key}`;
  if (!(k in store)) store[k] = make();
  return store[k] as T;
}
