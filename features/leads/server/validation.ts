import type { z } from 'zod';
import { type Locale } from '@/lib/constants';
import { ApiError } from '@/lib/http/errors';
import { messageText } from '@/lib/messages';

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
