import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETRIEVAL_LEXICON } from '../server/retrieve';
import { STATE_ALIASES } from './calculator';
import { genericFold, LEXICON, normalizeUnits } from './normalize';
import { hasDevanagari, transliterateWord } from './transliterate';

/**
 * Lexicon audit. Every word of the normaliser's word lists (lib/normalize.ts),
 * the retriever's (server/retrieve.ts) and the calculator's state names
 * (lib/calculator.ts) must occur in the question bank (a question, an
 * alternate or an answer, in any of the three languages), as written or in
 * a form of it (an inflection, or two bank words written as one), or be
 * allowed below with its reason. A word that only evaluation questions or
 * tests use must not steer retrieval: such words are removed, not allowed.
 */

const BANK_DIR = path.resolve(import.meta.dirname, '../data/bank');

/** A text as comparable words: units written one way, Devanagari transliterated, spelling folded (no variant table, no concepts). */
function words(text: string): string[] {
  return (normalizeUnits(text).match(/\d+(?:\.\d+)?|[a-z\u0900-\u0963\u0971-\u097F\u200c\u200d]+/g) ?? [])
    .map((w) => genericFold(hasDevanagari(w) ? transliterateWord(w) : w));
}

/** Endings of inflection (English plural, tense, adjective; Hindi/Hinglish oblique and plural) after folding. */
const ENDINGS = ['ies', 'ing', 'ed', 'es', 's', 'al', 'ly', 'er', 'ers', 'on', 'en', 'yan', 'yon', 'o', 'e', 'i', 'a', 'n', 'd'];
const stems = (w: string) => new Set([w, ...ENDINGS.filter((e) => w.endsWith(e) && w.length - e.length >= 4).map((e) => w.slice(0, -e.length))]);

const bankTexts: string[][] = [];
for (const lang of fs.readdirSync(BANK_DIR)) {
  for (const f of fs.readdirSync(path.join(BANK_DIR, lang))) {
    const entries = JSON.parse(fs.readFileSync(path.join(BANK_DIR, lang, f), 'utf8')) as Array<{ question: string; alternates?: string[]; answer: string }>;
    for (const e of entries) for (const t of [e.question, ...(e.alternates ?? []), e.answer]) bankTexts.push(words(t));
  }
}

/** 'exact': the bank writes the term's words in a row; 'form': an inflection of them, or the term is two bank words run together. */
function inBank(term: string): 'exact' | 'form' | null {
  const w = words(term);
  if (w.length === 0) return null;
  const runs = (match: (bank: string, mine: string) => boolean) =>
    bankTexts.some((t) => t.some((_, i) => w.every((x, j) => t[i + j] !== undefined && match(t[i + j]!, x))));
  if (runs((b, x) => b === x)) return 'exact';
  if (runs((b, x) => [...stems(b)].some((s) => stems(x).has(s)))) return 'form';
  if (w.length === 1) {
    const raw = term.toLowerCase();
    for (let k = 1; k < raw.length; k++) {
      const [a, b] = [words(raw.slice(0, k))[0], words(raw.slice(k))[0]];
      if (a && b && bankTexts.some((t) => t.some((x, i) => x === a && t[i + 1] === b))) return 'form';
    }
  }
  return null;
}

/** Edit distance, for checking that a spelling variant is close to the bank word it spells. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length]![b.length]!;
}

const LISTS: Record<string, string[]> = {
  ...LEXICON,
  ...RETRIEVAL_LEXICON,
  stateNames: STATE_ALIASES.flatMap(([, aliases]) => aliases),
};

/** Whole lists allowed as closed classes of the languages or of geography, not as topic words. */
const CLOSED_CLASSES: Record<string, string> = {
  numberWords: 'number words of the three languages, read as digits only before a unit ("teen kW")',
  unitAfter: 'unit nouns after which a number word is a number ("do saal", "दो वर्ष")',
  phrasalUp: 'English verbs whose "up" is a particle ("set up"), so "up" is not read as Uttar Pradesh',
  stopwords: 'function words, greetings and forms of address: dropped, never matched',
  stateNames: 'names of India\'s states and UTs: the calculator looks up the state\'s subsidy rule',
};

/** Single words and phrases the bank does not write, each with its reason. */
type Allowance = { spellingOf: string } | { reason: string };
const ALLOWED: Record<string, Record<string, Allowance>> = {
  phrases: {
    'up till': { reason: 'like the bank\'s "up to", keeps "up" in "up till 3 kW" from reading as Uttar Pradesh' },
    'u p': { spellingOf: 'up' }, // "U.P." with its dots dropped; the bank writes "UP solar subsidy"
    'north eastern': { spellingOf: 'north east' },
    'phone nahi uthata': { spellingOf: 'phone nahi utha' },
    'कितने का पड़ता': { spellingOf: 'kitne ka padta' },
  },
  variants: {
    sbsidi: { spellingOf: 'subsidy' }, subsady: { spellingOf: 'subsidy' }, subcidy: { spellingOf: 'subsidy' },
    gher: { spellingOf: 'ghar' }, ghr: { spellingOf: 'ghar' }, bijali: { spellingOf: 'bijli' },
    soler: { spellingOf: 'solar' }, solr: { spellingOf: 'solar' }, panal: { spellingOf: 'panel' }, paenal: { spellingOf: 'panel' },
    invertor: { spellingOf: 'inverter' }, invarter: { spellingOf: 'inverter' }, batri: { spellingOf: 'battery' },
    meater: { spellingOf: 'meter' }, miter: { spellingOf: 'meter' }, metar: { spellingOf: 'meter' },
    paison: { spellingOf: 'paisa' }, chaiye: { spellingOf: 'chahiye' }, kyo: { spellingOf: 'kyon' },
    gaurantee: { spellingOf: 'guarantee' }, goverment: { spellingOf: 'government' }, mahena: { spellingOf: 'mahina' },
    gread: { spellingOf: 'grid' }, mufat: { spellingOf: 'muft' }, muphat: { spellingOf: 'muft' },
  },
  concepts: {
    kagazat: { spellingOf: 'kagzat' }, 'सैलरी': { spellingOf: 'salary' },
    kampani: { spellingOf: 'company' }, kampni: { spellingOf: 'company' }, 'कम्पनी': { spellingOf: 'कंपनी' }, 'डीलर': { spellingOf: 'dealer' },
    'लाइफ': { spellingOf: 'life' }, gher: { spellingOf: 'ghar' }, mufat: { spellingOf: 'muft' }, batri: { spellingOf: 'battery' },
    jagha: { spellingOf: 'jagah' }, kshamata: { spellingOf: 'क्षमता' }, metre: { spellingOf: 'meter' }, 'किराए': { spellingOf: 'किराये' },
    kharpat: { spellingOf: 'khapat' }, kyo: { spellingOf: 'kyon' }, rumor: { spellingOf: 'rumours' }, rumors: { spellingOf: 'rumours' },
    galatfahmi: { spellingOf: 'galatfehmiyan' }, galatfehmi: { spellingOf: 'galatfehmiyan' },
    'गलतफहमी': { spellingOf: 'गलतफ़हमियाँ' }, 'गलतफ़हमी': { spellingOf: 'गलतफ़हमियाँ' },
    dubara: { spellingOf: 'dobara' }, doobara: { spellingOf: 'dobara' }, 'दुबारा': { spellingOf: 'दोबारा' }, intjar: { spellingOf: 'intezaar' },
    ruku: { spellingOf: 'ruk' }, rukun: { spellingOf: 'ruk' }, 'रुकूँ': { spellingOf: 'रुक' }, 'रुकूं': { spellingOf: 'रुक' },
    rises: { spellingOf: 'rise' }, badhenge: { spellingOf: 'badhega' },
    'लुमिनस': { spellingOf: 'luminous' }, 'माइक्रोटेक': { spellingOf: 'microtek' }, gav: { spellingOf: 'gaon' },
    dhokhadhadi: { spellingOf: 'धोखाधड़ी' }, center: { spellingOf: 'centre' }, 'इंपोर्टेड': { spellingOf: 'इम्पोर्टेड' }, acs: { spellingOf: 'ac' },
    unresponsive: { reason: 'the word the phrase table writes for the bank\'s "not responding" and "phone nahi utha"' },
    manage: { reason: 'the word the phrase table writes for the bank\'s "in charge"' },
  },
  domain: {
    'एसबीआई': { spellingOf: 'sbi' },
  },
};

describe('lexicon audit', () => {
  it('has no word that the bank does not use, in some form, unless allowed with a reason', () => {
    const unjustified: string[] = [];
    for (const [list, terms] of Object.entries(LISTS)) {
      if (CLOSED_CLASSES[list]) continue;
      for (const term of new Set(terms)) if (!inBank(term) && !ALLOWED[list]?.[term]) unjustified.push(`${list}: ${term}`);
    }
    expect(unjustified, 'lexicon words no bank entry uses: remove them, or allow a spelling variant with its bank word').toEqual([]);
  });

  it('allows only words that are in the lexicon and not in the bank, each spelling a bank word it is close to', () => {
    const wrong: string[] = [];
    for (const [list, allowed] of Object.entries(ALLOWED)) {
      for (const [term, why] of Object.entries(allowed)) {
        if (!LISTS[list]?.includes(term)) wrong.push(`${list}: ${term} is not in the list`);
        else if (inBank(term)) wrong.push(`${list}: ${term} is in the bank, no allowance needed`);
        if ('spellingOf' in why) {
          if (inBank(why.spellingOf) !== 'exact') wrong.push(`${list}: ${term} spells "${why.spellingOf}", which the bank does not write`);
          const [a, b] = [words(term).join(' '), words(why.spellingOf).join(' ')];
          if (distance(a, b) > Math.max(2, Math.ceil(0.4 * Math.max(a.length, b.length)))) wrong.push(`${list}: ${term} (${a}) is not close to "${why.spellingOf}" (${b})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('covers every list with a closed-class reason or the word-by-word check', () => {
    for (const list of Object.keys(CLOSED_CLASSES)) expect(LISTS[list], list).toBeDefined();
    for (const list of Object.keys(ALLOWED)) expect(LISTS[list], list).toBeDefined();
  });
});
