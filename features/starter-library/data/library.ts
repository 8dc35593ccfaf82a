import { GETTING_CONNECTED } from './getting-connected';
import { HOW_ROOFTOP_SOLAR_WORKS } from './how-rooftop-solar-works';
import { SAVE_WITH_SOLAR } from './save-with-solar';
import { SUBSIDY_AND_MONEY } from './subsidy-and-money';
import { formatSources } from './sources';
import { CATEGORY_LABELS, TOPICS, sourceKeyOf } from './taxonomy';
import { NARRATION_VOICE, REEL_LANGS, type OptionDef, type ReelLang, type ScriptLine } from './types';

/** Every option of the starter library: one per question-bank category, TLDR options first within a theme. */
export const OPTIONS: readonly OptionDef[] = [
  ...SUBSIDY_AND_MONEY,
  ...SAVE_WITH_SOLAR,
  ...HOW_ROOFTOP_SOLAR_WORKS,
  ...GETTING_CONNECTED,
];

/**
 * The last narrated sentence of every reel, shown on the end card. The fact
 * sheet asks that quoted scheme numbers say "as of" and point to the
 * national portal.
 */
export const CLOSING_LINE: Readonly<Record<ReelLang, ScriptLine>> = {
  en: {
    text: 'Figures as of 2026. Check pmsuryaghar.gov.in for the current rule.',
    say: 'Figures as of 2026. Check P M Surya Ghar dot gov dot in for the current rule.',
  },
  hi: {
    text: 'आँकड़े 2026 के अनुसार। ताज़ा नियम pmsuryaghar.gov.in पर देखें।',
    say: 'आँकड़े 2026 के अनुसार। ताज़ा नियम पीएम सूर्य घर डॉट जीओवी डॉट इन पर देखें।',
  },
  he: {
    text: 'Figures 2026 ke hisaab se. Taaza niyam pmsuryaghar.gov.in par dekhein.',
    say: 'फ़िगर्स 2026 के हिसाब से। ताज़ा नियम पीएम सूर्य घर डॉट जीओवी डॉट इन पर देखें।',
  },
};

/** One reel to make: everything the renderer and the ingest need. */
export interface LibraryReel {
  /** `starter:v2:<option-key>:<lang>` (taxonomy.ts `sourceKeyOf`). */
  sourceKey: string;
  option: OptionDef;
  lang: ReelLang;
  voice: 'en' | 'hi';
  topicName: string;
  categoryLabel: string;
  accent: string;
  /** Title (the question), the answer lines, then the closing line: one caption block each. */
  narration: { kind: 'title' | 'line' | 'closing'; line: ScriptLine }[];
  /** The reel's description in the feed: the question and the first answer sentence. */
  description: string;
  /** "[n] title" per line. */
  sources: string;
  isTldr: boolean;
}

/** The text the voice reads for a line. */
export function spokenText(line: ScriptLine): string {
  return line.say ?? line.text;
}

/**
 * All reels of the library (options x languages), in making order: each
 * option's en, hi and he reels together, so the feed gets every language early.
 * @throws Error when an option names a topic that does not exist.
 */
export function libraryReels(): LibraryReel[] {
  return OPTIONS.flatMap((option) => {
    const topic = TOPICS.find((t) => t.slug === option.topic);
    if (!topic || !topic.categories.includes(option.category)) {
      throw new Error(`option ${option.key}: topic ${option.topic} does not list ${option.category}`);
    }
    return REEL_LANGS.map((lang): LibraryReel => {
      const script = option.reels[lang];
      return {
        sourceKey: sourceKeyOf(option.key, lang),
        option,
        lang,
        voice: NARRATION_VOICE[lang],
        topicName: topic.name,
        categoryLabel: CATEGORY_LABELS[option.category][lang],
        accent: topic.accent,
        narration: [
          { kind: 'title', line: script.title },
          ...script.lines.map((line) => ({ kind: 'line' as const, line })),
          { kind: 'closing', line: CLOSING_LINE[lang] },
        ],
        description: `${script.title.text} ${script.lines[0]?.text ?? ''}`.trim(),
        sources: formatSources(option.sources),
        isTldr: option.isTldr,
      };
    });
  });
}

/** Narration speed, words per minute (text2wav `speed`): slower than espeak's 175 so numbers are clear. */
export const NARRATION_WPM: Readonly<Record<'en' | 'hi', number>> = { en: 150, hi: 140 };

/** Pauses of the reel's timeline, seconds: before the first sentence, between sentences, after the last. */
export const TIMELINE_PAUSES_S = { leadIn: 0.4, gap: 0.45, tail: 1.2 } as const;

/**
 * Words per minute espeak-ng actually reaches at NARRATION_WPM (it runs
 * faster than the nominal speed on short words), measured on this library:
 * English 166-190, Hindi 147-182 (the subsidy reels, dense with numbers,
 * are the slow end).
 */
const MEASURED_WPM: Readonly<Record<'en' | 'hi', number>> = { en: 180, hi: 172 };

/**
 * A duration estimate of a reel without running the voice, seconds: spoken
 * words at the measured speed (a number counts one word more per digit
 * group, "1,08,000" is read as "one lakh eight thousand") plus the
 * timeline's pauses. Within about 15% of the rendered length; used to keep
 * scripts within 15-60 s without synthesising them.
 */
export function estimateDurationS(reel: LibraryReel): number {
  let words = 0;
  for (const { line } of reel.narration) {
    for (const w of spokenText(line).split(/\s+/).filter(Boolean)) words += 1 + (w.match(/\d,\d/g)?.length ?? 0);
  }
  const pauses = TIMELINE_PAUSES_S.leadIn + TIMELINE_PAUSES_S.tail + TIMELINE_PAUSES_S.gap * (reel.narration.length - 1);
  return (words / MEASURED_WPM[reel.voice]) * 60 + pauses;
}
