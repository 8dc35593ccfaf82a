import { remembered } from './memo';

/**
 * Devanagari to Latin for the assistant's normalisation (lib/normalize.ts):
 * a simple scheme of our own, close to how Hinglish is typed: aa, ii, uu for
 * long vowels, inherent "a" with schwa deletion. Pure functions, no I/O.
 */

const CONSONANTS: Record<string, string> = {
  'क': 'k', 'ख': 'kh', 'ग': 'g', 'घ': 'gh', 'ङ': 'n',
  'च': 'ch', 'छ': 'chh', 'ज': 'j', 'झ': 'jh', 'ञ': 'n',
  'ट': 't', 'ठ': 'th', 'ड': 'd', 'ढ': 'dh', 'ण': 'n',
  'त': 't', 'थ': 'th', 'द': 'd', 'ध': 'dh', 'न': 'n',
  'प': 'p', 'फ': 'ph', 'ब': 'b', 'भ': 'bh', 'म': 'm',
  'य': 'y', 'र': 'r', 'ल': 'l', 'व': 'v', 'श': 'sh', 'ष': 'sh', 'स': 's', 'ह': 'h', 'ळ': 'l',
};
/** Consonant + nukta (NFC keeps these decomposed: they are composition exclusions). */
const NUKTA: Record<string, string> = { 'क': 'q', 'ख': 'kh', 'ग': 'g', 'ज': 'z', 'ड': 'r', 'ढ': 'rh', 'फ': 'f', 'य': 'y' };
const VOWELS: Record<string, string> = {
  'अ': 'a', 'आ': 'aa', 'इ': 'i', 'ई': 'ii', 'उ': 'u', 'ऊ': 'uu', 'ऋ': 'ri',
  'ए': 'e', 'ऐ': 'ai', 'ओ': 'o', 'औ': 'au', 'ऑ': 'o', 'ऍ': 'e',
};
const MATRAS: Record<string, string> = {
  'ा': 'aa', 'ि': 'i', 'ी': 'ii', 'ु': 'u', 'ू': 'uu', 'ृ': 'ri',
  'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ॉ': 'o', 'ॅ': 'e',
};
const VIRAMA = '्';
const NUKTA_SIGN = '़';
const NASALS = new Set(['ं', 'ँ']);
const VISARGA = 'ः';

interface Unit { text: string; /** vowel after a consonant: 'a' inherent (deletable), '' none, else the matra */ vowel: string; inherent: boolean; consonant: boolean }

/**
 * Transliterates one Devanagari word to Latin letters, deleting the
 * inherent "a" at the end of a word and between a vowelled syllable and a
 * following vowelled consonant (कितना -> kitnaa, बिजली -> bijlii,
 * सोलर -> solar). Characters outside Devanagari pass through.
 */
export function transliterateWord(word: string): string {
  return WRITTEN(word);
}

/** Words already written in Latin letters: transliteration is pure and questions reuse the same words. */
const WRITTEN = remembered(50_000, (word) => transliterateOnce(word));

function transliterateOnce(word: string): string {
  const units: Unit[] = [];
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const last = units[units.length - 1];
    if (CONSONANTS[ch] !== undefined) {
      let text = CONSONANTS[ch]!;
      if (chars[i + 1] === NUKTA_SIGN) { text = NUKTA[ch] ?? text; i++; }
      units.push({ text, vowel: 'a', inherent: true, consonant: true });
    } else if (MATRAS[ch] !== undefined && last?.consonant) {
      last.vowel = MATRAS[ch]!; last.inherent = false;
    } else if (ch === VIRAMA && last?.consonant) {
      last.vowel = ''; last.inherent = false;
    } else if (VOWELS[ch] !== undefined) {
      units.push({ text: VOWELS[ch]!, vowel: '', inherent: false, consonant: false });
    } else if (NASALS.has(ch) || ch === VISARGA) {
      // A nasal or visarga closes the syllable: its inherent vowel is pronounced.
      if (last) last.inherent = false;
      units.push({ text: ch === VISARGA ? 'h' : 'n', vowel: '', inherent: false, consonant: false });
    } else if (ch === NUKTA_SIGN || ch === 'ऽ' || ch === '\u200d' || ch === '\u200c') {
      continue;
    } else {
      units.push({ text: ch, vowel: '', inherent: false, consonant: false });
    }
  }
  const hasVowel = (u: Unit | undefined) => !!u && (u.consonant ? u.vowel !== '' : /[aeiou]/.test(u.text));
  // Schwa deletion, right to left, so a deletion informs the syllable before it.
  const consonantCount = units.filter((u) => u.consonant).length;
  for (let i = units.length - 1; i >= 0; i--) {
    const u = units[i]!;
    if (!u.inherent) continue;
    if (i === units.length - 1) {
      if (consonantCount > 1) u.vowel = '';
      continue;
    }
    const next = units[i + 1];
    if (i > 0 && hasVowel(units[i - 1]) && next?.consonant && next.vowel !== '') u.vowel = '';
  }
  return units.map((u) => u.text + (u.consonant ? u.vowel : '')).join('');
}

/** True when the text contains Devanagari letters. */
export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u097F]/.test(text);
}
