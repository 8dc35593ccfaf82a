import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/**
 * The zod schema of a `translations` input (migration 0009,
 * NameTranslations in lib/db/schema.ts): `{ hi?: {...}, he?: {...} }`, each
 * language holding the given fields, each optional and bounded like its
 * English field (pass the English field's schema, e.g. the same max length).
 * An empty text means "no translation" (readers fall back to English).
 * Unknown languages or fields are a 422 naming them (strict objects).
 */
export function translationsSchema<S extends Record<string, z.ZodString>>(fields: S) {
  const optional = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
  const perLang = z.strictObject(optional);
  return z.strictObject({ hi: perLang.optional(), he: perLang.optional() });
}

/**
 * The SQL value of a PATCH of `translations`: per language, a language the
 * edit gives replaces that language's texts, a language it leaves out stays
 * (jsonb `||` merges the top-level keys: hi, he).
 * @param column the row's `translations` column.
 */
export function mergeTranslationsSql(column: AnyColumn, patch: Record<string, unknown>): SQL {
  return sql`${column} || ${JSON.stringify(patch)}::jsonb`;
}
