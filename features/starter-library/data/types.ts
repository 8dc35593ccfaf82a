/**
 * Shapes of the starter library's content: the taxonomy (topic > category >
 * option, SPEC.md section 3) and one narrated script per option and language.
 */

/** Reel languages: en, hi (Devanagari) and he = Hinglish (Hindi in Latin letters). SPEC.md section 3. */
export type ReelLang = 'en' | 'hi' | 'he';
export const REEL_LANGS: readonly ReelLang[] = ['en', 'hi', 'he'];

/** The question bank's English categories (SPEC.md section 3 "Question bank entry"). */
export const QUESTION_BANK_CATEGORIES = [
  'Benefits', 'Buying Solar', 'Electric Connection', 'Solar Inverter', 'Solar Panel',
  'Subsidy', 'System Cost', 'System Size', 'Things to know',
] as const;
export type QuestionBankCategory = (typeof QUESTION_BANK_CATEGORIES)[number];

/** espeak-ng voice that narrates a reel: Hinglish is spoken by the Hindi voice from Devanagari text. */
export const NARRATION_VOICE: Record<ReelLang, 'en' | 'hi'> = { en: 'en', hi: 'hi', he: 'hi' };

/**
 * One narrated sentence: `text` is shown on screen, `say` (when given) is what
 * the voice reads, so "₹78,000" can be spoken as "78,000 rupees" and Hinglish
 * captions can be voiced from Devanagari.
 */
export interface ScriptLine {
  text: string;
  say?: string;
}

/** One reel: a question on the title card, then one caption block per narrated sentence. */
export interface ReelScript {
  /** The question, shown on the title card and read first. */
  title: ScriptLine;
  /** The answer, one caption block each. */
  lines: ScriptLine[];
}

/**
 * Hindi (Devanagari) and Hinglish (Latin-script) forms of a row's English
 * texts; seeded into the row's `translations` column (NameTranslations in
 * lib/db/schema.ts). Numbers stay the same numbers in every language.
 */
export type Localized<K extends string> = Record<'hi' | 'he', Record<K, string>>;

export interface TopicDef {
  slug: string;
  /** English (the UI translates chrome, not content). */
  name: string;
  description: string;
  /** The name and description in Hindi and Hinglish. */
  translations: Localized<'name' | 'description'>;
  typeTag: 'HOT' | 'FREE';
  /** Brand accent of the topic's reels and pictures, #rrggbb. */
  accent: string;
  /** Question-bank categories grouped under this theme. */
  categories: QuestionBankCategory[];
}

/** One specific question, told in three languages; the three reels share the option. */
export interface OptionDef {
  /** Stable key used in source keys and file names, kebab-case. */
  key: string;
  topic: string;
  category: QuestionBankCategory;
  /** The option's English name, e.g. "How much subsidy for 3 kW?". */
  name: string;
  /** The name in Hindi and Hinglish. */
  translations: Localized<'name'>;
  /** True for the topic's TLDR: a summary of the theme (one option per topic). */
  isTldr: boolean;
  /** Numbers of the fact sheet's sources this option's facts come from. */
  sources: number[];
  reels: Record<ReelLang, ReelScript>;
}
