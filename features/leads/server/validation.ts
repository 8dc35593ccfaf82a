import type { z } from 'zod';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '@/lib/constants';
import { ApiError } from '@/lib/http/errors';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';

type Tree = { [k: string]: string | Tree };
const MESSAGES: Record<Locale, Tree> = { en: en as Tree, hi: hi as Tree, he: he as Tree };

/** `locale` when it is an interface locale (en, hi, he), else English (SPEC.md section 4 "Language"). */
export function toLocale(value: string | undefined | null): Locale {
  return value && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

/**
 * The text of a message key ("leads.validation.name") in `locale`, from
 * messages/*.json; the key itself when it is not one (zod's own messages,
 * e.g. for unknown keys, pass through).
 */
export function messageText(key: string, locale: Locale = DEFAULT_LOCALE): string {
  let node: string | Tree | undefined = MESSAGES[locale];
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return key;
    node = node[part];
  }
  return typeof node === 'string' ? node : key;
}

/**
 * Validates a form body with the form's own schema (features/leads/schemas.ts).
 * @throws ApiError 422 `validation_failed` whose message names the first bad
 * field and gives its rule's text in `locale`, e.g.
 * "name: Name must be 3 Character long" (SPEC.md section 5).
 */
export function parseLeadOrThrow<S extends z.ZodType>(schema: S, value: unknown, locale: Locale): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const unknownKeys = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : '';
  const field = [issue?.path.join('.'), unknownKeys].filter(Boolean).join('.') || 'body';
  throw new ApiError(422, 'validation_failed', `${field}: ${messageText(issue?.message ?? 'invalid', locale)}`);
}
