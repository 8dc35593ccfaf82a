import { z } from 'zod';

/**
 * The answer-level check of scripts/eval-assistant.ts: whether the full
 * reply the asker would get (composeAnswer's text, no model) says what it
 * must and nothing it must not. Items live in
 * features/assistant/data/eval-answers/<part>.<language>.json.
 */

/**
 * One answer-level eval item: `must_include` is a list of groups, each a
 * list of alternatives (one of each group must appear in the reply);
 * `must_not_include` strings must all be absent. `category` names what the
 * item tests (e.g. a computed number, a state by name, a compound question).
 */
export const answerEvalItemSchema = z.strictObject({
  /** The earlier user messages of the same chat, oldest first: `q` is asked in that chat (a multi-turn case). */
  history: z.array(z.string().min(1)).max(7).optional(),
  q: z.string().min(2),
  category: z.string().min(1),
  must_include: z.array(z.array(z.string().min(1)).min(1)),
  must_not_include: z.array(z.string().min(1)),
  note: z.string().optional(),
});
export type AnswerEvalItem = z.infer<typeof answerEvalItemSchema>;

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/**
 * The form both the reply and the expected strings are compared in:
 * NFC, lower case, Devanagari digits (०-९) as ASCII digits, "₹" (and
 * "Rs.") as "rs ", "m²" as "m2", and commas inside digit groups removed
 * ("₹1,08,000" and "Rs 1,08,000" -> "rs 108000"; "3, 4" keeps its comma
 * because a space follows it).
 */
export function matchForm(text: string): string {
  let s = text.normalize('NFC').toLowerCase();
  s = s.replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));
  // One amount or area in either writing: "₹78,000" is "rs 78000", "30 m²" is "30 m2".
  s = s.replace(/₹\s?/g, 'rs ').replace(/rs\.\s?(?=\d)/g, 'rs ').replace(/m²/g, 'm2');
  // Repeat: "1,08,000" has two commas whose matches share a digit.
  let prev: string;
  do {
    prev = s;
    s = s.replace(/(\d),(\d)/g, '$1$2');
  } while (s !== prev);
  return s;
}

/** The verdict on one reply: pass, and which groups were missing and which forbidden strings were present. */
export interface AnswerVerdict {
  pass: boolean;
  /** The must_include groups of which no alternative appears. */
  missing: string[][];
  /** The must_not_include strings that appear. */
  forbidden: string[];
}

/**
 * Judges one reply against an item: pass when every must_include group has
 * an alternative present and no must_not_include string is present, all
 * compared as `matchForm` substrings.
 */
export function judgeAnswer(reply: string, item: Pick<AnswerEvalItem, 'must_include' | 'must_not_include'>): AnswerVerdict {
  const text = matchForm(reply);
  const missing = item.must_include.filter((group) => !group.some((alt) => text.includes(matchForm(alt))));
  const forbidden = item.must_not_include.filter((s) => text.includes(matchForm(s)));
  return { pass: missing.length === 0 && forbidden.length === 0, missing, forbidden };
}
