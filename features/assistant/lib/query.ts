import type { ChatLanguage } from '../schemas';
import { centralSubsidy, costRange, formatRupees, paybackRange, stateTopUp, systemSizeFromUnits, YEARLY_SAVING_300_UNITS } from './calculator';
import { isDomainToken, normalizeText, tokenize } from './normalize';
import { M2_PER_SQFT, readQuantities, type QuestionQuantities } from './quantities';
import { placeFold, readPlaces, SPECIAL_CATEGORY_STATES, stateName, type StateKey, type StateMatch } from './states';

/**
 * Query understanding: what a question asks (its intents, in the order it
 * asks them) and what it carries (kW, units, roof area, rupee amounts with
 * their role, state or city, building type, figures it asserts), read the
 * same in English, Hindi (Devanagari) and Hinglish. `computeIntent` works
 * out the number an intent asks for from the fact sheet's rules
 * (docs/facts/solar-india.md), with a one-line working and the rule's
 * source, or returns null when the sheet does not determine it. Pure, no I/O.
 *
 * The cue words below are this module's lexicon: written from the fact
 * sheet's topics and how people ask about them in the three languages,
 * normalised at load exactly as a question is (Devanagari transliterated,
 * spelling folded), so one entry covers the scripts.
 */

/** What a question can ask that the calculator or retrieval serves. */
export type Intent =
  /** Roof area needed for N kW (Solar Panel [25]). */
  | 'area_for_kw'
  /** kW that fit a given roof area (Solar Panel [25]). */
  | 'kw_for_area'
  /** Units a year from N kW (Solar Panel [26]). */
  | 'yearly_units'
  /** Units a month from N kW (System Size [42]). */
  | 'monthly_units'
  /** Units a day from N kW (Solar Panel [25]). */
  | 'daily_units'
  /** System size for a use in units (System Size [42]). */
  | 'size_for_units'
  /** System size for a bill in rupees (needs the tariff: not determined by the sheet). */
  | 'size_for_bill'
  /** Central subsidy (Subsidy [1][5][30]), special-category rates where the state is one. */
  | 'subsidy'
  /** A state's own top-up (Subsidy [32]-[37]). */
  | 'state_subsidy'
  /** What is left to pay on a quote after central and state subsidy. */
  | 'net_cost'
  /** Own share and loan on a quote under SBI's margin rule (Buying Solar [10]). */
  | 'loan_split'
  /** Loan terms for a size (Buying Solar [10]). */
  | 'loan_terms'
  /** A housing society's subsidy for common load (Subsidy [30][31]). */
  | 'society_subsidy'
  /** Cost before subsidy, a vendor estimate (System Cost [38]-[40]). */
  | 'cost'
  /** Payback years, an estimate (System Cost [41], Benefits [2]). */
  | 'payback'
  /** What happens to surplus units at the year's end (System Size [44]): retrieval, no number. */
  | 'surplus_settlement';

/** Building the question is about. */
export type Building = 'house' | 'flat' | 'society' | 'commercial';

/** A figure the message asserts about the scheme ("subsidy is Rs 1 lakh for 3 kW, right?"). */
export interface Claim {
  what: 'subsidy' | 'subsidy_percent' | 'interest' | 'free_units' | 'loan_cap' | 'income_cap';
  value: number;
  /** The size the figure was said for, when given. */
  kw?: number;
}

/** What one message asks and carries: its quantities (readQuantities) plus intents, places, building and claims. */
export interface Understanding extends QuestionQuantities {
  /** Intents in the order the message asks them (no repeats). */
  intents: Intent[];
  /** The first state or UT named (or reached through a city), or null. */
  state: StateMatch | null;
  /** Every state named, in order (a message may compare two). */
  states: StateMatch[];
  /** A place named that is not a recognised state, UT or city of India ("UK", "Atlantis state"); never guessed. */
  unknownStateText?: string;
  building?: Building;
  /** Figures the message asserts. */
  claims: Claim[];
  /** True when the message speaks of the special-category states as a group ("North-East", "hill states") and names no state. */
  specialGroup?: boolean;
}

// ---------------------------------------------------------------------------
// Cue lexicon

type Cue = 'limit' | 'subsidyWeak' | 'netWeak' | 'surplusWeak' | 'ask' | 'time' | 'special' | 'money' | 'generationWeak' | 'paybackWeak' | 'area' | 'sizeAsk' | 'generation' | 'year' | 'month' | 'day' | 'subsidy' | 'stateExtra' | 'onTop' | 'net' | 'loan' | 'ownShare'
  | 'society' | 'flat' | 'house' | 'commercial' | 'cost' | 'payback' | 'surplus' | 'bill' | 'interest' | 'free' | 'assert' | 'income';

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
  money: ['paisa', 'paise', 'पैसा', 'पैसे', 'money', 'investment', 'invest', 'nivesh', 'निवेश', 'bachat', 'बचत', 'saving', 'savings', 'save', 'bachega',
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
  year: ['year', 'yearly', 'annual', 'annually', 'a year', 'per year', 'saal', 'sal', 'साल', 'varsh', 'वर्ष', 'salana', 'सालाना', 'varshik', 'वार्षिक'],
  month: ['month', 'monthly', 'mahina', 'mahine', 'महीना', 'महीने', 'masik', 'मासिक'],
  day: ['day', 'daily', 'din', 'roz', 'roj', 'दिन', 'रोज़', 'रोज', 'pratidin', 'प्रतिदिन', 'rozana', 'rojana', 'रोज़ाना', 'रोजाना', 'रोज़ाना', 'a day', 'per day'],
  subsidy: ['subsidy', 'subsidies', 'sabsidi', 'सब्सिडी', 'anudan', 'अनुदान', 'cfa', 'central financial assistance', 'grant', 'sarkari madad', 'सरकारी मदद'],
  /** "How much will the government give": a subsidy only when a figure is asked. */
  subsidyWeak: ['sarkar', 'sarkaar', 'सरकार', 'government', 'govt', 'sarkari', 'सरकारी'],
  stateExtra: ['state subsidy', 'state ki subsidy', 'state top up', 'top up', 'topup', 'top-up', 'extra subsidy', 'additional subsidy', 'additional',
    'atirikt', 'अतिरिक्त', 'rajya', 'राज्य', 'state government', 'state govt', 'rajya sarkar', 'राज्य सरकार', 'state se', 'state bhi',
    'on top of', 'on top', 'over and above', 'upar se', 'alag se', 'अलग से', 'ऊपर से'],
  /** Something given beside the central subsidy: with a state named, a question about its top-up even without "subsidy". */
  onTop: ['on top of', 'on top', 'over and above', 'upar se', 'alag se', 'अलग से', 'ऊपर से', 'extra', 'additional', 'atirikt', 'अतिरिक्त', 'top up',
    'topup', 'top-up', 'state se', 'rajya se', 'राज्य से', 'state bhi', 'rajya bhi', 'राज्य भी', 'from the state', 'state government', 'rajya sarkar', 'राज्य सरकार'],
  net: ['net cost', 'effective cost', 'final cost', 'actual cost', 'out of pocket', 'from my pocket', 'jeb se', 'जेब से', 'net price', 'minus subsidy',
    'less subsidy', 'after central and state'],
  /** "After subsidy": the net cost when a size, a quote or a figure is asked ("pay in full or after subsidy?" asks when to pay). */
  netWeak: ['after subsidy', 'subsidy ke baad', 'subsidy ke bad', 'सब्सिडी के बाद', 'dena padega', 'देना पड़ेगा', 'pay after', 'subsidy kaat ke',
    'subsidy ghata ke', 'subsidy hata ke', 'सब्सिडी घटाकर', 'सब्सिडी काटकर', 'after the subsidy', 'after state subsidy', 'after central subsidy', 'deducted', 'deduct',
    'deducting'],
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
  interest: ['interest', 'byaj', 'byaaj', 'ब्याज', 'interest rate', 'rate of interest'],
  free: ['free', 'muft', 'मुफ्त', 'मुफ़्त', 'फ्री'],
  assert: ['right', 'correct', 'true', 'is it true', 'confirm', 'sach', 'sahi', 'सच', 'सही', 'heard', 'suna', 'सुना', 'told me', 'says', 'said', 'bola', 'bataya',
    'बताया', 'kaha', 'कहा', 'claims', 'na', 'ना', 'naa', 'hai na', 'है ना', 'isn t it', 'guaranteed', 'pakka',
    // Words put in the assistant's mouth state the figure too ("tell me the subsidy is Rs 1.5 lakh").
    'tell me that', 'tell me the', 'say that', 'say the', 'write that', 'confirm that', 'likh ke do', 'likhkar do', 'bolo ki', 'kaho ki', 'लिखकर दो', 'कहो कि', 'बोलो कि'],
  income: ['income', 'salary', 'aay', 'आय', 'kamai', 'कमाई', 'तनख्वाह', 'tankhwah'],
};

/**
 * Folded token form of a text, for cue matching: `normalizeText` then the light
 * `placeFold` (retrieval's fold would make "lagate" (they install) meet
 * "lagat" (cost)); cue lists therefore spell out the inflections they mean.
 */
function cueTokens(text: string): string[] {
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
function findCues(tokens: string[]): Map<Cue, number[]> {
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

/** Words that end a reading of a place named before "state"/"राज्य"/"pradesh" (not place names). */
const NOT_PLACE = new Set(['my', 'which', 'what', 'kis', 'kaun', 'kaunse', 'kaunsa', 'har', 'every', 'each', 'other', 'any', 'apne', 'apna', 'mere', 'mera',
  'your', 'the', 'this', 'that', 'same', 'home', 'our', 'hamare', 'is', 'us', 'kisi', 'dusre', 'all', 'sabhi', 'sab', 'special', 'category', 'hilly',
  'your', 'a', 'one', 'ek', 'in', 'of', 'from', 'for', 'north', 'south', 'east', 'west', 'hill', 'pahadi', 'and', 'nor', 'plus', 'aur', 'ya', 'alawa', 'alava',
  'jis', 'jin', 'meri', 'aapke', 'aapki', 'apni', 'units', 'unit', 'metering', 'niyam', 'different', 'another', 'neighbouring', 'konsa', 'konse', 'kon', 'their', 'that', 'those', 'these', 'hilly', 'north', 'eastern', 'a', 'kiss',
  'kya', 'ki', 'ke', 'ka', 'me', 'mein', 'se', 'uttar', 'madhya', 'andhra', 'himachal', 'arunachal']);
/** Capitalised words after "in"/"from" that are not places. */
const NOT_PLACE_CAP = new Set(['india', 'hindi', 'english', 'hinglish', 'pm', 'surya', 'ghar', 'sbi', 'discom', 'mnre', 'indian', 'i', 'almm', 'dcr', 'gst',
  'emi', 'rs', 'rwa', 'ghs', 'noc', 'the', 'my', 'our', 'a', 'an', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november',
  'december', 'january', 'february', 'monsoon', 'summer', 'winter', 'total', 'cash', 'instalments', 'installments', 'future', 'detail', 'short', 'case',
  'person', 'advance', 'general', 'addition', 'fact', 'one', 'two', 'three', 'kw', 'rupees', 'lakh', 'which', 'what', 'there', 'this', 'that', 'sunlight',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec', 'bank', 'loan', 'subsidy', 'solar', 'portal', 'net', 'metering', 'gujarati']);

/** Capitalised words a Hinglish sentence may start with before "mein" that are not places. */
const NOT_PLACE_BEFORE_MEIN = new Set(['solar', 'ghar', 'gaon', 'gav', 'shahar', 'city', 'village', 'hamare', 'humare', 'mere', 'mera', 'meri', 'is', 'us',
  'isme', 'usme', 'subsidy', 'panel', 'panels', 'system', 'chhat', 'chat', 'roof', 'society', 'flat', 'building', 'apartment', 'scheme', 'yojana', 'loan',
  'bank', 'bill', 'kitne', 'kitna', 'kitni', 'kya', 'monsoon', 'barish', 'garmi', 'sardi', 'din', 'raat', 'saal', 'mahine', 'shuru', 'ek', 'do', 'teen',
  'india', 'bharat', 'desh', 'state', 'states', 'rajya', 'area', 'ilaake', 'ilake', 'market', 'bazaar', 'budget', 'emi', 'aap', 'hum', 'main', 'mai',
  'pahad', 'pahadi', 'rules', 'rule', 'niyam', 'town', 'kasbe', 'sheher', 'sarkar', 'cash', 'total', 'hindi', 'english', 'hinglish', 'net', 'grid', 'inverter', 'battery']);

/** Hindi words before "राज्य"/"प्रदेश" that are not place names ("किस राज्य", "हर राज्य"). */
const NOT_PLACE_HINDI = new Set(['किस', 'हर', 'मेरे', 'मेरा', 'मेरी', 'अपने', 'अपना', 'अपनी', 'दूसरे', 'उस', 'इस', 'कौन', 'किसी', 'सभी', 'सब', 'हमारे', 'आपके',
  'आपका', 'आपकी', 'उत्तर', 'मध्य', 'आंध्र', 'हिमाचल', 'अरुणाचल', 'विशेष', 'पहाड़ी', 'के', 'की', 'का', 'में', 'से', 'वाले', 'वाला', 'वाली', 'अलग', 'अलावा',
  'कुछ', 'जहाँ', 'जहां', 'श्रेणी', 'क्या', 'यूनिट', 'मीटरिंग', 'प्रत्येक', 'दोनों', 'कई', 'अन्य', 'बाकी', 'बाक़ी', 'छोटे', 'बड़े', 'पूर्वोत्तर', 'केंद्र', 'सरकार',
  'और', 'या', 'तो', 'भी', 'हर', 'एक', 'किन', 'जिस', 'जिन', 'उन', 'इन', 'नए', 'पुराने', 'अपने-अपने', 'संबंधित', 'पड़ोसी', 'गरीब', 'बड़ा', 'छोटा']);

/**
 * A place the message names that the state reader does not know, in the
 * message's own words: "<name> state / rajya / राज्य / pradesh / प्रदेश",
 * "state of <name>", English "in / from / at / near <Capitalised Name>", and
 * Hinglish "<Capitalised name> mein / me" (common sentence-opening words are
 * excluded). Never a guess at which state it is.
 */
function unknownPlace(text: string, known: string[], placeMatters: boolean): string | undefined {
  if (!placeMatters) return undefined;
  const knownSet = new Set(known);
  const okName = (w: string) => w.length >= 3 && !/^\d/.test(w) && !NOT_PLACE.has(w.toLowerCase()) && !knownSet.has(placeFold(w.toLowerCase()));
  // Latin names are capitalised ("Atlantis state"; "meri state" is no name); Devanagari has no capitals, so common words are listed.
  for (const m of text.normalize('NFC').matchAll(/([A-Z][a-z]+|[\u0900-\u097F]+)\s+(state|rajya|pradesh|pardesh|State|Rajya|Pradesh|राज्य|प्रदेश)(?![A-Za-z\u0900-\u097F])/g)) {
    if (okName(m[1]!) && !NOT_PLACE_HINDI.has(m[1]!)) return `${m[1]} ${m[2]}`;
  }
  const stateOf = /\bstate of ([A-Za-z]{3,})/i.exec(text);
  if (stateOf && okName(stateOf[1]!)) return stateOf[1];
  for (const m of text.matchAll(/\b(?:in|from|at|near)\s+([A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})?)/g)) {
    const name = m[1]!;
    if (NOT_PLACE_CAP.has(name.split(/\s+/)[0]!.toLowerCase())) continue;
    if (name.toLowerCase().split(/\s+/).some((w) => knownSet.has(placeFold(w)))) continue;
    return name;
  }
  for (const m of text.matchAll(/(?<![A-Za-z])([A-Z][a-z]{2,})\s+(?:mein|me|main|mai|में)(?![A-Za-z])/g)) {
    const w = m[1]!.toLowerCase();
    if (NOT_PLACE_BEFORE_MEIN.has(w) || NOT_PLACE_CAP.has(w) || NOT_PLACE.has(w) || knownSet.has(placeFold(w))) continue;
    // A word retrieval knows (a stopword, a concept such as "intezaar" = wait, a solar word) is no place name.
    const t = tokenize(w);
    if (t.length === 0 || t.some((x) => x.startsWith('@') || isDomainToken(x))) continue;
    return m[1];
  }
  return undefined;
}

/** Roof words and the asking words that, within three words of each other, ask how much roof ("chhat kitni chahiye"). */
const ROOF_WORDS = new Set(['roof', 'terrace', 'chhat', 'chat', 'chhath', 'chhaat', 'chaat', 'chath'].map(placeFold));
const ROOF_ASK = new Set(['kitni', 'kitna', 'kitne', 'chahiye', 'chaahie', 'chahie', 'need', 'needed', 'required', 'lagegi', 'lagega', 'lagegii', 'lagegaa', 'take', 'takes', 'big', 'badi', 'badii', 'howmuch'].map(placeFold));
function roofAskAt(tokens: string[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    if (!ROOF_WORDS.has(tokens[i]!)) continue;
    for (let j = Math.max(0, i - 3); j <= Math.min(tokens.length - 1, i + 3); j++) if (j !== i && ROOF_ASK.has(tokens[j]!)) return Math.min(i, j);
  }
  return undefined;
}

const firstAt = (found: Map<Cue, number[]>, ...cs: Cue[]) => {
  const ps = cs.flatMap((c) => found.get(c) ?? []);
  return ps.length ? Math.min(...ps) : undefined;
};

/**
 * Reads what a message asks and carries. Intents are ordered by where the
 * message asks them; a compound question ("what size, and how much
 * subsidy?") gives each part. Quantities come from `readQuantities`, the
 * state from `readPlaces` (a city gives its state; a place that is not
 * recognised is in `unknownStateText`, never guessed).
 * @param text the message, any of the three languages and both scripts.
 * @param language the asker's language; the reading is the same for all three (one pipeline for both scripts), so it is
 *   not used today and is kept in the signature for rules that may differ by language.
 */
export function understand(text: string, language: ChatLanguage): Understanding {
  void language;
  const q = readQuantities(text);
  const places = readPlaces(text);
  const tokens = cueTokens(text);
  const found = findCues(tokens);
  // "350 यूनिट खर्च होती है": spending units is using them, not a cost.
  const costAt = (found.get('cost') ?? []).filter((i) => !tokens.slice(Math.max(0, i - 2), i).includes('unit'));
  if (costAt.length) found.set('cost', costAt);
  else found.delete('cost');
  // "common area" is a society's common load, not roof area.
  const areaAt = (found.get('area') ?? []).filter((i) => !/^(comon|common|komon|kaman)$/.test(tokens[i - 1] ?? ''));
  if (areaAt.length) found.set('area', areaAt);
  else found.delete('area');
  const has = (c: Cue) => found.has(c);
  const quote = q.amounts.find((a) => a.role === 'quote' || a.role === 'unknown');
  const bill = q.amounts.find((a) => a.role === 'bill');
  const building: Building | undefined = has('society') || q.households !== undefined ? 'society'
    : has('commercial') ? 'commercial' : has('flat') ? 'flat' : has('house') ? 'house' : undefined;

  const intents: Array<{ intent: Intent; at: number }> = [];
  const add = (intent: Intent, at: number | undefined) => {
    if (!intents.some((x) => x.intent === intent)) intents.push({ intent, at: at ?? tokens.length });
  };
  const end = tokens.length;

  // Roof area and size. A roof word next to a "how much / needed" word asks for area ("chhat kitni chahiye").
  const roofAsk = roofAskAt(tokens);
  if (q.kw !== undefined && !q.area && (has('area') || roofAsk !== undefined)) add('area_for_kw', Math.min(firstAt(found, 'area') ?? end, roofAsk ?? end));
  // With both an area and a size, the question is whether the size fits: answered by what fits.
  if (q.area) add('kw_for_area', firstAt(found, 'sizeAsk', 'area') ?? end);
  // A figure is asked for: an asking word not about time ("kitni subsidy", not "kitne din mein").
  const timeAt = new Set(found.get('time') ?? []);
  const asksFigure = (found.get('ask') ?? []).some((i) => !timeAt.has(i + 1));
  const claims = readClaims(found, q);
  // Generation for a size. "gives" counts only when the message speaks of units or electricity.
  const speaksUnits = tokens.includes('unit') || tokens.some((t) => /^(bijli|bijlii|electricity|power)$/.test(t));
  const genAsked = has('generation') || (has('generationWeak') && speaksUnits) || (q.units === undefined && q.kw !== undefined && tokens.includes('unit') && asksFigure);
  // "What happens to the extra units my panels make?" asks about the surplus, not how many are made.
  // With a use given, generation is asked only of the size that use needs ("600 units a month: what kW, and how many units a year will that make?").
  const genOfSize = q.units !== undefined && q.kw === undefined && has('generation') && (has('sizeAsk') || !has('money')) && !(has('free'));
  if (genAsked && (!q.units || genOfSize) && !(has('surplus') && !asksFigure)) {
    const at = firstAt(found, 'generation', 'generationWeak', 'ask');
    if (has('year')) add('yearly_units', at);
    // "600 units a month" is the use: its month word asks for no monthly generation.
    if (has('month') && !(genOfSize && q.units?.per === 'month')) add('monthly_units', at);
    if (has('day')) add('daily_units', at);
    if (!has('year') && !has('month') && !has('day') && q.kw !== undefined) add('monthly_units', at);
  }
  // Size for a use or a bill. "300 free units" is a figure about the scheme, not a use to size for.
  const freeUnits = has('free') && q.units !== undefined;
  if (q.units && q.kw === undefined && !freeUnits && (has('sizeAsk') || !has('money'))) add('size_for_units', firstAt(found, 'sizeAsk') ?? 0);
  if (bill && q.kw === undefined && !q.units && (has('sizeAsk') || !has('payback'))) add('size_for_bill', firstAt(found, 'sizeAsk', 'bill'));
  // Net cost: a net-cost phrase; "after subsidy" with a size, quote or figure asked; a quote and a subsidy word; "my share" once the subsidy is off.
  const hasQuote = quote !== undefined && quote.role === 'quote';
  const ownShareIsNet = has('ownShare') && !has('loan') && (has('subsidy') || has('netWeak'));
  const netAsked = has('net') || (has('netWeak') && (q.kw !== undefined || quote !== undefined || asksFigure))
    || (hasQuote && has('subsidy') && !has('loan')) || ownShareIsNet;
  // Subsidy: asked as a figure, or for a size, a use, a state, the special category, or a figure the message asserts.
  const subsidyAt = firstAt(found, 'subsidy', 'subsidyWeak');
  const subsidyClaim = claims.some((c) => c.what === 'subsidy');
  const subsidyCue = has('subsidy') || (has('subsidyWeak') && (asksFigure || subsidyClaim) && !freeUnits);
  const subsidyAsked = subsidyCue && (asksFigure || q.kw !== undefined || q.units !== undefined || places.states.length > 0 || has('special') || subsidyClaim);
  if (building === 'society' && (subsidyCue || q.kw !== undefined)) add('society_subsidy', subsidyAt ?? firstAt(found, 'society'));
  else if (subsidyAsked && !netAsked && !(quote && quote.role === 'quote')) add('subsidy', subsidyAt);
  const topUpAsked = (subsidyCue && (places.states.length > 0 || (has('stateExtra') && asksFigure))) || (has('onTop') && places.states.length > 0 && !has('surplus'));
  if (topUpAsked && building !== 'society') add('state_subsidy', firstAt(found, 'stateExtra', 'onTop') ?? subsidyAt);
  // Net cost on a quote; loans.
  if (netAsked) add('net_cost', firstAt(found, 'net', 'netWeak', 'ownShare', 'subsidy'));
  if ((has('loan') || (has('ownShare') && !ownShareIsNet)) && (quote !== undefined || has('ownShare') || q.kw !== undefined || q.kwRange !== undefined || asksFigure || has('interest'))) {
    add(quote !== undefined || has('ownShare') ? 'loan_split' : 'loan_terms', firstAt(found, 'loan', 'ownShare'));
  }
  // Cost, payback, surplus.
  if (has('cost') && !netAsked && !quote && !has('loan') && (q.kw !== undefined || q.units !== undefined || asksFigure)) add('cost', firstAt(found, 'cost'));
  if (has('payback') || (has('paybackWeak') && has('money'))) add('payback', firstAt(found, 'payback', 'paybackWeak'));
  if (has('surplus') || (has('surplusWeak') && speaksUnits)) add('surplus_settlement', firstAt(found, 'surplus', 'surplusWeak'));

  intents.sort((a, b) => a.at - b.at);

  const known = places.states.flatMap((s) => s.matched.split(' '));
  // An unknown name is looked for only where the place matters: a subsidy, net-metering or state question.
  const placeMatters = has('subsidy') || has('subsidyWeak') || has('stateExtra') || has('net') || has('netWeak') || has('special') || /\b(net ?meter|metering|state|rajya|raajy)/.test(tokens.join(' '));
  const unknownStateText = places.foreign[0] ?? (places.states.length ? undefined : unknownPlace(text, known, placeMatters));
  const u: Understanding = {
    intents: intents.map((x) => x.intent),
    amounts: q.amounts,
    state: places.states[0] ?? null,
    states: places.states,
    claims,
    percents: q.percents,
  };
  if (q.kw !== undefined) u.kw = q.kw;
  if (q.kwRange) u.kwRange = q.kwRange;
  if (q.units) u.units = q.units;
  if (q.area) u.area = q.area;
  if (q.households !== undefined) u.households = q.households;
  if (unknownStateText) u.unknownStateText = unknownStateText;
  if (building) u.building = building;
  if (has('special') && !u.state) u.specialGroup = true;
  return u;
}

/**
 * Figures a message states about the scheme: a subsidy amount (a rupee
 * amount within four words of a subsidy word and not a quote or bill), an
 * interest rate (a percentage next to an interest word), free units ("300
 * free units"), a loan cap (a loan amount said with an assertion word), an
 * income cap (an income amount with an assertion word).
 */
function readClaims(found: Map<Cue, number[]>, q: ReturnType<typeof readQuantities>): Claim[] {
  const out: Claim[] = [];
  const near = (cue: Cue) => found.has(cue);
  const withKw = <T extends Claim>(c: T): T => (q.kw !== undefined ? { ...c, kw: q.kw } : c);
  // "The government gives Rs 1.2 lakh for 3 kW, is that correct?": a subsidy figure said with the government as giver.
  // An amount whose role is not said is a subsidy figure only when the message asserts it ("I heard ... right?").
  // A figure said about the special-category states as a group is a subsidy figure too ("special states me sirf 78000, sahi?").
  const subsidyTalk = (near('subsidy') || near('special') || (near('subsidyWeak') && near('generationWeak'))) && near('assert');
  for (const a of q.amounts) {
    if (a.role === 'subsidy' || (a.role === 'unknown' && subsidyTalk)) out.push(withKw({ what: 'subsidy', value: a.value }));
  }
  if (near('subsidy') && !near('interest')) for (const p of q.percents) out.push({ what: 'subsidy_percent', value: p });
  if (near('interest')) for (const p of q.percents) out.push({ what: 'interest', value: p });
  if (near('free') && q.units) out.push({ what: 'free_units', value: q.units.value });
  if (near('assert')) {
    for (const a of q.amounts) {
      if (a.role === 'loan') out.push(withKw({ what: 'loan_cap', value: a.value }));
      // An income said with a limit word ("income must be below 1.5 lakh"); "meri income 5 lakh hai" is no claim.
      if (a.role === 'income' && near('limit')) out.push({ what: 'income_cap', value: a.value });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Computing an intent's number

/** A computed answer: the reply text, its working in one line, and the fact-sheet rules it rests on. */
export interface Computed {
  text: string;
  /** One line of arithmetic ("3 kW x 10-12 m2 = 30-36 m2, about 320-390 sq ft"). */
  working: string;
  /** Fact-sheet sections and source numbers ("Solar Panel [25]"). */
  sources: string[];
  /** The fact sheet's source numbers, for server/sources.ts titles. */
  sourceIds: number[];
}

type Texts = Record<ChatLanguage, string>;

/**
 * The size a computation uses: the kW the message states, else the size for
 * the units it states (monthly units / 120, System Size [42]), so "300 units
 * a month: what size and how much subsidy?" gets the subsidy for 2.5 kW.
 */
function withSize(u: Understanding): Understanding {
  if (u.kw !== undefined || !u.units || !(u.units.value > 0)) return u;
  const monthly = u.units.per === 'day' ? u.units.value * 30 : u.units.per === 'year' ? u.units.value / 12 : u.units.value;
  return { ...u, kw: systemSizeFromUnits(monthly).kW };
}
const rs = (n: number) => `Rs ${formatRupees(n)}`;
/** A number for display: at most one decimal, Indian grouping for whole numbers. */
const num = (n: number) => (Number.isInteger(n) ? formatRupees(n) : String(Math.round(n * 10) / 10));
const kwS = (k: number) => String(Math.round(k * 100) / 100);
const round10 = (n: number) => Math.round(n / 10) * 10;
const floorHalf = (n: number) => Math.floor(n * 2 + 1e-9) / 2;
const SQFT_PER_M2 = 1 / M2_PER_SQFT;

function out(texts: Texts, working: Texts, lang: ChatLanguage, ids: number[], sections: string[]): Computed {
  return { text: texts[lang], working: working[lang], sources: sections, sourceIds: ids };
}

/** Area for N kW: N x 10-12 m2 (fact sheet, Solar Panel [25]); square feet from the exact conversion, to the nearest 10. */
function areaForKw(kw: number, lang: ChatLanguage): Computed {
  const lo = kw * 10;
  const hi = kw * 12;
  const flo = round10(lo * SQFT_PER_M2);
  const fhi = round10(hi * SQFT_PER_M2);
  const w = `${kwS(kw)} kW x 10-12 m2 = ${num(lo)}-${num(hi)} m2`;
  return out({
    english: `A ${kwS(kw)} kW system needs about ${num(lo)}-${num(hi)} m2 of shadow-free roof, about ${formatRupees(flo)}-${formatRupees(fhi)} sq ft (1 kW needs about 10-12 m2).`,
    hindi: `${kwS(kw)} kW सिस्टम के लिए लगभग ${num(lo)}-${num(hi)} m2, यानी लगभग ${formatRupees(flo)}-${formatRupees(fhi)} वर्ग फुट छाया-रहित छत चाहिए (1 kW के लिए लगभग 10-12 m2)।`,
    hinglish: `${kwS(kw)} kW system ke liye lagbhag ${num(lo)}-${num(hi)} m2, yaani lagbhag ${formatRupees(flo)}-${formatRupees(fhi)} sq ft bina chhaya wali chhat chahiye (1 kW ke liye lagbhag 10-12 m2).`,
  }, {
    english: `${w}, about ${formatRupees(flo)}-${formatRupees(fhi)} sq ft`,
    hindi: `${w}, लगभग ${formatRupees(flo)}-${formatRupees(fhi)} वर्ग फुट`,
    hinglish: `${w}, lagbhag ${formatRupees(flo)}-${formatRupees(fhi)} sq ft`,
  }, lang, [25], ['Solar Panel [25]']);
}

/**
 * kW that fit an area: area / 12 to area / 10 m2 per kW (fact sheet, Solar
 * Panel [25]), each rounded down to a whole or half kW, so the estimate never
 * asks more roof than there is. Below 10 m2 not even 1 kW fits.
 */
function kwForArea(area: NonNullable<Understanding['area']>, lang: ChatLanguage): Computed {
  const m2 = area.m2;
  const lo = floorHalf(m2 / 12);
  const hi = floorHalf(m2 / 10);
  const given = area.as === 'm2' ? `${num(m2)} m2` : area.as === 'sqft' ? `${formatRupees(area.value)} sq ft = ${num(m2)} m2` : `${formatRupees(area.value)} sq yd (gaj) = ${num(m2)} m2`;
  const givenHi = area.as === 'm2' ? `${num(m2)} m2` : area.as === 'sqft' ? `${formatRupees(area.value)} वर्ग फुट = ${num(m2)} m2` : `${formatRupees(area.value)} गज = ${num(m2)} m2`;
  const range = lo === hi ? `${kwS(lo)} kW` : `${kwS(lo)}-${kwS(hi)} kW`;
  const w: Texts = {
    english: `${given}; ${num(m2)} m2 / 10-12 m2 per kW = ${num(m2 / 12)}-${num(m2 / 10)} kW, rounded down to ${range}`,
    hindi: `${givenHi}; ${num(m2)} m2 / 10-12 m2 प्रति kW = ${num(m2 / 12)}-${num(m2 / 10)} kW, नीचे की ओर पूर्णांकित: ${range}`,
    hinglish: `${given}; ${num(m2)} m2 / 10-12 m2 per kW = ${num(m2 / 12)}-${num(m2 / 10)} kW, neeche round karke ${range}`,
  };
  if (hi < 1) {
    return out({
      english: `About ${num(m2)} m2 of roof is less than the 10-12 m2 that 1 kW needs, so not even a 1 kW system fits on shadow-free roof of that size.`,
      hindi: `लगभग ${num(m2)} m2 छत 1 kW के लिए ज़रूरी 10-12 m2 से कम है, इसलिए इतनी छाया-रहित छत पर 1 kW का सिस्टम भी नहीं आएगा।`,
      hinglish: `Lagbhag ${num(m2)} m2 chhat 1 kW ke liye zaroori 10-12 m2 se kam hai, isliye itni bina chhaya wali chhat par 1 kW system bhi nahi aayega.`,
    }, w, lang, [25], ['Solar Panel [25]']);
  }
  return out({
    english: `About ${num(m2)} m2 of shadow-free roof fits roughly a ${range} system (1 kW needs about 10-12 m2).`,
    hindi: `लगभग ${num(m2)} m2 छाया-रहित छत पर लगभग ${range} का सिस्टम आ सकता है (1 kW के लिए लगभग 10-12 m2)।`,
    hinglish: `Lagbhag ${num(m2)} m2 bina chhaya wali chhat par lagbhag ${range} ka system aa sakta hai (1 kW ke liye lagbhag 10-12 m2).`,
  }, w, lang, [25], ['Solar Panel [25]']);
}

/** A year's units: N kW x 1,400-1,800 (fact sheet, Solar Panel [26]). */
function yearlyUnits(kw: number, lang: ChatLanguage): Computed {
  const lo = Math.round(kw * 1400);
  const hi = Math.round(kw * 1800);
  const w = `${kwS(kw)} kW x 1,400-1,800 = ${formatRupees(lo)}-${formatRupees(hi)}`;
  return out({
    english: `A ${kwS(kw)} kW system makes about ${formatRupees(lo)}-${formatRupees(hi)} units a year (1 kW makes about 1,400-1,800 units a year, depending on sunshine).`,
    hindi: `${kwS(kw)} kW सिस्टम साल में लगभग ${formatRupees(lo)}-${formatRupees(hi)} यूनिट बनाता है (1 kW साल में लगभग 1,400-1,800 यूनिट, धूप के हिसाब से)।`,
    hinglish: `${kwS(kw)} kW system saal mein lagbhag ${formatRupees(lo)}-${formatRupees(hi)} unit banata hai (1 kW saal mein lagbhag 1,400-1,800 unit, dhoop ke hisaab se).`,
  }, { english: `${w} units a year`, hindi: `${w} यूनिट प्रति वर्ष`, hinglish: `${w} unit saal mein` }, lang, [26], ['Solar Panel [26]']);
}

/** A month's units: N kW x 120 (fact sheet, System Size [42]: kW = monthly units / 120, 1 kW about 4 units a day). */
function monthlyUnits(kw: number, lang: ChatLanguage): Computed {
  const n = Math.round(kw * 120);
  const w = `${kwS(kw)} kW x 120 = ${formatRupees(n)}`;
  return out({
    english: `A ${kwS(kw)} kW system makes about ${formatRupees(n)} units a month on average (1 kW gives about 120 units a month, about 4 a day).`,
    hindi: `${kwS(kw)} kW सिस्टम औसतन महीने में लगभग ${formatRupees(n)} यूनिट बनाता है (1 kW महीने में लगभग 120 यूनिट, रोज़ लगभग 4)।`,
    hinglish: `${kwS(kw)} kW system average mahine mein lagbhag ${formatRupees(n)} unit banata hai (1 kW mahine mein lagbhag 120 unit, roz lagbhag 4).`,
  }, { english: `${w} units a month`, hindi: `${w} यूनिट प्रति माह`, hinglish: `${w} unit mahine mein` }, lang, [42], ['System Size [42]']);
}

/** A clear day's units: N kW x 4-5.5 (fact sheet, Solar Panel [25]). */
function dailyUnits(kw: number, lang: ChatLanguage): Computed {
  const lo = Math.round(kw * 4 * 10) / 10;
  const hi = Math.round(kw * 5.5 * 10) / 10;
  const w = `${kwS(kw)} kW x 4-5.5 = ${num(lo)}-${num(hi)}`;
  return out({
    english: `A ${kwS(kw)} kW system makes about ${num(lo)}-${num(hi)} units on a clear day (1 kW makes 4-5.5); less on cloudy days.`,
    hindi: `${kwS(kw)} kW सिस्टम साफ़ धूप वाले दिन लगभग ${num(lo)}-${num(hi)} यूनिट बनाता है (1 kW 4-5.5 यूनिट); बादल वाले दिन कम।`,
    hinglish: `${kwS(kw)} kW system saaf dhoop wale din lagbhag ${num(lo)}-${num(hi)} unit banata hai (1 kW 4-5.5 unit); badal wale din kam.`,
  }, { english: `${w} units a day`, hindi: `${w} यूनिट प्रतिदिन`, hinglish: `${w} unit roz` }, lang, [25], ['Solar Panel [25]']);
}

/**
 * Size for a use: monthly units / 120 rounded to half a kW, at least 1 kW
 * (fact sheet, System Size [42]); a day's units x 30 first; a year's units /
 * 1,800-1,400 per kW (Solar Panel [26]).
 */
function sizeForUnits(units: NonNullable<Understanding['units']>, lang: ChatLanguage): Computed {
  if (units.per === 'year') {
    const lo = Math.max(1, Math.round((units.value / 1800) * 2) / 2);
    const hi = Math.max(1, Math.round((units.value / 1400) * 2) / 2);
    const range = lo === hi ? `${kwS(lo)} kW` : `${kwS(lo)}-${kwS(hi)} kW`;
    const w = `${formatRupees(units.value)} / 1,800-1,400 per kW = ${num(units.value / 1800)}-${num(units.value / 1400)} kW, about ${range}`;
    return out({
      english: `For ${formatRupees(units.value)} units a year you need about ${range} (1 kW makes about 1,400-1,800 units a year).`,
      hindi: `साल में ${formatRupees(units.value)} यूनिट के लिए लगभग ${range} का सिस्टम चाहिए (1 kW साल में लगभग 1,400-1,800 यूनिट बनाता है)।`,
      hinglish: `Saal mein ${formatRupees(units.value)} unit ke liye lagbhag ${range} ka system chahiye (1 kW saal mein lagbhag 1,400-1,800 unit banata hai).`,
    }, { english: w, hindi: w.replace('per kW', 'प्रति kW').replace('about', 'लगभग'), hinglish: w.replace('about', 'lagbhag') }, lang, [26], ['Solar Panel [26]']);
  }
  const monthly = units.per === 'day' ? units.value * 30 : units.value;
  const { exact, kW } = systemSizeFromUnits(monthly);
  const pre = units.per === 'day' ? `${num(units.value)} x 30 = ${formatRupees(monthly)}; ` : '';
  const w = `${pre}${formatRupees(monthly)} / 120 = ${num(exact)} kW, about ${kwS(kW)} kW`;
  return out({
    english: `For ${formatRupees(monthly)} units a month you need about ${kwS(kW)} kW (kW = monthly units / 120; 1 kW makes about 4 units a day).`,
    hindi: `महीने में ${formatRupees(monthly)} यूनिट के लिए लगभग ${kwS(kW)} kW का सिस्टम चाहिए (kW = मासिक यूनिट / 120; 1 kW रोज़ लगभग 4 यूनिट बनाता है)।`,
    hinglish: `Mahine mein ${formatRupees(monthly)} unit ke liye lagbhag ${kwS(kW)} kW ka system chahiye (kW = mahine ke unit / 120; 1 kW roz lagbhag 4 unit banata hai).`,
  }, { english: w, hindi: w.replace('about', 'लगभग'), hinglish: w.replace('about', 'lagbhag') }, lang, [42], ['System Size [42]']);
}

/** Central subsidy working: "2 kW x Rs 30,000 + 1 kW x Rs 18,000 = Rs 78,000". */
function centralWorking(kw: number, special: boolean): string {
  const [perKw, third, cap] = special ? [33_000, 19_800, 85_800] : [30_000, 18_000, 78_000];
  const a = Math.min(kw, 2);
  const b = Math.min(Math.max(kw - 2, 0), 1);
  const parts = [`${kwS(a)} kW x ${rs(perKw)}`];
  if (b > 0) parts.push(`${kwS(b)} kW x ${rs(third)}`);
  const total = centralSubsidy(kw, { specialCategory: special });
  return `${parts.join(' + ')} = ${rs(total)}${kw > 3 ? ` (cap ${rs(cap)} for 3 kW and above)` : ''}`;
}

/**
 * Central subsidy for N kW (fact sheet, Subsidy [1][5][30]); the
 * special-category rates for those states [5]. Without a size, a named
 * state gets its category's rule in words.
 */
function subsidyFor(u: Understanding, lang: ChatLanguage): Computed | null {
  const special = u.state?.specialCategory ?? u.specialGroup ?? false;
  const ids = special ? [5] : [1, 5, 30];
  const sections = [special ? 'Subsidy [5]' : 'Subsidy [1][5][30]'];
  const where = u.state ? stateName(u.state.key, lang) : '';
  if (u.kw === undefined && !u.state) {
    const std = '2 kW x Rs 30,000 + 1 kW x Rs 18,000 = Rs 78,000';
    const sp = '2 kW x Rs 33,000 + 1 kW x Rs 19,800 = Rs 85,800';
    const w: Texts = { english: `${std} (special category: ${sp})`, hindi: `${std} (विशेष श्रेणी: ${sp})`, hinglish: `${std} (special category: ${sp})` };
    return out({
      english: 'The central subsidy is Rs 30,000/kW for the first 2 kW plus Rs 18,000 for the third kW, at most Rs 78,000 for 3 kW and above. In the special-category states (North-East, J&K, Ladakh, Himachal, Uttarakhand, islands) it is Rs 33,000/kW plus Rs 19,800, at most Rs 85,800. As of 2026; check pmsuryaghar.gov.in.',
      hindi: 'केंद्र की सब्सिडी पहले 2 kW पर Rs 30,000/kW और तीसरे kW पर Rs 18,000 है, 3 kW और ऊपर अधिकतम Rs 78,000। विशेष श्रेणी राज्यों (पूर्वोत्तर, जम्मू-कश्मीर, लद्दाख, हिमाचल, उत्तराखंड, द्वीप) में Rs 33,000/kW और Rs 19,800, अधिकतम Rs 85,800। 2026 के अनुसार; pmsuryaghar.gov.in पर देखें।',
      hinglish: 'Central subsidy pehle 2 kW par Rs 30,000/kW aur teesre kW par Rs 18,000 hai, 3 kW aur upar maximum Rs 78,000. Special category states (North-East, J&K, Ladakh, Himachal, Uttarakhand, islands) mein Rs 33,000/kW aur Rs 19,800, maximum Rs 85,800. 2026 ke hisaab se; pmsuryaghar.gov.in par check karein.',
    }, w, lang, [1, 5, 30], ['Subsidy [1][5][30]']);
  }
  if (u.kw === undefined && u.state) {
    const rule: Texts = special
      ? {
        english: `${where} is a special-category state for the central subsidy: Rs 33,000/kW for the first 2 kW plus Rs 19,800 for the third, up to Rs 85,800 (as of 2026; check ${'pmsuryaghar.gov.in'}).`,
        hindi: `केंद्र की सब्सिडी में ${where} विशेष श्रेणी में है: पहले 2 kW पर Rs 33,000/kW और तीसरे kW पर Rs 19,800, अधिकतम Rs 85,800 (2026 के अनुसार; pmsuryaghar.gov.in पर देखें)।`,
        hinglish: `Central subsidy mein ${where} special category mein hai: pehle 2 kW par Rs 33,000/kW aur teesre kW par Rs 19,800, maximum Rs 85,800 (2026 ke hisaab se; pmsuryaghar.gov.in par check karein).`,
      }
      : {
        english: `The central subsidy in ${where} is the standard one: Rs 30,000/kW for the first 2 kW plus Rs 18,000 for the third, up to Rs 78,000 (as of 2026; check pmsuryaghar.gov.in).`,
        hindi: `${where} में केंद्र की सब्सिडी सामान्य दर पर है: पहले 2 kW पर Rs 30,000/kW और तीसरे kW पर Rs 18,000, अधिकतम Rs 78,000 (2026 के अनुसार; pmsuryaghar.gov.in पर देखें)।`,
        hinglish: `${where} mein central subsidy normal dar par hai: pehle 2 kW par Rs 30,000/kW aur teesre kW par Rs 18,000, maximum Rs 78,000 (2026 ke hisaab se; pmsuryaghar.gov.in par check karein).`,
      };
    const w = special ? '2 kW x Rs 33,000 + 1 kW x Rs 19,800 = Rs 85,800' : '2 kW x Rs 30,000 + 1 kW x Rs 18,000 = Rs 78,000';
    return out(rule, { english: w, hindi: w, hinglish: w }, lang, ids, sections);
  }
  const kw = u.kw!;
  const total = centralSubsidy(kw, { specialCategory: special });
  const w = centralWorking(kw, special);
  const cat: Texts = special && !u.state
    ? { english: ' in the special-category states', hindi: ' (विशेष श्रेणी राज्यों में)', hinglish: ' (special category states mein)' }
    : special
    ? { english: ` (special-category rate in ${where})`, hindi: ` (${where} में विशेष श्रेणी की दर)`, hinglish: ` (${where} mein special category dar)` }
    : { english: '', hindi: '', hinglish: '' };
  return out({
    english: `The central subsidy for ${kwS(kw)} kW is about ${rs(total)}${cat.english}, as of 2026; check the current rule on pmsuryaghar.gov.in.`,
    hindi: `${kwS(kw)} kW पर केंद्र की सब्सिडी लगभग ${rs(total)} है${cat.hindi}, 2026 के अनुसार; मौजूदा नियम pmsuryaghar.gov.in पर देखें।`,
    hinglish: `${kwS(kw)} kW par central subsidy lagbhag ${rs(total)} hai${cat.hinglish}, 2026 ke hisaab se; current niyam pmsuryaghar.gov.in par check karein.`,
  }, { english: w, hindi: w.replace('cap', 'अधिकतम').replace('for 3 kW and above', '3 kW और ऊपर'), hinglish: w.replace('for 3 kW and above', '3 kW aur upar') }, lang, ids, sections);
}

/** The size a question names, or the one its monthly use needs (kW = units / 120, System Size [42]); undefined when neither. */
function sizeOf(u: Understanding): number | undefined {
  if (u.kw !== undefined) return u.kw > 0 ? u.kw : undefined;
  if (!u.units || u.units.value <= 0) return undefined;
  const monthly = u.units.value * (u.units.per === 'day' ? 30 : u.units.per === 'year' ? 1 / 12 : 1);
  return systemSizeFromUnits(monthly).kW;
}

/** A state's top-up rule in words and its source (fact sheet, Subsidy [32]-[37]). */
const TOP_UP_RULE: Partial<Record<StateKey, { id: number; text: Texts }>> = {
  'uttar-pradesh': { id: 32, text: { english: 'Rs 15,000/kW, up to Rs 30,000', hindi: 'Rs 15,000/kW, अधिकतम Rs 30,000', hinglish: 'Rs 15,000/kW, maximum Rs 30,000' } },
  delhi: { id: 33, text: { english: 'Rs 10,000/kW, up to Rs 30,000', hindi: 'Rs 10,000/kW, अधिकतम Rs 30,000', hinglish: 'Rs 10,000/kW, maximum Rs 30,000' } },
  assam: { id: 34, text: { english: 'Rs 15,000/kW, Rs 45,000 at 3 kW', hindi: 'Rs 15,000/kW, 3 kW पर Rs 45,000', hinglish: 'Rs 15,000/kW, 3 kW par Rs 45,000' } },
  ladakh: { id: 35, text: { english: 'Rs 20,000/kW for the first 2 kW and Rs 10,000 for the third', hindi: 'पहले 2 kW पर Rs 20,000/kW और तीसरे kW पर Rs 10,000', hinglish: 'pehle 2 kW par Rs 20,000/kW aur teesre kW par Rs 10,000' } },
  rajasthan: { id: 36, text: { english: '', hindi: '', hinglish: '' } },
  'andhra-pradesh': { id: 37, text: { english: '', hindi: '', hinglish: '' } },
};
/** States whose top-up the fact sheet lists as unverified: no figure is given. */
const TOP_UP_UNVERIFIED = new Set<StateKey>(['gujarat', 'haryana', 'uttarakhand']);

function stateTopUpText(key: StateKey, kw: number | undefined, lang: ChatLanguage): { text: string; working?: string; amount?: number; id?: number } {
  const name = stateName(key, lang);
  const rule = TOP_UP_RULE[key];
  if (rule && (key === 'rajasthan' || key === 'andhra-pradesh')) {
    const t = stateTopUp(key, kw ?? 0);
    return { text: t.kind === 'condition' ? t.text[lang] : '', id: rule.id };
  }
  if (rule) {
    if (kw === undefined) {
      return {
        text: { english: `${name} adds its own subsidy: ${rule.text.english} (as of 2026).`, hindi: `${name} अपनी ओर से अतिरिक्त सब्सिडी देता है: ${rule.text.hindi} (2026 के अनुसार)।`, hinglish: `${name} apni taraf se extra subsidy deta hai: ${rule.text.hinglish} (2026 ke hisaab se).` }[lang],
        id: rule.id,
      };
    }
    const t = stateTopUp(key, kw);
    const amount = t.kind === 'amount' ? t.amount : 0;
    return {
      text: { english: `${name} adds about ${rs(amount)} for ${kwS(kw)} kW (${rule.text.english}).`, hindi: `${name} ${kwS(kw)} kW पर लगभग ${rs(amount)} अतिरिक्त देता है (${rule.text.hindi})।`, hinglish: `${name} ${kwS(kw)} kW par lagbhag ${rs(amount)} extra deta hai (${rule.text.hinglish}).` }[lang],
      amount, id: rule.id, working: `${name} ${rs(amount)}`,
    };
  }
  if (TOP_UP_UNVERIFIED.has(key)) {
    return { text: { english: `A state top-up for ${name} is reported but not confirmed in our sources, so we give no figure for it.`, hindi: `${name} की राज्य सब्सिडी की खबरें हैं, पर हमारे स्रोतों में पुष्टि नहीं है, इसलिए हम उसका आंकड़ा नहीं देते।`, hinglish: `${name} ki state subsidy ki khabar hai, par hamare sources mein confirm nahi hai, isliye hum uska figure nahi dete.` }[lang] };
  }
  return { text: { english: `We have no confirmed state top-up for ${name}; the central subsidy applies.`, hindi: `${name} की अतिरिक्त राज्य सब्सिडी की हमारे पास पुष्ट जानकारी नहीं है; केंद्र की सब्सिडी मिलती है।`, hinglish: `${name} ki extra state subsidy ki confirmed jaankari hamare paas nahi hai; central subsidy milti hai.` }[lang] };
}

/** A state's top-up, with the central subsidy where the size is known (fact sheet, Subsidy [32]-[37]). */
function stateSubsidyFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (!u.state) return null;
  const top = stateTopUpText(u.state.key, u.kw, lang);
  const ids = top.id ? [top.id] : [];
  const sections = top.id ? [`Subsidy [${top.id}]`] : ['Subsidy'];
  if (u.kw !== undefined && top.amount !== undefined) {
    const central = centralSubsidy(u.kw, { specialCategory: u.state.specialCategory });
    const total = central + top.amount;
    const w = `${rs(central)} (central) + ${rs(top.amount)} (${stateName(u.state.key, 'english')}) = ${rs(total)}`;
    return out({
      english: `${top.text} With the central ${rs(central)}, about ${rs(total)} in all for ${kwS(u.kw)} kW, as of 2026; check pmsuryaghar.gov.in.`,
      hindi: `${top.text} केंद्र के ${rs(central)} के साथ ${kwS(u.kw)} kW पर कुल लगभग ${rs(total)}, 2026 के अनुसार; pmsuryaghar.gov.in पर देखें।`,
      hinglish: `${top.text} Central ke ${rs(central)} ke saath ${kwS(u.kw)} kW par total lagbhag ${rs(total)}, 2026 ke hisaab se; pmsuryaghar.gov.in par check karein.`,
    }, {
      english: w,
      hindi: `${rs(central)} (केंद्र) + ${rs(top.amount)} (${stateName(u.state.key, 'hindi')}) = ${rs(total)}`,
      hinglish: `${rs(central)} (central) + ${rs(top.amount)} (${stateName(u.state.key, 'english')}) = ${rs(total)}`,
    }, lang, [1, 5, ...ids], ['Subsidy [1][5]', ...sections]);
  }
  const nm = stateName(u.state.key, lang);
  const w: Texts = top.id
    ? { english: `${nm}: Subsidy [${top.id}]`, hindi: `${nm}: सब्सिडी [${top.id}]`, hinglish: `${nm}: Subsidy [${top.id}]` }
    : { english: `${nm}: no state figure`, hindi: `${nm}: राज्य का कोई आंकड़ा नहीं`, hinglish: `${nm}: state ka koi figure nahi` };
  if (top.amount !== undefined || (top.id && u.kw === undefined)) return out({ english: top.text, hindi: top.text, hinglish: top.text }, w, lang, ids, sections);
  // No state figure to add: what the home does get is the central subsidy, and where to confirm the state's part.
  const special = u.state.specialCategory;
  const central = u.kw !== undefined ? rs(centralSubsidy(u.kw, { specialCategory: special })) : rs(special ? 85_800 : 78_000);
  const size: Texts = u.kw !== undefined
    ? { english: `for ${kwS(u.kw)} kW`, hindi: `${kwS(u.kw)} kW पर`, hinglish: `${kwS(u.kw)} kW par` }
    : { english: 'at most, for 3 kW and above', hindi: 'अधिकतम, 3 kW और ऊपर', hinglish: 'maximum, 3 kW aur upar' };
  return out({
    english: `${top.text} The central subsidy ${size.english} is about ${central} (as of 2026); check the state's part with your DISCOM and on pmsuryaghar.gov.in.`,
    hindi: `${top.text} केंद्र की सब्सिडी ${size.hindi} लगभग ${central} है (2026 के अनुसार); राज्य का हिस्सा अपनी DISCOM और pmsuryaghar.gov.in पर जाँचें।`,
    hinglish: `${top.text} Central subsidy ${size.hinglish} lagbhag ${central} hai (2026 ke hisaab se); state ka hissa apni DISCOM aur pmsuryaghar.gov.in par check karein.`,
  }, w, lang, [1, 5, ...ids], ['Subsidy [1][5]', ...sections]);
}

/**
 * Net cost on a quote: quote - central subsidy - the state's top-up where the
 * fact sheet gives it (Subsidy [1][5][32]-[35]); elsewhere the state part is
 * said to be unknown and only the central subsidy is taken off. Without a
 * quote, the vendor price range is used and labelled an estimate (System Cost [38]-[40]).
 */
function netCostFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const quote = u.amounts.find((a) => a.role === 'quote') ?? u.amounts.find((a) => a.role === 'unknown');
  const special = u.state?.specialCategory ?? false;
  const central = centralSubsidy(u.kw, { specialCategory: special });
  const top = u.state ? stateTopUpText(u.state.key, u.kw, lang) : undefined;
  const stateAmt = top?.amount ?? 0;
  const stateNote = top && top.amount === undefined ? ` ${top.text}` : '';
  const ids = [1, 5, ...(top?.id && top.amount !== undefined ? [top.id] : [])];
  if (!quote) {
    const c = costRange(u.kw);
    const lo = Math.max(0, c.low - central - stateAmt);
    const hi = Math.max(0, c.high - central - stateAmt);
    const w = `${rs(c.low)}-${rs(c.high)} - ${rs(central)}${stateAmt ? ` - ${rs(stateAmt)}` : ''} = ${rs(lo)}-${rs(hi)}`;
    return out({
      english: `Estimate: going by vendor prices, a ${kwS(u.kw)} kW system costs roughly ${rs(c.low)}-${rs(c.high)}; after ${rs(central + stateAmt)} of subsidy you pay roughly ${rs(lo)}-${rs(hi)}.${stateNote} Get quotes from DISCOM-registered vendors.`,
      hindi: `अनुमान: विक्रेताओं के दाम के हिसाब से ${kwS(u.kw)} kW सिस्टम लगभग ${rs(c.low)}-${rs(c.high)} का है; ${rs(central + stateAmt)} सब्सिडी के बाद लगभग ${rs(lo)}-${rs(hi)} देने होंगे।${stateNote} DISCOM-पंजीकृत विक्रेताओं से कोटेशन लें।`,
      hinglish: `Andaaza: vendor daam ke hisaab se ${kwS(u.kw)} kW system lagbhag ${rs(c.low)}-${rs(c.high)} ka hai; ${rs(central + stateAmt)} subsidy ke baad lagbhag ${rs(lo)}-${rs(hi)} dene honge.${stateNote} DISCOM-registered vendors se quote lein.`,
    }, { english: w, hindi: w, hinglish: w }, lang, [...ids, 38, 39, 40], ['Subsidy [1][5]', 'System Cost [38][39][40]']);
  }
  const net = Math.max(0, quote.value - central - stateAmt);
  const stateName_ = u.state ? stateName(u.state.key, lang) : '';
  const w: Texts = {
    english: `${rs(quote.value)} - ${rs(central)} (central)${stateAmt ? ` - ${rs(stateAmt)} (${stateName(u.state!.key, 'english')})` : ''} = ${rs(net)}`,
    hindi: `${rs(quote.value)} - ${rs(central)} (केंद्र)${stateAmt ? ` - ${rs(stateAmt)} (${stateName_})` : ''} = ${rs(net)}`,
    hinglish: `${rs(quote.value)} - ${rs(central)} (central)${stateAmt ? ` - ${rs(stateAmt)} (${stateName_})` : ''} = ${rs(net)}`,
  };
  const sub = central + stateAmt;
  return out({
    english: `On a ${rs(quote.value)} quote for ${kwS(u.kw)} kW, the subsidy of about ${rs(sub)} leaves about ${rs(net)} for you to pay.${stateNote} The subsidy reaches your bank account after commissioning, so you pay the full quote first (as of 2026; check pmsuryaghar.gov.in).`,
    hindi: `${kwS(u.kw)} kW के ${rs(quote.value)} के कोटेशन पर लगभग ${rs(sub)} सब्सिडी के बाद आपको लगभग ${rs(net)} देने होंगे।${stateNote} सब्सिडी चालू होने के बाद बैंक खाते में आती है, इसलिए पहले पूरा कोटेशन चुकाना होता है (2026 के अनुसार; pmsuryaghar.gov.in पर देखें)।`,
    hinglish: `${kwS(u.kw)} kW ke ${rs(quote.value)} quote par lagbhag ${rs(sub)} subsidy ke baad aapko lagbhag ${rs(net)} dene honge.${stateNote} Subsidy commissioning ke baad bank account mein aati hai, isliye pehle poora quote dena hota hai (2026 ke hisaab se; pmsuryaghar.gov.in par check karein).`,
  }, w, lang, [...ids, 7], ['Subsidy [1][5]', 'Buying Solar [7]']);
}

/**
 * SBI's rule (fact sheet, Buying Solar [10]): up to 3 kW, 10% margin and a
 * loan of at most Rs 2 lakh; above 3 kW to 10 kW, 20% margin and at most Rs 6
 * lakh; what the cap leaves is the own share too. Above 10 kW the sheet has
 * no rule (null).
 */
export function sbiSlab(kw: number): { margin: number; cap: number; rate: string } | null {
  if (!(kw > 0) || kw > 10) return null;
  return kw <= 3 ? { margin: 0.1, cap: 200_000, rate: '6.75%' } : { margin: 0.2, cap: 600_000, rate: '8.90%' };
}

function loanSplitFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const slab = sbiSlab(u.kw);
  if (!slab) return null;
  const quote = u.amounts.find((a) => a.role === 'quote') ?? u.amounts.find((a) => a.role === 'unknown');
  if (!quote) return loanTermsFor(u, lang);
  const pct = Math.round((1 - slab.margin) * 100);
  const byMargin = Math.round(quote.value * (1 - slab.margin));
  const loan = Math.min(byMargin, slab.cap);
  const own = quote.value - loan;
  const capped = byMargin > slab.cap;
  const w: Texts = {
    english: `${rs(quote.value)} x ${pct}% = ${rs(byMargin)}${capped ? `, above the ${rs(slab.cap)} cap: loan ${rs(loan)}` : ' loan'}; own share ${rs(quote.value)} - ${rs(loan)} = ${rs(own)}`,
    hindi: `${rs(quote.value)} x ${pct}% = ${rs(byMargin)}${capped ? `, ${rs(slab.cap)} की सीमा से ज़्यादा: लोन ${rs(loan)}` : ' लोन'}; अपना हिस्सा ${rs(quote.value)} - ${rs(loan)} = ${rs(own)}`,
    hinglish: `${rs(quote.value)} x ${pct}% = ${rs(byMargin)}${capped ? `, ${rs(slab.cap)} ki limit se zyada: loan ${rs(loan)}` : ' loan'}; apna hissa ${rs(quote.value)} - ${rs(loan)} = ${rs(own)}`,
  };
  const m = Math.round(slab.margin * 100);
  const band: Texts = u.kw <= 3
    ? { english: 'up to 3 kW', hindi: '3 kW तक', hinglish: '3 kW tak' }
    : { english: '3-10 kW', hindi: '3-10 kW', hinglish: '3-10 kW' };
  return out({
    english: `Under SBI's rule for ${band.english} (${m}% margin, loan up to ${rs(slab.cap)}), on a ${rs(quote.value)} quote the bank lends about ${rs(loan)} and your own share is about ${rs(own)}. Interest on SBI's page: ${slab.rate}; up to 120 months.`,
    hindi: `SBI के ${band.hindi} के नियम (${m}% मार्जिन, लोन अधिकतम ${rs(slab.cap)}) में ${rs(quote.value)} के कोटेशन पर बैंक लगभग ${rs(loan)} लोन देगा और आपका हिस्सा लगभग ${rs(own)} होगा। SBI के पेज पर ब्याज: ${slab.rate}; 120 महीने तक।`,
    hinglish: `SBI ke ${band.hinglish} ke niyam (${m}% margin, loan maximum ${rs(slab.cap)}) mein ${rs(quote.value)} ke quote par bank lagbhag ${rs(loan)} loan dega aur aapka hissa lagbhag ${rs(own)} hoga. SBI ke page par byaaj: ${slab.rate}; 120 mahine tak.`,
  }, w, lang, [10], ['Buying Solar [10]']);
}

/** The SBI band a size range falls in: up to 3 kW, or above 3 to 10 kW; null when it spans both or goes past 10 kW. */
function bandOfRange(r: { lo: number; hi: number }): 'small' | 'large' | null {
  if (r.hi <= 3) return 'small';
  if (r.lo >= 3 && (r.hi <= 10 || !Number.isFinite(r.hi))) return 'large';
  return null;
}

function loanTermsFor(u: Understanding, lang: ChatLanguage): Computed | null {
  // A range stands for the SBI band it falls in: "up to 3 kW" the first, "above 3 kW" and "3-10 kW" the second.
  const band = u.kw === undefined && u.kwRange ? bandOfRange(u.kwRange) : null;
  const kw = u.kw ?? (band === 'small' ? 3 : band === 'large' ? 10 : undefined);
  if (kw === undefined) return null;
  const slab = sbiSlab(kw);
  if (!slab) return null;
  const m = Math.round(slab.margin * 100);
  const size: Texts = u.kw !== undefined
    ? { english: `${kwS(kw)} kW`, hindi: `${kwS(kw)} kW`, hinglish: `${kwS(kw)} kW` }
    : kw <= 3 ? { english: 'systems up to 3 kW', hindi: '3 kW तक के सिस्टम', hinglish: '3 kW tak ke system' }
      : { english: 'systems above 3 kW to 10 kW', hindi: '3 kW से ऊपर 10 kW तक के सिस्टम', hinglish: '3 kW se upar 10 kW tak ke system' };
  const income: Texts = kw > 3
    ? { english: ' Minimum income Rs 3 lakh.', hindi: ' न्यूनतम आय Rs 3 लाख।', hinglish: ' Minimum income Rs 3 lakh.' }
    : { english: '', hindi: '', hinglish: '' };
  const pre = u.kw !== undefined ? `${kwS(kw)} kW, ` : '';
  const w: Texts = {
    english: `${pre}${kw <= 3 ? 'up to 3 kW' : '3-10 kW'}: ${m}% margin, loan <= ${rs(slab.cap)}, ${slab.rate}`,
    hindi: `${pre}${kw <= 3 ? '3 kW तक' : '3-10 kW'}: ${m}% मार्जिन, लोन <= ${rs(slab.cap)}, ${slab.rate}`,
    hinglish: `${pre}${kw <= 3 ? '3 kW tak' : '3-10 kW'}: ${m}% margin, loan <= ${rs(slab.cap)}, ${slab.rate}`,
  };
  return out({
    english: `For ${size.english}, SBI's solar loan asks a ${m}% margin and lends up to ${rs(slab.cap)} at ${slab.rate} (SBI's page), up to 120 months, no processing fee.${income.english}`,
    hindi: `${size.hindi} के लिए SBI का सोलर लोन ${m}% मार्जिन पर अधिकतम ${rs(slab.cap)} तक, ${slab.rate} ब्याज (SBI का पेज), 120 महीने तक, कोई प्रोसेसिंग फीस नहीं।${income.hindi}`,
    hinglish: `${size.hinglish} ke liye SBI ka solar loan ${m}% margin par maximum ${rs(slab.cap)} tak, ${slab.rate} byaaj (SBI ka page), 120 mahine tak, koi processing fee nahi.${income.hinglish}`,
  }, w, lang, [10], ['Buying Solar [10]']);
}

/**
 * A housing society's subsidy (fact sheet, Subsidy [30][31]): Rs 18,000/kW
 * for common facilities (incl. EV charging), up to 500 kW at 3 kW per house.
 */
function societySubsidyFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined && u.households !== undefined && u.households > 0) {
    // The homes alone set the most the society can claim: 3 kW per house, at most 500 kW.
    const most = Math.min(500, u.households * 3);
    const amount = Math.round(most * 18_000);
    const w = `${num(u.households)} x 3 kW = ${kwS(most)} kW${u.households * 3 > 500 ? ' (limit 500 kW)' : ''}; ${kwS(most)} kW x Rs 18,000 = ${rs(amount)}`;
    return out({
      english: `With ${num(u.households)} homes, a housing society (GHS/RWA) can claim the subsidy on up to ${kwS(most)} kW for common facilities, at Rs 18,000/kW: about ${rs(amount)} at most. As of 2026; check pmsuryaghar.gov.in.`,
      hindi: `${num(u.households)} घरों वाली हाउसिंग सोसाइटी (GHS/RWA) कॉमन सुविधाओं के लिए अधिकतम ${kwS(most)} kW पर सब्सिडी ले सकती है, Rs 18,000/kW की दर से: अधिकतम लगभग ${rs(amount)}। 2026 के अनुसार; pmsuryaghar.gov.in पर देखें।`,
      hinglish: `${num(u.households)} gharon wali housing society (GHS/RWA) common facilities ke liye maximum ${kwS(most)} kW par subsidy le sakti hai, Rs 18,000/kW ki dar se: maximum lagbhag ${rs(amount)}. 2026 ke hisaab se; pmsuryaghar.gov.in par check karein.`,
    }, { english: w, hindi: w, hinglish: w }, lang, [30, 31], ['Subsidy [30][31]']);
  }
  if (u.kw === undefined) return null;
  const cap = u.households !== undefined ? Math.min(500, u.households * 3) : 500;
  const eligible = Math.min(u.kw, cap);
  const amount = Math.round(eligible * 18_000);
  const capNote = u.kw > cap
    ? { english: ` (only ${num(cap)} kW counts: up to 500 kW at 3 kW per house)`, hindi: ` (केवल ${num(cap)} kW गिना जाएगा: 3 kW प्रति घर, अधिकतम 500 kW)`, hinglish: ` (sirf ${num(cap)} kW gina jayega: 3 kW per ghar, maximum 500 kW)` }
    : { english: '', hindi: '', hinglish: '' };
  const w = `${kwS(eligible)} kW x Rs 18,000 = ${rs(amount)}`;
  return out({
    english: `A housing society (GHS/RWA) gets Rs 18,000/kW for common facilities such as lights, lifts and EV charging: about ${rs(amount)} for ${kwS(u.kw)} kW${capNote.english}. The limit is 500 kW, at 3 kW per house; as of 2026, check pmsuryaghar.gov.in.`,
    hindi: `हाउसिंग सोसाइटी (GHS/RWA) को कॉमन सुविधाओं (जैसे लाइट, लिफ्ट, EV चार्जिंग) के लिए Rs 18,000/kW मिलते हैं: ${kwS(u.kw)} kW पर लगभग ${rs(amount)}${capNote.hindi}। सीमा 500 kW है, 3 kW प्रति घर; 2026 के अनुसार, pmsuryaghar.gov.in पर देखें।`,
    hinglish: `Housing society (GHS/RWA) ko common facilities (jaise light, lift, EV charging) ke liye Rs 18,000/kW milta hai: ${kwS(u.kw)} kW par lagbhag ${rs(amount)}${capNote.hinglish}. Limit 500 kW hai, 3 kW per ghar; 2026 ke hisaab se, pmsuryaghar.gov.in par check karein.`,
  }, { english: w, hindi: w, hinglish: w }, lang, [30, 31], ['Subsidy [30][31]']);
}

/** Cost before subsidy, a vendor estimate (fact sheet, System Cost [38]-[40]), scaled from 3 kW. */
function costFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const c = costRange(u.kw);
  const w: Texts = c.scaled
    ? {
      english: `Rs 1,65,000-2,54,000 for 3 kW x ${kwS(u.kw)}/3 = ${rs(c.low)}-${rs(c.high)}`,
      hindi: `3 kW के Rs 1,65,000-2,54,000 x ${kwS(u.kw)}/3 = ${rs(c.low)}-${rs(c.high)}`,
      hinglish: `3 kW ke Rs 1,65,000-2,54,000 x ${kwS(u.kw)}/3 = ${rs(c.low)}-${rs(c.high)}`,
    }
    : { english: `3 kW: ${rs(c.low)}-${rs(c.high)} (vendor pages)`, hindi: `3 kW: ${rs(c.low)}-${rs(c.high)} (विक्रेताओं के पेज)`, hinglish: `3 kW: ${rs(c.low)}-${rs(c.high)} (vendor pages)` };
  return out({
    english: `Estimate: going by vendor prices, a ${kwS(u.kw)} kW system costs roughly ${rs(c.low)}-${rs(c.high)} before subsidy${c.scaled ? ' (scaled from the 3 kW prices)' : ''}. Get quotes from DISCOM-registered vendors.`,
    hindi: `अनुमान: विक्रेताओं के दाम के हिसाब से ${kwS(u.kw)} kW सिस्टम सब्सिडी से पहले लगभग ${rs(c.low)}-${rs(c.high)} का है${c.scaled ? ' (3 kW के दाम से अनुपात में)' : ''}। DISCOM-पंजीकृत विक्रेताओं से कोटेशन लें।`,
    hinglish: `Andaaza: vendor daam ke hisaab se ${kwS(u.kw)} kW system subsidy se pehle lagbhag ${rs(c.low)}-${rs(c.high)} ka hai${c.scaled ? ' (3 kW ke daam se anupaat mein)' : ''}. DISCOM-registered vendors se quote lein.`,
  }, w, lang, [38, 39, 40], ['System Cost [38][39][40]']);
}

/** Payback, an estimate: net cost / yearly saving (fact sheet, System Cost illustration; Benefits [2]). */
function paybackFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const quote = u.amounts.find((a) => a.role === 'quote');
  const bill = u.amounts.find((a) => a.role === 'bill');
  const special = u.state?.specialCategory ?? false;
  const central = centralSubsidy(u.kw, { specialCategory: special });
  const c = quote ? { low: quote.value, high: quote.value } : costRange(u.kw);
  const net = { low: Math.max(0, c.low - central), high: Math.max(0, c.high - central) };
  const yearly = bill ? bill.value * 12 : YEARLY_SAVING_300_UNITS;
  const p = paybackRange(net, yearly);
  const netS = net.low === net.high ? rs(net.low) : `${rs(net.low)}-${rs(net.high)}`;
  const years = p.low === p.high ? `${p.low}` : `${p.low}-${p.high}`;
  const w = `${netS} / ${rs(yearly)} a year = about ${years} years`;
  const basis: Texts = bill
    ? { english: `if solar saved your whole ${rs(bill.value)} monthly bill (a zero bill is not guaranteed)`, hindi: `अगर सोलर आपका पूरा ${rs(bill.value)} मासिक बिल बचा दे (शून्य बिल की गारंटी नहीं है)`, hinglish: `agar solar aapka poora ${rs(bill.value)} mahine ka bill bacha de (zero bill ki guarantee nahi hai)` }
    : { english: `at the estimated saving of about ${rs(YEARLY_SAVING_300_UNITS)} a year for a home using up to 300 units a month`, hindi: `300 यूनिट प्रति माह तक वाले घर की अनुमानित बचत लगभग ${rs(YEARLY_SAVING_300_UNITS)} सालाना के हिसाब से`, hinglish: `300 unit/mahina tak wale ghar ki andaazan bachat lagbhag ${rs(YEARLY_SAVING_300_UNITS)} saal ke hisaab se` };
  return out({
    english: `Estimate: about ${netS} after the central subsidy pays back in about ${years} years ${basis.english}. Vendors claim 3-5 years; these are estimates, not promises.`,
    hindi: `अनुमान: केंद्र की सब्सिडी के बाद लगभग ${netS} लगभग ${years} साल में वसूल होता है, ${basis.hindi}। विक्रेता 3-5 साल बताते हैं; ये अनुमान हैं, वादा नहीं।`,
    hinglish: `Andaaza: central subsidy ke baad lagbhag ${netS} lagbhag ${years} saal mein vasool hota hai, ${basis.hinglish}. Vendors 3-5 saal batate hain; ye andaaze hain, vaada nahi.`,
  }, { english: w, hindi: `${netS} / ${rs(yearly)} सालाना = लगभग ${years} साल`, hinglish: `${netS} / ${rs(yearly)} saal = lagbhag ${years} saal` }, lang, [2, 41], ['Benefits [2]', 'System Cost [41]']);
}

/**
 * Works out the number an intent asks for, in the asker's language, with a
 * one-line working and the fact-sheet rule it rests on; null when the
 * message lacks what the rule needs or the fact sheet does not determine the
 * number (a size from a bill needs the tariff; surplus settlement has no
 * number; a loan above 10 kW has no rule in the sheet).
 * @example computeIntent(understand('3 kW ke liye kitni jagah', 'hinglish'), 'area_for_kw', 'hinglish')?.working
 *   // '3 kW x 10-12 m2 = 30-36 m2, lagbhag 320-390 sq ft'
 */
export function computeIntent(given: Understanding, intent: Intent, language: ChatLanguage): Computed | null {
  // A size of zero or less (or not finite) is no size.
  let sane: Understanding = given;
  if (given.kw !== undefined && !(given.kw > 0 && Number.isFinite(given.kw))) {
    sane = { ...given };
    delete sane.kw;
  }
  const u = intent === 'size_for_units' ? sane : withSize(sane);
  switch (intent) {
    case 'area_for_kw': return u.kw !== undefined && u.kw > 0 ? areaForKw(u.kw, language) : null;
    case 'kw_for_area': return u.area && u.area.m2 > 0 ? kwForArea(u.area, language) : null;
    case 'yearly_units': { const kw = sizeOf(u); return kw !== undefined ? yearlyUnits(kw, language) : null; }
    case 'monthly_units': { const kw = sizeOf(u); return kw !== undefined ? monthlyUnits(kw, language) : null; }
    case 'daily_units': { const kw = sizeOf(u); return kw !== undefined ? dailyUnits(kw, language) : null; }
    case 'size_for_units': return u.units && u.units.value > 0 ? sizeForUnits(u.units, language) : null;
    case 'size_for_bill': return null;
    case 'subsidy': return subsidyFor(u, language);
    case 'state_subsidy': return stateSubsidyFor(u, language);
    case 'net_cost': return netCostFor(u, language);
    case 'loan_split': return loanSplitFor(u, language);
    case 'loan_terms': return loanTermsFor(u, language);
    case 'society_subsidy': return societySubsidyFor(u, language);
    case 'cost': return costFor(u, language);
    case 'payback': return paybackFor(u, language);
    case 'surplus_settlement': return null;
    default: return null;
  }
}

// ---------------------------------------------------------------------------
// Checking a figure the message asserts

/** A checked claim: whether the fact sheet bears it out (null: it depends, said in the text), and the true figure. */
export interface ClaimCheck extends Computed {
  holds: boolean | null;
}

const SUBSIDY_MAX = 85_800 + 50_000;
/** States whose top-up the fact sheet gives as an amount (Subsidy [32]-[35]). */
const STATES_WITH_TOP_UP: StateKey[] = ['uttar-pradesh', 'delhi', 'assam', 'ladakh']; // the largest total the sheet gives: Ladakh, special-category central + state (Subsidy [5][35])

/**
 * Checks a figure the message asserts against the fact sheet and gives the
 * true one, in the asker's language:
 * - subsidy: central for the size (special-category rates where the state is
 *   one), plus the state's top-up where the sheet gives it (Subsidy [1][5][30][32]-[35]);
 *   without a size, the rule and its caps; more than any total the sheet gives is false;
 * - interest: SBI 6.75% up to 3 kW, 8.90% for 3-10 kW, about 7% at launch, about 6% reported in Oct 2025 (Buying Solar [1][9][10][11]);
 * - free units: "up to 300 free units" are units the home's own panels make (Benefits [1]);
 * - loan cap: SBI Rs 2 lakh up to 3 kW, Rs 6 lakh for 3-10 kW (Buying Solar [10]);
 * - income cap: not among the published eligibility rules (Buying Solar [2]; the cap on web stories [6] is
 *   unverified and never repeated); SBI's 3-10 kW loan asks a
 *   minimum income of Rs 3 lakh [10].
 */
export function checkClaim(claim: Claim, u: Understanding, lang: ChatLanguage): ClaimCheck {
  const T = (english: string, hindi: string, hinglish: string): string => ({ english, hindi, hinglish })[lang];
  const said = rs(claim.value);
  switch (claim.what) {
    case 'subsidy': {
      const kw = claim.kw ?? u.kw;
      const base = subsidyFor(kw !== undefined ? { ...u, kw } : { ...u, state: u.state }, lang)!;
      let holds: boolean | null;
      let topText = '';
      if (kw !== undefined) {
        const central = centralSubsidy(kw, { specialCategory: u.state?.specialCategory ?? u.specialGroup ?? false });
        const top = u.state ? stateTopUpText(u.state.key, kw, lang) : undefined;
        holds = claim.value === central || (top?.amount !== undefined && claim.value === central + top.amount);
        if (top) topText = ` ${top.text}`;
        if (!u.state && !holds) {
          // No state named: a figure that is some state's total (central + top-up) depends on the state, it is not false.
          const matching = STATES_WITH_TOP_UP.filter((k) => {
            const t = stateTopUp(k, kw);
            return t.kind === 'amount' && centralSubsidy(kw, { specialCategory: SPECIAL_CATEGORY_STATES.has(k) }) + t.amount === claim.value;
          });
          if (matching.length) {
            holds = null;
            const names = matching.map((k) => stateName(k, lang)).join(lang === 'hindi' ? ' और ' : lang === 'hinglish' ? ' aur ' : ' and ');
            topText = ` ${T(`${said} is the total in ${names} only, with the state's own top-up.`, `${said} केवल ${names} में कुल राशि है, राज्य की अतिरिक्त सब्सिडी के साथ।`, `${said} sirf ${names} mein total hai, state ki extra subsidy ke saath.`)}`;
          }
        }
      } else {
        // Said of a special-category state (or the group), only their figures hold; of another state, only the standard ones.
        const specialCtx = u.state ? u.state.specialCategory : u.specialGroup;
        const [standard, higher] = [[30_000, 60_000, 78_000], [33_000, 66_000, 85_800]];
        const known = specialCtx === true ? higher : u.state ? standard : [...standard, ...higher];
        const other = specialCtx === true ? standard : u.state ? higher : [];
        holds = claim.value > SUBSIDY_MAX || other.includes(claim.value) ? false : known.includes(claim.value) ? true : null;
      }
      const lead = holds === false
        ? T(`No: ${said} is not the subsidy figure. `, `नहीं: ${said} सब्सिडी का सही आंकड़ा नहीं है। `, `Nahi: ${said} subsidy ka sahi figure nahi hai. `)
        : holds === true ? T('Yes. ', 'हाँ। ', 'Haan. ') : '';
      return { ...base, text: `${lead}${base.text}${topText}`, holds };
    }
    case 'subsidy_percent': {
      const holds = claim.value === 60 || claim.value === 40 ? null : false;
      const lead = holds === false ? T(`Not ${claim.value}%. `, `${claim.value}% नहीं। `, `${claim.value}% nahi. `) : '';
      return {
        holds,
        text: lead + T(
          'The central subsidy is 60% of the benchmark cost for the first 2 kW and 40% for the third kW: Rs 30,000/kW and Rs 18,000, at most Rs 78,000 (as of 2026). It is a share of the benchmark cost, not of your vendor\'s price.',
          'केंद्र की सब्सिडी पहले 2 kW पर बेंचमार्क लागत का 60% और तीसरे kW पर 40% है: Rs 30,000/kW और Rs 18,000, अधिकतम Rs 78,000 (2026 के अनुसार)। यह बेंचमार्क लागत का हिस्सा है, आपके विक्रेता के दाम का नहीं।',
          'Central subsidy pehle 2 kW par benchmark cost ka 60% aur teesre kW par 40% hai: Rs 30,000/kW aur Rs 18,000, maximum Rs 78,000 (2026 ke hisaab se). Ye benchmark cost ka hissa hai, aapke vendor ke daam ka nahi.',
        ),
        working: '60% (first 2 kW) = Rs 30,000/kW; 40% (third kW) = Rs 18,000', sources: ['Subsidy [1][5][30]'], sourceIds: [1, 5, 30],
      };
    }
    case 'interest': {
      const holds = [6, 6.75, 7, 8.9].includes(claim.value);
      const w = 'SBI: 6.75% (up to 3 kW), 8.90% (3-10 kW); repo rate + 0.5%, about 7% at launch';
      const lead = holds ? '' : T(`${claim.value}% is not the scheme's rate. `, `${claim.value}% योजना की ब्याज दर नहीं है। `, `${claim.value}% scheme ki byaaj dar nahi hai. `);
      return {
        holds,
        text: lead + T(
          'Scheme loans are collateral-free at the repo rate + 0.5% (about 7% at launch); SBI\'s page gives 6.75% up to 3 kW and 8.90% for 3-10 kW (about 6% was reported in Oct 2025). Check with the bank for the current rate.',
          'योजना के लोन बिना गारंटी के रेपो रेट + 0.5% पर हैं (शुरुआत में लगभग 7%); SBI के पेज पर 3 kW तक 6.75% और 3-10 kW पर 8.90% (अक्टूबर 2025 में लगभग 6% बताया गया)। मौजूदा दर बैंक से पूछें।',
          'Scheme ke loan bina guarantee ke repo rate + 0.5% par hain (shuru mein lagbhag 7%); SBI ke page par 3 kW tak 6.75% aur 3-10 kW par 8.90% (Oct 2025 mein lagbhag 6% bataya gaya). Current rate bank se poochein.',
        ),
        working: w, sources: ['Buying Solar [1][9][10][11]'], sourceIds: [1, 9, 10, 11],
      };
    }
    case 'free_units': {
      const holds = claim.value === 300 ? null : false;
      const lead = holds === false ? T(`The figure is 300, not ${formatRupees(claim.value)}. `, `आंकड़ा 300 है, ${formatRupees(claim.value)} नहीं। `, `Figure 300 hai, ${formatRupees(claim.value)} nahi. `) : '';
      return {
        holds,
        text: lead + T(
          '"Up to 300 free units a month" means units made by your own rooftop panels, not free electricity from the grid; a 3 kW system averages more than 300 units a month. A zero bill is not guaranteed.',
          '"हर महीने 300 यूनिट तक मुफ्त" का मतलब है आपकी अपनी छत के पैनल से बनी यूनिट, ग्रिड से मुफ्त बिजली नहीं; 3 kW सिस्टम औसतन महीने में 300 से ज़्यादा यूनिट बनाता है। शून्य बिल की गारंटी नहीं है।',
          '"Har mahine 300 unit tak free" ka matlab hai aapki apni chhat ke panel se bani unit, grid se free bijli nahi; 3 kW system average mahine mein 300 se zyada unit banata hai. Zero bill ki guarantee nahi hai.',
        ),
        working: '300 units/month = units made by the home\'s own panels', sources: ['Benefits [1][3]'], sourceIds: [1, 3],
      };
    }
    case 'loan_cap': {
      const kw = claim.kw ?? u.kw;
      const slab = kw !== undefined ? sbiSlab(kw) : null;
      const holds = slab ? claim.value === slab.cap : [200_000, 600_000].includes(claim.value) ? null : false;
      const lead = holds === false ? T(`${said} is not SBI's limit. `, `${said} SBI की सीमा नहीं है। `, `${said} SBI ki limit nahi hai. `) : '';
      return {
        holds,
        text: lead + T(
          'SBI lends up to Rs 2 lakh for systems up to 3 kW (10% margin) and up to Rs 6 lakh for 3-10 kW (20% margin), for up to 120 months.',
          'SBI 3 kW तक के सिस्टम पर अधिकतम Rs 2 लाख (10% मार्जिन) और 3-10 kW पर अधिकतम Rs 6 लाख (20% मार्जिन) लोन देता है, 120 महीने तक।',
          'SBI 3 kW tak ke system par maximum Rs 2 lakh (10% margin) aur 3-10 kW par maximum Rs 6 lakh (20% margin) loan deta hai, 120 mahine tak.',
        ),
        working: 'SBI: <= 3 kW loan <= Rs 2,00,000; 3-10 kW loan <= Rs 6,00,000', sources: ['Buying Solar [10]'], sourceIds: [10],
      };
    }
    case 'income_cap':
    default: {
      const sbiMin = claim.value === 300_000;
      return {
        holds: sbiMin ? null : false,
        text: T(
          'The scheme\'s published eligibility is: an Indian citizen who owns a house with a suitable roof, has a valid electricity connection and has not taken another solar subsidy. An income limit is not among these rules. (SBI\'s loan for 3-10 kW asks a minimum income of Rs 3 lakh.)',
          'योजना की प्रकाशित पात्रता: भारतीय नागरिक, जिसके पास उपयुक्त छत वाला अपना घर हो, वैध बिजली कनेक्शन हो और कोई दूसरी सोलर सब्सिडी न ली हो। आय की सीमा इन नियमों में नहीं है। (3-10 kW के SBI लोन के लिए न्यूनतम आय Rs 3 लाख है।)',
          'Scheme ki published eligibility: Indian citizen, jiske paas suitable chhat wala apna ghar ho, valid bijli connection ho aur koi doosri solar subsidy na li ho. Income ki limit in niyamon mein nahi hai. (3-10 kW ke SBI loan ke liye minimum income Rs 3 lakh hai.)',
        ),
        working: 'Eligibility: citizen, own house and roof, valid connection, no other solar subsidy', sources: ['Buying Solar [2][10]'], sourceIds: [2, 10],
      };
    }
  }
}
