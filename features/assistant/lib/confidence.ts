/**
 * Whether the best bank entry answers the question that was asked, or a
 * near-sounding different one ("what happens to surplus units at the year's
 * end" against "how many units does a system make"). Two signals, both read
 * by the query reader (lib/understand.ts `understand`) from the question and from
 * the entry's own wordings (its question and alternates):
 * - intent: the question asks something the calculator or the bank knows by
 *   intent (a subsidy, a yield, a surplus settlement...) and none of the
 *   entry's wordings asks that;
 * - key entity: the question names a state and the entry is about other
 *   states only (Delhi's scheme for a question about Himachal); or none of
 *   the question's subject words (lib/normalize.ts domain words) appears
 *   anywhere in the entry.
 * A clear lead in retrieval (high confidence and a wide margin over the
 * runner-up, server/retrieve.ts) outweighs an intent mismatch, since the
 * intent reader does not know every way an entry can be asked; a state
 * mismatch is never outweighed. Pure functions, no I/O.
 */

/** Retrieval confidence (0-1) and margin at or above which an intent mismatch is let through. */
export const SURE = { confidence: 0.8, margin: 0.6 } as const;
/**
 * Retrieval confidence and margin at or above which a missing subject word is
 * let through (the entry may say it another way: "portal pe CFA" against the
 * CFA entry). Tuned on the tuning parts of data/eval.
 */
export const TOPIC_SURE = { confidence: 0.7, margin: 0.5 } as const;

/** What the check compares. Intents and states are the query reader's keys (strings here, so any reader can feed it). */
export interface MatchCheckInput {
  /** Intents the question asks (query reader). */
  questionIntents: readonly string[];
  /** Intents the entry's wordings ask, all of them together. */
  entryIntents: ReadonlySet<string>;
  /** States the question names (keys). */
  questionStates: readonly string[];
  /** States the entry's own question names (keys); empty for an entry about no state in particular. */
  entryStates: readonly string[];
  /** Retrieval confidence of the entry, 0-1. */
  confidence: number;
  /** Lead of the entry's reranked score over the runner-up's. */
  margin: number;
  /** The question's subject words (solar or other-field words, not "solar"/"system"), as `tokenize` writes them. */
  questionTopics?: readonly string[];
  /** Every word of the entry (question, alternates, answer), as `tokenize` writes them. */
  entryWords?: ReadonlySet<string>;
}

/** The verdict: `ok` false when the entry answers a different question, with the reason. */
export interface MatchCheck {
  ok: boolean;
  reason?: 'intent' | 'state' | 'topic';
}

/**
 * Judges whether a retrieved entry answers the question (see the module
 * note). An entry or a question without intents says nothing about intent;
 * an entry that names no state says nothing about states.
 * @example checkMatch({ questionIntents: ['surplus_settlement'], entryIntents: new Set(['monthly_units']),
 *   questionStates: [], entryStates: [], confidence: 0.5, margin: 0.1 }) // { ok: false, reason: 'intent' }
 */
export function checkMatch(input: MatchCheckInput): MatchCheck {
  const { questionStates, entryStates } = input;
  if (questionStates.length > 0 && entryStates.length > 0 && !questionStates.some((s) => entryStates.includes(s))) {
    return { ok: false, reason: 'state' };
  }
  const asked = input.questionIntents;
  if (asked.length > 0 && input.entryIntents.size > 0 && !asked.some((i) => input.entryIntents.has(i))) {
    const sure = input.confidence >= SURE.confidence && input.margin >= SURE.margin;
    if (!sure) return { ok: false, reason: 'intent' };
  }
  // Key entity, after intent (so an entry that asks another thing is named as such): none of the question's
  // subject words anywhere in the entry ("subsidy if I sell the house" against an entry on how long panels
  // last). One shared subject word is enough.
  const topics = input.questionTopics ?? [];
  if (topics.length > 0 && input.entryWords && !topics.some((t) => input.entryWords!.has(t))) {
    const sure = input.confidence >= TOPIC_SURE.confidence && input.margin >= TOPIC_SURE.margin;
    if (!sure) return { ok: false, reason: 'topic' };
  }
  return { ok: true };
}
