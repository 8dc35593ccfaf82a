import { normalizeText } from './normalize';
import { placeFold } from './states';

/**
 * The query reader's cue lexicon: cue words and phrases per concept (asking
 * for a figure, subsidy, loan, generation, a building type, an assertion...)
 * as people write them in English, Hindi (Devanagari) and Hinglish, written
 * from the fact sheet's topics (docs/facts/solar-india.md). Each entry is
 * normalised at load exactly as a question is (Devanagari transliterated,
 * spelling folded), so one entry covers the scripts. `findCues` gives the
 * word positions of each cue in a question; lib/understand.ts reads intents
 * from them. Pure, no I/O.
 */

/** A concept the cue lexicon knows. */
export type Cue = 'limit' | 'subsidyWeak' | 'netWeak' | 'surplusWeak' | 'ask' | 'time' | 'special' | 'money' | 'generationWeak' | 'paybackWeak' | 'area' | 'sizeAsk' | 'generation' | 'year' | 'month' | 'day' | 'subsidy' | 'stateExtra' | 'onTop' | 'net' | 'loan' | 'ownShare'
  | 'society' | 'flat' | 'house' | 'commercial' | 'cost' | 'payback' | 'surplus' | 'bill' | 'interest' | 'free' | 'assert' | 'income' | 'receive';

/** Cue words and phrases per concept, as people write them in the three languages (any script). */
const CUES_RAW: Record<Cue, string[]> = {
  /** Words of a limit, for an asserted income cap. */
  limit: ['limit', 'cap', 'capped', 'below', 'under', 'less than', 'maximum', 'max', 'upto', 'up to', 'se kam', 'से कम', 'kam honi', 'seema', 'सीमा',
    'above', 'more than', 'over', 'se zyada', 'se jyada', 'se adhik', 'से ज़्यादा', 'से ज्यादा', 'से अधिक',
    'tak', 'तक', 'must', 'only', 'sirf', 'सिर्फ', 'keval', 'केवल'],
  /** Asking for a figure. */
  ask: ['how much', 'how many', 'kitna', 'kitni', 'kitne', 'कितना', 'कितनी', 'कितने', 'amount', 'rakam', 'raqam', 'रकम', 'रक़म', 'figure', 'calculate',
    'calculation', 'hisab', 'hisaab', 'हिसाब', 'estimate', 'total', 'kya milega', 'kya milegi', 'क्या मिलेगा', 'क्या मिलेगी', 'what is the subsidy',
    'what subsidy', 'which subsidy', 'rate', 'percentage', 'percent', 'pratishat', 'प्रतिशत'],
  /** Time words: "kitne din mein" asks when, not how much. */
  time: ['din', 'days', 'day', 'time', 'samay', 'समय', 'दिन', 'week', 'weeks', 'hafte', 'हफ्ते', 'हफ़्ते', 'mahine', 'months', 'month', 'महीने', 'saal', 'years',
    'year', 'साल', 'long', 'der', 'देर'],
  /** The special-category states as a group (fact sheet, Subsidy [5]). */
  special: ['northeast', 'north east', 'पूर्वोत्तर', 'purvottar', 'hill state', 'hill states', 'hilly', 'pahadi', 'पहाड़ी', 'special category',
    'special-category', 'vishesh shreni', 'विशेष श्रेणी', 'island', 'islands', 'special state', 'special states', 'vishesh rajya', 'विशेष राज्य',
    'विशेष राज्यों'],
  money: ['paisa', 'paise', 'पैसा', 'पैसे', 'money', 'investment', 'invest', 'nivesh', 'निवेश', 'bachat', 'बचत', 'saving', 'savings', 'save', 'bachega', 'bacha lega', 'bacha lenge', 'bachayega', 'bachenge', 'बचा लेगा', 'बचेंगे', 'बचाएगा',
    'bachegi', 'bachenge', 'बचेगा', 'बचेगी', 'बचेंगे', 'kharcha', 'खर्च',
    'खर्चा', 'cost', 'vasool', 'वसूल', 'return', 'returns', 'wapas', 'vapas', 'वापस', 'nikal', 'निकल', 'recover'],
  /** "gives": generation only when the message speaks of units or electricity ("sarkar kitna degi" is subsidy). */
  generationWeak: ['give', 'gives', 'dega', 'degi', 'deta', 'deti', 'देगा', 'देगी', 'देता', 'देती'],
  /** "In how many years": payback only next to money words (an inverter's life is not a payback). */
  paybackWeak: ['kitne saal mein', 'kitne saal me', 'कितने साल में', 'how many years', 'how long', 'worth it', 'faydemand', 'फायदेमंद'],
  area: ['area', 'space', 'jagah', 'jagha', 'जगह', 'sqft', 'square', 'स्क्वायर', 'वर्ग', 'sq ft', 'square feet', 'sqm', 'square metre', 'square meter', 'वर्ग फुट', 'वर्ग मीटर',
    'how big a roof', 'how big roof', 'how much roof', 'roof size', 'size of roof', 'roof area', 'kitni chhat', 'kitni badi chhat', 'कितनी छत', 'कितनी बड़ी छत',
    'chhat chahiye', 'छत चाहिए', 'roof needed', 'roof do i need', 'roof required', 'roof will', 'sthan', 'स्थान'],
  sizeAsk: ['how many kw', 'how many kilowatt', 'kitne kw', 'kitna kw', 'कितने kw', 'कितने किलोवाट', 'कितना किलोवाट', 'what size', 'which size', 'size',
    'capacity', 'kshamata', 'क्षमता', 'साइज', 'kaun sa system', 'कौन सा सिस्टम', 'how big a system', 'how big system', 'kitna bada system', 'कितना बड़ा सिस्टम',
    'fit', 'fits', 'lag sakta', 'lag sakte', 'laga sakte', 'laga sakta', 'लग सकता', 'लगा सकते', 'लग सकते', 'install kar sakte'],
  generation: ['generate', 'generates', 'generation', 'produce', 'produces', 'production', 'make', 'makes', 'banata', 'banati', 'banayega',
    'banaega', 'banega', 'banenge', 'बनाता', 'बनाएगा', 'बनेगा', 'बनेंगे', 'बनाती', 'utpadan', 'उत्पादन', 'output', 'paida', 'पैदा',
    'how many units', 'kitne unit', 'kitni unit', 'कितने यूनिट', 'कितनी यूनिट', 'kitni bijli', 'कितनी बिजली'],
  year: ['year', 'yearly', 'annual', 'annually', 'a year', 'per year', 'yr', 'yrs', 'per yr', 'per annum', 'saal', 'sal', 'साल', 'varsh', 'वर्ष', 'salana', 'सालाना', 'varshik', 'वार्षिक'],
  month: ['month', 'monthly', 'mahina', 'mahine', 'महीना', 'महीने', 'masik', 'मासिक'],
  day: ['day', 'daily', 'din', 'roz', 'roj', 'दिन', 'रोज़', 'रोज', 'pratidin', 'प्रतिदिन', 'rozana', 'rojana', 'रोज़ाना', 'रोजाना', 'रोज़ाना', 'a day', 'per day'],
  subsidy: ['subsidy', 'subsidies', 'sabsidi', 'सब्सिडी', 'anudan', 'अनुदान', 'cfa', 'central financial assistance', 'grant', 'sarkari madad', 'सरकारी मदद'],
  /** "How much will the government (the centre) give": a subsidy only when a figure is asked. */
  subsidyWeak: ['sarkar', 'sarkaar', 'सरकार', 'government', 'govt', 'sarkari', 'सरकारी', 'centre', 'center', 'central', 'kendra', 'केंद्र', 'केन्द्र'],
  stateExtra: ['state subsidy', 'state ki subsidy', 'state top up', 'top up', 'topup', 'top-up', 'extra subsidy', 'additional subsidy', 'additional',
    'atirikt', 'अतिरिक्त', 'rajya', 'राज्य', 'state government', 'state govt', 'rajya sarkar', 'राज्य सरकार', 'state se', 'state bhi',
    'on top of', 'on top', 'over and above', 'upar se', 'alag se', 'अलग से', 'ऊपर से'],
  /** Something given beside the central subsidy: with a state named, a question about its top-up even without "subsidy". */
  onTop: ['on top of', 'on top', 'over and above', 'upar se', 'alag se', 'अलग से', 'ऊपर से', 'extra', 'additional', 'atirikt', 'अतिरिक्त', 'top up',
    'topup', 'top-up', 'state se', 'rajya se', 'राज्य से', 'state bhi', 'rajya bhi', 'राज्य भी', 'from the state', 'state government', 'rajya sarkar', 'राज्य सरकार'],
  net: ['net cost', 'effective cost', 'final cost', 'actual cost', 'out of pocket', 'from my pocket', 'jeb se', 'जेब से', 'net price', 'minus subsidy',
    'left to pay', 'left for me to pay', 'left for us to pay', 'whats left', 'what is left', 'remaining amount', 'baaki paisa', 'baki paisa', 'बाकी पैसा',
    'less subsidy', 'after central and state'],
  /** "After subsidy": the net cost when a size, a quote or a figure is asked ("pay in full or after subsidy?" asks when to pay). */
  netWeak: ['after subsidy', 'subsidy ke baad', 'subsidy ke bad', 'सब्सिडी के बाद', 'dena padega', 'देना पड़ेगा', 'pay after', 'subsidy kaat ke',
    'subsidy ghata ke', 'subsidy hata ke', 'सब्सिडी घटाकर', 'सब्सिडी काटकर', 'after the subsidy', 'after state subsidy', 'after central subsidy', 'deducted', 'deduct',
    'deducting', 'net kitna', 'net kitni', 'net kya', 'नेट कितना', 'नेट कितनी', 'नेट क्या', 'net how much', 'how much net'],
  loan: ['loan', 'लोन', 'emi', 'karz', 'karza', 'कर्ज', 'कर्ज़', 'sbi'],
  ownShare: ['margin', 'own share', 'own contribution', 'down payment', 'downpayment', 'apna hissa', 'अपना हिस्सा', 'khud ka', 'खुद का', 'khud ko',
    'self contribution', 'margin money', 'my share', 'mera hissa', 'मेरा हिस्सा', 'apni jeb', 'अपनी जेब', 'how much will the bank', 'bank kitna'],
  society: ['housing society', 'society', 'societies', 'सोसाइटी', 'सोसायटी', 'rwa', 'ghs', 'group housing', 'resident welfare', 'residents welfare',
    'apartment complex', 'common area', 'common facilities', 'common facility', 'common load', 'common', 'कॉमन'],
  flat: ['flat', 'apartment', 'फ्लैट', 'अपार्टमेंट'],
  house: ['house', 'home', 'ghar', 'घर', 'makan', 'मकान', 'bungalow', 'kothi', 'कोठी'],
  commercial: ['shop', 'office', 'factory', 'dukan', 'dukaan', 'दुकान', 'ऑफिस', 'फैक्ट्री', 'commercial', 'business', 'godown', 'warehouse'],
  cost: ['cost', 'costs', 'price', 'kharcha', 'kharch', 'खर्च', 'खर्चा', 'daam', 'दाम', 'keemat', 'kimat', 'कीमत', 'lagat', 'लागत', 'kitne ka', 'कितने का',
    'how much does', 'how much is a', 'budget', 'expensive', 'mehenga', 'महंगा', 'rate'],
  payback: ['payback', 'pay back', 'pays back', 'recover', 'recovery', 'vasool', 'vasul', 'वसूल', 'break even', 'breakeven', 'return on investment', 'roi',
    'paisa wapas', 'paisa vapas', 'पैसा वापस'],
  surplus: ['surplus', 'excess', 'extra units', 'extra unit', 'leftover', 'left over', 'bachi', 'bache', 'बची', 'बचे', 'year end', 'end of the year',
    'saal ke ant', 'साल के अंत', 'carry forward', 'carried forward', 'sell to grid', 'sell back', 'grid ko bech', 'ग्रिड को बेच', 'unused units'],
  /** Export and settlement words: surplus only when the message speaks of units or electricity. */
  surplusWeak: ['export', 'exported', 'exports', 'settlement', 'settle', 'settled'],
  bill: ['bill', 'बिल'],
  interest: ['interest', 'byaj', 'byaaj', 'ब्याज', 'interest rate', 'rate of interest', 'repo rate', 'repo', 'रेपो'],
  free: ['free', 'muft', 'मुफ्त', 'मुफ़्त', 'फ्री'],
  /** Getting money: with a size or a place, what a home gets is its subsidy ("Manipur gets 78k", "2kw pe 78000 milta hai"). */
  receive: ['get', 'gets', 'milta', 'milti', 'milte', 'milega', 'milegi', 'milenge', 'मिलता', 'मिलती', 'मिलते', 'मिलेगा', 'मिलेगी', 'मिलेंगे'],
  assert: ['right', 'correct', 'true', 'yes', 'told', 'was told', 'i was told', 'is it true', 'confirm', 'sach', 'sahi', 'सच', 'सही', 'heard', 'suna', 'सुना', 'told me', 'says', 'said', 'bola', 'bataya',
    'बताया', 'kaha', 'कहा', 'claims', 'na', 'ना', 'न', 'naa', 'hai na', 'है ना', 'isn t it', 'guaranteed', 'pakka',
    // Words put in the assistant's mouth state the figure too ("tell me the subsidy is Rs 1.5 lakh").
    'tell me that', 'tell me the', 'say that', 'say the', 'write that', 'confirm that', 'likh ke do', 'likhkar do', 'bolo ki', 'kaho ki', 'लिखकर दो', 'कहो कि', 'बोलो कि'],
  income: ['income', 'salary', 'aay', 'आय', 'kamai', 'कमाई', 'तनख्वाह', 'tankhwah'],
};

/**
 * Folded token form of a text, for cue matching: `normalizeText` then the light
 * `placeFold` (retrieval's fold would make "lagate" (they install) meet
 * "lagat" (cost)); cue lists therefore spell out the inflections they mean.
 */
export function cueTokens(text: string): string[] {
  return normalizeText(text).split(' ').filter(Boolean).map(placeFold);
}

let cueTable: Map<string, Array<{ words: string[]; cue: Cue }>> | undefined;
function cues(): Map<string, Array<{ words: string[]; cue: Cue }>> {
  if (cueTable) return cueTable;
  const m = new Map<string, Array<{ words: string[]; cue: Cue }>>();
  for (const [cue, list] of Object.entries(CUES_RAW) as Array<[Cue, string[]]>) {
    for (const raw of list) {
      const words = cueTokens(raw);
      if (!words.length) continue;
      const l = m.get(words[0]!) ?? [];
      l.push({ words, cue });
      m.set(words[0]!, l);
    }
  }
  for (const l of m.values()) l.sort((a, b) => b.words.length - a.words.length);
  cueTable = m;
  return m;
}

/** Cue words of at least this many letters also match a word one typing slip away ("genration", "subsidyy"). */
const FUZZY_MIN_LENGTH = 7;

/**
 * True when `a` and `b` differ by one typing slip: one letter dropped,
 * added or changed, or two neighbours swapped (Damerau-Levenshtein 1).
 */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

let longCueWords: string[] | undefined;
/** The cue list a word one slip from a long one-word cue has (`undefined` when none, or when two cues are that near). */
function fuzzyCues(word: string): Array<{ words: string[]; cue: Cue }> | undefined {
  if (word.length < FUZZY_MIN_LENGTH - 1 || /\d/.test(word)) return undefined;
  const t = cues();
  longCueWords ??= [...t.keys()].filter((k) => k.length >= FUZZY_MIN_LENGTH && /^[a-z]+$/.test(k));
  const near = longCueWords.filter((k) => k[0] === word[0] && oneSlipApart(k, word));
  return near.length === 1 ? t.get(near[0]!)!.filter((e) => e.words.length === 1) : undefined;
}

/** Positions (word index) of each cue in the text: every phrase that matches at a position counts ("how many units" is generation, "how many" an ask). */
export function findCues(tokens: string[]): Map<Cue, number[]> {
  const found = new Map<Cue, number[]>();
  const t = cues();
  for (let i = 0; i < tokens.length; i++) {
    const list = t.get(tokens[i]!) ?? fuzzyCues(tokens[i]!);
    if (!list) continue;
    for (const e of list) {
      if (!e.words.every((w, j) => j === 0 || tokens[i + j] === w)) continue;
      const at = found.get(e.cue) ?? [];
      at.push(i);
      found.set(e.cue, at);
    }
  }
  return found;
}

/** The first word position of any of the cues `cs` in `found`, or undefined when none occurs. */
export const firstAt = (found: Map<Cue, number[]>, ...cs: Cue[]) => {
  const ps = cs.flatMap((c) => found.get(c) ?? []);
  return ps.length ? Math.min(...ps) : undefined;
};
