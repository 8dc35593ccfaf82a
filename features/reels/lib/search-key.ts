import Sanscript from '@indic-transliteration/sanscript';

/**
 * The search's loose keys (docs/decisions/031-search.md): people write the
 * same word in English, in Hindi (Devanagari) or in Hinglish (Hindi in Latin
 * letters, spelt freely), and with typos. Every word of a reel, a topic or a
 * query becomes one key in a common Latin form, so that "subsidy",
 * "sabsidi" and "सब्सिडी" all become `sbsd`, and "net metering",
 * "net metring" and "नेट मीटरिंग" become `nt mtrng`. Keys that still differ
 * (a consonant typo) meet through trigram similarity in the database.
 *
 * Steps, each a rule of how the scripts are written, never a list of words:
 * 1. Devanagari is transliterated to Latin by Sanscript's OPTITRANS scheme
 *    (@indic-transliteration/sanscript, the indic-transliteration project's
 *    library); the nukta is dropped first (ज़ as ज, फ़ as फ: many people
 *    write Hindi without it), anusvara and candrabindu become "n".
 * 2. Latin letters are folded to a consonant skeleton in the manner of
 *    Soundex and Metaphone: vowels carry the least reliable information
 *    across the scripts (vowel length, the inherent "a" that Hindi drops or
 *    keeps, English spelling of an Indian vowel), so a word keeps only its
 *    consonants and whether it begins with a vowel. Aspiration is dropped
 *    (kh, gh, bh, dh, th as k, g, b, d, t; ph as f), sounds written two ways
 *    fold to one (c as k or s, q as k, x as ks, z as j, w as v), "ti" before
 *    a vowel is "sh" (connection), an initial "yu" is "u" (यूनिट, unit),
 *    "y" is a consonant only before a, e, o or u, and doubled letters count once.
 *    An English plural "s" after a consonant is dropped first (units, unit).
 * Numbers stay as written. Pure functions, no I/O.
 */

const DEVANAGARI = /[\u0900-\u097F]/;
const NUKTA = /\u093C/g;
/** Words: letters with their marks, or digits. Hyphens, punctuation and spaces separate. */
const WORD = /[\p{L}\p{M}]+|\p{N}+/gu;

/**
 * Devanagari `word` in Latin letters (Sanscript OPTITRANS, lower-cased),
 * with nukta dropped and nasal signs as "n"; any other word as it is.
 */
export function toLatin(word: string): string {
  if (!DEVANAGARI.test(word)) return word;
  const latin = Sanscript.t(word.replace(NUKTA, ''), 'devanagari', 'optitrans');
  // OPTITRANS: M anusvara, .N candrabindu, ~n ña, H visarga, .a avagraha; the case marks retroflex and long vowels.
  return latin.replace(/\.N|M|~n/g, 'n').replace(/\.a|\./g, '').toLowerCase();
}

const VOWEL = /[aeiou]/;

/**
 * An English plural's singular: a final "s" after a consonant other than
 * "s" goes ("units", "panels" -> "unit", "panel"; "gross", "bus" stay).
 * Hindi has no such ending, so a transliterated word never carries one.
 */
function singular(word: string): string {
  return word.length >= 4 ? word.replace(/(?<=[b-df-hj-np-rtv-z])s$/, '') : word;
}

/**
 * The consonant skeleton of one Latin word (see the module comment), e.g.
 * "subsidy", "sabsidi", "sabsidee" -> "sbsd"; "inverter", "invartar" ->
 * "anvrtr". A number stays as it is; a word of vowels only is "a".
 */
export function skeleton(word: string): string {
  let s = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');
  if (s === '' || /^\d+$/.test(s)) return s;
  s = s
    .replace(/^yu/, 'u')
    .replace(/(?<=.)ti(?=[aou])/g, 'sh')
    .replace(/ph/g, 'f')
    .replace(/chh?/g, 'C')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/C/g, 'c')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    // Aspiration and the second letter of sh, th, gh, ...: an "h" after a consonant.
    .replace(/(?<=[bcdfgjklmnprstv])h/g, '')
    // "y" before a, e, o, u is a consonant (yojana, surya, zyada); elsewhere a vowel (hybrid, subsidy, applying).
    .replace(/y(?![aeou])/g, 'i');
  const first = VOWEL.test(s[0]!) ? 'a' : '';
  const consonants = s.replace(/[aeiou]/g, '').replace(/(.)\1+/g, '$1');
  return first + consonants || 'a';
}

/** The skeletons of `text`'s words, in order (a word may repeat). Digits and letters of "3kw" are two words. */
export function searchWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.normalize('NFC').match(WORD) ?? []) {
    // Devanagari digits: Sanscript writes them as ASCII digits.
    const latin = DEVANAGARI.test(raw) ? toLatin(raw) : singular(raw.toLowerCase());
    for (const part of latin.match(/[a-z]+|\d+/g) ?? []) {
      const k = skeleton(part);
      if (k) out.push(k);
    }
  }
  return out;
}

/** A query's words as the search uses them: the distinct skeletons, first `max` of them, and whether the last is still being typed. */
export interface QueryWords {
  words: string[];
  /** True when the query does not end in a space or punctuation: its last word may be the start of a longer one (typeahead). */
  lastIsPrefix: boolean;
}

/**
 * The words of a search query (`searchWords`), each once, at most `max`.
 * @param max most words kept (a longer query adds nothing but work), default 8.
 */
export function queryWords(q: string, max = 8): QueryWords {
  const words = [...new Set(searchWords(q))].slice(0, max);
  return { words, lastIsPrefix: /[\p{L}\p{M}\p{N}]$/u.test(q) };
}
