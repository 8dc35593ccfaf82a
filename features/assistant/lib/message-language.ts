import type { ChatLanguage } from '../schemas';

/**
 * The language a chat message is written in, when it clearly differs from
 * the chat's chosen one: "subsidy kitna milega 3kW pe?" typed while English
 * is chosen is answered in Hinglish; a message in Devanagari in Hindi. Read
 * from the script (Devanagari or Latin letters) and, for Latin text, from
 * function words: the small grammatical words of Hindi written in Latin
 * letters ("hai", "kitna", "milegi", "ke liye") against those of English
 * ("the", "is", "how", "will"), the usual way to tell languages apart in
 * short texts. Domain words (subsidy, kW, solar) belong to both and count
 * for neither. Without clear evidence the chosen language stays. Pure.
 */

/** Hindi function words and common verbs as typed in Latin letters (none of them an English word). */
const HINGLISH = new Set(('hai hain hota hoti hote hoga hogi honge tha thi kya kitna kitni kitne kaise kaisa kaisi kab kahan kahaan kaun kaunsa kaunse '
  + 'kaunsi konsa konse kyun kyon kyu mein mai pe ka ki ke ko se milega milegi milenge milta milti chahiye chaiye karna karni karne karein '
  + 'karo kar lagega lagegi lagwana lagwane lagana nahi nahin nhi aur agar toh hum humko humein mujhe mera meri mere hamara hamari hamare '
  + 'apna apni apne batao bataiye bataye batayein wala wali wale liye bhi sakta sakti sakte raha rahi rahe yeh ye woh isme usme iske uske '
  + 'iska uska kuch bahut jyada zyada abhi bijli chhat ghar paisa paise saal mahina mahine hoon hu ji bhai').split(' '));
/** English function words (none of them a Hindi word in Latin letters). */
const ENGLISH = new Set(('the is are was were what how much many will would can could should do does did my your our we you they '
  + 'for of with get need and or if which when where why who there this that it be have has an i me to in on at from about').split(' '));

/** Devanagari letters and Latin letters of a text. */
function scripts(text: string): { devanagari: number; latin: number } {
  let devanagari = 0;
  let latin = 0;
  for (const ch of text) {
    if (/[\u0900-\u097F]/.test(ch)) devanagari++;
    else if (/[A-Za-z]/.test(ch)) latin++;
  }
  return { devanagari, latin };
}

/**
 * The language to answer `text` in: `chosen`, unless the message is clearly
 * in another of the three (mostly Devanagari letters: Hindi; Latin letters
 * with two or more Hinglish function words and more of them than English
 * ones: Hinglish; Latin letters with three or more English function words
 * and no Hinglish one: English; Latin text while Hindi is chosen: Hinglish
 * with any Hinglish word, else English with two English words).
 */
export function messageLanguage(text: string, chosen: ChatLanguage): ChatLanguage {
  const { devanagari, latin } = scripts(text.normalize('NFC'));
  const letters = devanagari + latin;
  if (letters === 0) return chosen;
  if (devanagari / letters >= 0.6) return 'hindi';
  if (latin / letters < 0.9) return chosen;
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  const h = words.filter((w) => HINGLISH.has(w)).length;
  const e = words.filter((w) => ENGLISH.has(w)).length;
  if (chosen === 'hindi') return h >= 1 ? 'hinglish' : e >= 2 ? 'english' : chosen;
  if (chosen === 'english' && h >= 2 && h > e) return 'hinglish';
  if (chosen === 'hinglish' && e >= 3 && h === 0) return 'english';
  return chosen;
}
