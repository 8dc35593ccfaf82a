import stopwordsIso from 'stopwords-iso/stopwords-iso.json';
import { consonantKey, isCoreSolarToken, isDomainToken, isOtherDomainToken, isWrittenStopword, tokenize } from './normalize';
import { placeFold, placeTokens, readPlaces } from './states';

/**
 * The edge of what the assistant knows. An answer found for a question
 * (a bank entry, or a figure worked out for an intent such as "subsidy")
 * covers a subject: the words its bank entries use. A question whose own
 * subject words that answer does not cover ("gold" in "gold rate in Mumbai",
 * "scooter" in "subsidy on an electric scooter", "heater" in "solar water
 * heater price") asks about something else, however many domain words
 * ("subsidy", "rate", "solar") it shares with the answer; it gets the honest
 * no-match reply instead.
 *
 * The decision is a score, not a list of off-topic words: each of the
 * question's words is weighed by how specific it is in the bank (idf over
 * the bank's entries; a word no entry uses weighs most), and the score is
 * the share of that weight the answer does not cover. Words that name no
 * subject are left out: numbers and units, places (the state reader's
 * names and cities), words most entries use ("solar", "subsidy", "kitna"),
 * and the conversational frame of a question (FRAME_WORDS: "today",
 * "aaj", "tell me"). The threshold is calibrated on the tuning sets of
 * data/eval and data/eval-answers (`npm run eval:assistant`).
 * Pure functions, no I/O.
 */

/** What the bank's words say: per token, how many entries use it (any language, question, alternates or answer). */
export interface BankVocabulary {
  /** Number of entries (ids). */
  entries: number;
  /** Token -> entries that use it. */
  df: ReadonlyMap<string, number>;
  /** Every token the bank uses (the keys of `df`). */
  words: ReadonlySet<string>;
}

/**
 * Builds the vocabulary from each entry's texts (all its languages' question,
 * alternates and answer as one list per entry).
 * @example bankVocabulary([['What is net metering?', 'Net metering is ...']]).df.get('net') // 1
 */
export function bankVocabulary(entryTexts: Iterable<readonly string[]>): BankVocabulary {
  const df = new Map<string, number>();
  let entries = 0;
  for (const texts of entryTexts) {
    entries++;
    for (const t of wordSet(texts)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { entries, df, words: new Set(df.keys()) };
}

/** A text with each web address also written as its name ("jansamarth.in" -> "jansamarth"), so the name counts as a word. */
export function withAddressNames(text: string): string {
  return `${text} . ${text.replace(/\b([a-z0-9-]+)\.(in|com|org|gov\.in|nic\.in)\b/gi, '$1')}`;
}

/**
 * The tokens of some texts, as `tokenize` writes them (concept tokens and
 * the folded words themselves), with a web address counted by its name too.
 */
export function wordSet(texts: readonly string[]): Set<string> {
  const text = withAddressNames(texts.join(' . '));
  return new Set([...tokenize(text), ...tokenize(text, { concepts: false })]);
}

/**
 * Words that frame a question without naming its subject: the common words
 * of English and Hindi (stopwords-iso's lists: "around", "over", "right";
 * the Hindi list also in its Latin spellings, "mujhe", "phir", "bas"), and a
 * few of the spoken frame the lists lack: time ("tomorrow", "aaj", "abhi"),
 * asking ("tell", "batao", "whats"). They are not stopwords for retrieval
 * (some entries are about "kab"/"when"), but no answer is wrong for lacking
 * them.
 */
const FRAME_WORDS_RAW = [
  'today', 'todays', 'tomorrow', 'yesterday', 'now', 'currently', 'current', 'latest', 'nowadays', 'whats', 'what\'s', 'hows', 'tell',
  'let', 'need', 'needs', 'plan', 'planning', 'want', 'wants', 'wanted', 'like', 'okay', 'ok', 'thanks', 'thank', 'one', 'ones', 'too',
  'again', 'else', 'other', 'another', 'same', 'that', 'thing', 'things', 'something', 'anything', 'going', 'go', 'give', 'gives',
  'fine', 'separately', 'separate', 'anyway', 'anyways', 'btw', 'meanwhile',
  'aaj', 'kal', 'abhi', 'ab', 'parso', 'filhal', 'aajkal', 'chal', 'chalta', 'chalti', 'raha', 'bolo', 'bol', 'bata', 'batado', 'jao',
  'dikhao', 'dikha', 'chahiye', 'chahie', 'wala', 'wali', 'wale', 'vala', 'vali', 'vale', 'lena', 'lene', 'lo', 'le', 'dena', 'dene', 'do',
  'आज', 'कल', 'अभी', 'अब', 'परसों', 'फिलहाल', 'आजकल', 'चल', 'चलता', 'चलती', 'बोलो', 'बता', 'चाहिए', 'वाला', 'वाली', 'वाले', 'लेना',
  'लेने', 'देना', 'देने', 'दो', 'ठीक', 'अच्छा', 'tum', 'tu', 'tumhe', 'tumhara', 'usko', 'unko', 'isko', 'inko', 'kis', 'kisme', 'kisko',
  // Calendar words date a question, they name no subject ("closes in Dec 2025", "दिसंबर तक", "every week").
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'जनवरी', 'फरवरी', 'फ़रवरी', 'मार्च', 'अप्रैल',
  'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'सितम्बर', 'अक्टूबर', 'अक्तूबर', 'नवंबर', 'नवम्बर', 'दिसंबर', 'दिसम्बर', 'week', 'weeks',
  'weekly', 'daily', 'monthly', 'yearly', 'hafta', 'hafte', 'हफ्ते', 'हफ़्ते', 'हफ्ता', 'saptah', 'सप्ताह',
  // Chat shorthand frames a question the way the words it shortens do ("abt 600 units", "wud we get", "pls").
  'abt', 'wud', 'wd', 'cud', 'shd', 'shud', 'pls', 'plz', 'pl', 'thx', 'thnx', 'tnx', 'coz', 'cuz', 'bcoz', 'bcz', 'hw', 'wht', 'wat',
  'u', 'ur', 'r', 'n', 'nd', 'gud', 'gd', 'v', 'hv', 'kr', 'krna', 'bta', 'btao', 'kya', 'h', 'hai', 'approx', 'approximately',
  'roughly', 'rougly', 'around', 'lagbhag', 'takriban', 'करीब', 'लगभग',
  // Where a home stands says where, not what about ("समुद्र किनारे रहते हैं", "hilly area", "gaon me").
  'coast', 'coastal', 'sea', 'seaside', 'beach', 'samudra', 'samundar', 'kinare', 'kinara', 'समुद्र', 'समुंदर', 'किनारे', 'किनारा', 'hills',
  'hilly', 'pahad', 'pahadi', 'पहाड़', 'पहाड़ी', 'rural', 'urban', 'village', 'gaon', 'गांव', 'गाँव', 'town', 'shehar', 'शहर',
  // Limiting and forbidding words frame a claim ("bas saal me ek baar", "paani se mat dhona", "sirf bill").
  'mat', 'bas', 'sirf', 'sirph', 'kewal', 'keval', 'kabhi', 'kabhie', 'सिर्फ', 'सिर्फ़', 'केवल', 'कभी', 'मत', 'बस', 'only', 'never', 'ever',
  // Reporting a claim says where it came from, not what it is about ("the vendor told me", "I read", "the official figure").
  'told', 'said', 'says', 'say', 'read', 'heard', 'hear', 'claim', 'claims', 'claimed', 'official', 'officially', 'figure', 'figures',
  'suna', 'suni', 'sune', 'सुना', 'सुनी', 'सुने', 'kaha', 'kehna', 'kehta', 'kehte', 'kahna', 'kahta', 'kahte', 'bola', 'boli', 'bole', 'कहा',
  'कहना', 'कहता', 'कहते', 'बोला', 'बोले', 'mistri', 'mistry', 'मिस्त्री',
  // Where a claim was read and when in the year say nothing of its subject ("read online that ... in summer").
  'online', 'internet', 'google', 'youtube', 'whatsapp', 'facebook', 'instagram', 'news', 'article', 'video', 'summer', 'winter', 'garmi',
  'garmiyon', 'sardi', 'sardiyon', 'गर्मी', 'गर्मियों', 'सर्दी', 'सर्दियों',
  // What an asker does for a living says who asks ("I'm a govt school teacher"), as kin do.
  'teacher', 'school', 'employee', 'employees', 'staff', 'officer', 'clerk', 'doctor', 'nurse', 'retired', 'pensioner', 'student', 'professor',
  'naukri', 'naukari', 'shikshak', 'टीचर', 'शिक्षक', 'कर्मचारी', 'karmchari', 'नौकरी',
  // Needing says that something is asked for, not what ("there's no approved-list requirement", "ज़रूरी है").
  'requirement', 'requirements', 'required', 'require', 'requires', 'needed', 'necessary', 'mandatory', 'compulsory', 'zaruri', 'zaroori',
  'jaruri', 'जरूरी', 'ज़रूरी', 'आवश्यक',
  // Conditions and joining ("agar ... jud jaye to", "यदि"), said around any subject.
  'agar', 'agr', 'yadi', 'jaye', 'jaaye', 'jayen', 'jud', 'jude', 'judna', 'jod', 'jodna', 'jodo', 'जुड़', 'जोड़', 'यदि',
  // The people an asker mentions say who asks, not what about ("my brother in Bengaluru wants 2 kW").
  'friend', 'brother', 'sister', 'father', 'mother', 'parents', 'uncle', 'aunt', 'neighbour', 'neighbor', 'relative', 'family', 'cousin',
  'wife', 'husband', 'son', 'daughter', 'colleague', 'landlord', 'beta', 'beti', 'bhabhi', 'didi', 'jija', 'mausi', 'bua', 'pati', 'patni',
  'dost', 'bhai', 'behen', 'bahan', 'chacha', 'chachi', 'mama', 'mami', 'papa', 'mummy', 'pitaji', 'mataji', 'padosi', 'rishtedar', 'dada',
  'dadaji', 'nana', 'sasur', 'दोस्त', 'भाई', 'बहन', 'चाचा', 'मामा', 'पापा', 'पिताजी', 'माताजी', 'पड़ोसी', 'रिश्तेदार', 'दादा', 'दादाजी', 'ससुर',
];
let frame: Set<string> | undefined;
/** True when a `tokenize` token frames a question without naming its subject (FRAME_WORDS_RAW and stopwords-iso's lists). */
export function isFrame(token: string): boolean {
  return frameSet().has(token);
}
function frameSet(): Set<string> {
  if (!frame) {
    frame = new Set();
    const lists = stopwordsIso as Record<string, string[]>;
    for (const w of [...FRAME_WORDS_RAW, ...(lists.en ?? []), ...(lists.hi ?? [])]) for (const t of tokenize(w)) frame.add(t);
  }
  return frame;
}

const INITIALS = new WeakMap<BankVocabulary, Map<string, string[]>>();
/** The bank's and the frame's words by first letter, for the one-letter-off check. */
function byInitial(vocab: BankVocabulary): Map<string, string[]> {
  let m = INITIALS.get(vocab);
  if (!m) {
    m = new Map();
    for (const w of new Set([...vocab.words, ...frameSet()])) {
      const list = m.get(w[0]!) ?? [];
      list.push(w);
      m.set(w[0]!, list);
    }
    INITIALS.set(vocab, m);
  }
  return m;
}

/** The Hindi genitive particle between a qualifier and its noun ("mobile ka EMI", "कार का लोन"). */
const GENITIVE = /^(ka|ki|ke|kaa|kii|का|की|के)$/i;

/** The money products the scheme is about, whose other kinds (a personal loan, an e-rickshaw subsidy) are outside it. */
const PRODUCT_WORDS = 'loan emi subsidy scheme yojana plant system price rate cost kimat keemat daam लोन सब्सिडी योजना प्लांट सिस्टम कीमत दाम रेट';
let productTokens: Set<string> | undefined;
const PRODUCT_TOKENS = () => (productTokens ??= new Set(tokenize(PRODUCT_WORDS)));

/** Money words whose object says what the money is for: a subsidy "on an electric scooter" is not the scheme's. */
let moneyTokens: Set<string> | undefined;
const MONEY_TOKENS = () => (moneyTokens ??= new Set(tokenize('subsidy loan emi सब्सिडी लोन price rate fee charge रेट')));
/**
 * Words between a money word and its object, or before a postposition, that say how it is got or who gets it, not
 * what it is for: buying and getting, pronouns ("mujhe", "usme"), and the verbs of getting a thing done ("lagwane",
 * "karwane", "बढ़वाने").
 */
const ACQUIRING = /^(buying|purchasing|getting|buy|purchase|get|a|an|the|my|our|new|i|we|you|mujhe|mujhko|hume|humein|hamein|hame|humko|hamko|unhe|unko|usko|use|aapko|apko|tumhe|usme|isme|unme|inme|uspe|ispe|usmein|ismein|मुझे|हमें|उन्हें|उसे|आपको|इसमें|उसमें|इसपर|उसपर|naya|nayi|naye|nai|lene|lena|leni|lete|khareedne|kharidne|kharidane|kharidna|kharidte|lagane|lagwane|karwane|karvane|karane|badhwane|badhvane|bharne|लगवाने|लगाने|करवाने|कराने|बढ़वाने|बढ़वाने|भरने|लेने|लेना|खरीदने|ख़रीदने|नया|नई|नए)$/i;
let loanTokens: Set<string> | undefined;
const LOAN_TOKENS = () => (loanTokens ??= new Set(tokenize('loan लोन')));
/** Words that link a money word to its object after it ("subsidy on ...", "loan for ..."). */
const OBJECT_AFTER = /^(on|for)$/i;
/** Postpositions that link an object before them to a money word after ("स्कूटर पर ... सब्सिडी", "car lene pe ... subsidy"). */
const OBJECT_BEFORE = /^(pe|par|पर|liye|लिए)$/i;
/** Who or where a subsidy or loan is for (a home, a society, a family): the scheme's own objects, not another product. */
let ownerTokens: Set<string> | undefined;
const OWNER_TOKENS = () => (ownerTokens ??= new Set(tokenize(
  'home homes house houses housing ghar makan makaan flat flats society societies building apartment family families people owner village gaon '
  + 'city shehar person घर मकान फ्लैट सोसाइटी परिवार गांव गाँव शहर होम हाउसिंग',
)));

/**
 * The objects of a message's money words that name something other than rooftop solar: "subsidy on buying an
 * electric scooter", "ई-रिक्शा खरीदने पर ... सब्सिडी", "कार का लोन". An object is the word before a genitive before a
 * money word, the last word of "on/for ..." after it, or the word before a postposition ("pe", "पर", "के लिए") with a
 * money word after; it names something else when it is no solar word, number, place or frame word, no home, society
 * or family, and none of the `known` words (those of the
 * bank's entries that ask about a subsidy's or loan's money: "central", "common area", "EV charger" are theirs).
 * @returns the objects as written, in order; empty when every money word is about the scheme's own things.
 * @example moneyObjects('ok and is there any subsidy on buying an electric scooter too?') // ['scooter']
 */
export function moneyObjects(text: string, known: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  const other = (w: QuestionWord | undefined, owners: boolean): boolean => {
    if (!w || [...w.word].length < 3 || /\d/.test(w.word) || ACQUIRING.test(w.word)) return false;
    if (w.tokens.some((t) => covers(known, t)) || covers(known, w.word.toLowerCase())) return false;
    if (w.tokens.length === 0) return !isWrittenStopword(w.word) && !GENITIVE.test(w.word) && !OBJECT_BEFORE.test(w.word) && !OBJECT_AFTER.test(w.word);
    if (w.tokens.some((t) => isDomainToken(t) || isFrame(t) || QUANTITY_TOKENS.has(t) || MONEY_TOKENS().has(t))) return false;
    if (owners && w.tokens.some((t) => OWNER_TOKENS().has(t))) return false;
    const r = readPlaces(w.word);
    return r.states.length === 0 && r.foreign.length === 0;
  };
  const namesSolar = tokenize(text).some(isCoreSolarToken);
  for (const segment of text.split(/[,.?!;:—–]+/u)) {
    const words = questionWords(segment);
    const money = (i: number) => (words[i]?.tokens ?? []).some((t) => MONEY_TOKENS().has(t));
    words.forEach((w, i) => {
      if (money(i)) {
        // Before it with a genitive: "कार का लोन", "scooter ki subsidy" (a bare word before it is too often a typo or a
        // size word: "mch subsidi", "max loan").
        if (GENITIVE.test(words[i - 1]?.word ?? '') && other(words[i - 2], true)) out.push(words[i - 2]!.word);
        // A home right before a loan is another product: "home loan", "होम लोन", "housing loan" (the scheme's loan is
        // for the solar system on a home: "loan for my home" is its own).
        // And any other thing named right before a loan: "car loan", "plot purchase loan", "gold loan".
        const isLoan = words[i]!.tokens.some((t) => LOAN_TOKENS().has(t));
        let b = i - 1;
        while (isLoan && b >= 0 && ACQUIRING.test(words[b]!.word)) b--;
        const before = words[b];
        // (A word of manner before a loan for solar, "easy loan for solar", is the scheme's loan said plainly.)
        const scheme = /^(surya|सूर्य)$/i.test(words[b - 1]?.word ?? '');
        const home = before?.tokens.some((t) => OWNER_TOKENS().has(t));
        if (isLoan && before && !scheme && (home || (!namesSolar && other(before, false)))) out.push(before.word);
        // After it: "subsidy on buying an electric scooter (too)": the last word of the run before a frame word.
        if (OBJECT_AFTER.test(words[i + 1]?.word ?? '')) {
          let j = i + 2;
          while (j < words.length && ACQUIRING.test(words[j]!.word)) j++;
          let last: QuestionWord | undefined;
          for (let k = j; k < Math.min(words.length, j + 3); k++) {
            const x = words[k]!;
            if (x.tokens.length === 0 || x.tokens.every(isFrame)) break;
            last = x;
          }
          if (other(last, true)) out.push(last!.word);
        }
      }
      // Before a postposition with a money word within five words after: "स्कूटर पर सरकार कितनी सब्सिडी".
      if (OBJECT_BEFORE.test(w.word) && [1, 2, 3, 4, 5].some((d) => money(i + d))) {
        let j = i - 1;
        if (/^(liye|लिए)$/i.test(w.word) && GENITIVE.test(words[j]?.word ?? '')) j--;
        while (j >= 0 && ACQUIRING.test(words[j]!.word)) j--;
        if (other(words[j], true)) out.push(words[j]!.word);
      }
    });
  }
  return [...new Set(out)];
}

/** Share of the bank's entries at and above which a word names no particular subject ("solar", "subsidy", "kitna"). */
export const GENERIC_SHARE = 0.12;

/** Tokens of units and amounts: quantities, not subjects. */
const QUANTITY_TOKENS = new Set((
  'kw kilowatt unit units rs rupees lakh hazar crore m2 sqft sq ft feet foot square meter metre gaj kwh watt percent yr yrs year years month '
  + 'किलोवाट यूनिट रुपये लाख हज़ार करोड़ वर्ग फुट फ़ुट मीटर गज प्रतिशत साल महीने'
).split(' ').flatMap((w) => [...tokenize(w), ...tokenize(w, { concepts: false })]));

/** Edit distance at most 1 (one letter added, dropped or changed): "mch"/"much", "ariv"/"arive". */
function nearlySame(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const tail = (x: string, y: string) => x === y;
  return tail(a.slice(i + 1), b.slice(i + 1)) || tail(a.slice(i), b.slice(i + 1)) || tail(a.slice(i + 1), b.slice(i));
}

/**
 * Regions the fact sheet names as groups of states (Subsidy [5]: "the North-East", the islands), folded as place
 * names are (lib/states.ts placeFold): places, not subjects.
 */
const REGIONS = ['north east', 'northeast', 'north-east', 'north eastern', 'uttar purv', 'पूर्वोत्तर', 'उत्तर पूर्व', 'उत्तर-पूर्व']
  .map((r) => r.split(/\s+/).map(placeFold).join(' '));

/** Indexes of the words that name a place (a state, UT, city or foreign place), read a few words at a time. */
function placeWords(words: readonly QuestionWord[], extra: string | undefined): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    for (const n of [3, 2, 1]) {
      if (i + n > words.length) continue;
      const r = readPlaces(words.slice(i, i + n).map((w) => w.word).join(' '));
      if (r.states.length > 0 || r.foreign.length > 0) for (let j = i; j < i + n; j++) out.add(j);
    }
  }
  const text = words.map((w) => placeFold(w.word.toLowerCase())).join(' ');
  for (const region of REGIONS) {
    const at = ` ${text} `.indexOf(` ${region} `);
    if (at < 0) continue;
    const first = text.slice(0, at).split(' ').filter(Boolean).length;
    for (let j = first; j < first + region.split(' ').length; j++) out.add(j);
  }
  if (extra) {
    const named = new Set(placeTokens(extra));
    words.forEach((w, i) => { if (placeTokens(w.word).some((t) => named.has(t))) out.add(i); });
  }
  return out;
}

/** One word of the question as written, with its tokens. */
export interface QuestionWord {
  /** The word as the person wrote it. */
  word: string;
  /** Its `tokenize` tokens (none for a stopword). */
  tokens: string[];
}

/** The words of a question as written (any script), each with its tokens. */
export function questionWords(text: string): QuestionWord[] {
  const raw = text.match(/[\p{L}\p{M}\p{N}'’.-]+/gu) ?? [];
  return raw
    .map((w) => w.replace(/^[.'’-]+|[.'’-]+$/g, ''))
    .filter(Boolean)
    .map((word) => ({ word, tokens: tokenize(word) }));
}

/** The verdict of `uncoveredSubject`. */
export interface SubjectReading {
  /** 0-1: the share of the question's subject weight the answer does not cover. */
  score: number;
  /** The subject weight of the question (idf units), covered or not; 0 when it names no subject. */
  weight: number;
  /** The question's subject tokens the answer does not cover. */
  uncovered: string[];
  /** Those that no bank entry uses at all. */
  unknown: string[];
  /** A word no entry uses with the solar word it qualifies ("personal loan"): another kind of what the answer covers. */
  kinds: string[];
  /** Those that one bank entry alone uses ("kisan", "star": a passing mention), not the answer's. */
  rare: string[];
  /**
   * The uncovered words as the person wrote them, joined where adjacent ("water heater"), where the run has a
   * word no entry uses: for naming the subject. Empty when such runs carry less than half the uncovered weight.
   */
  phrases: string[];
  /** Every run of uncovered words as written: what a later part that names no subject of its own asks about. */
  subject: string[];
}

/** Inflection endings, after folding: "quoted"/"quote", "options"/"option", "allowed"/"allow". */
const ENDINGS = ['ings', 'ing', 'ed', 'es', 's', 'ly', 'ers', 'er', 'ions', 'ion', 'ment', 'ments'];
/** A token without its inflection ending, when at least 4 letters stay. */
function stem(token: string): string {
  for (const e of ENDINGS) if (token.endsWith(e) && token.length - e.length >= 4) return token.slice(0, -e.length);
  return token;
}

/** Consonant keys and stems of a set of words, for matching misspellings and inflections. */
interface Forms { keys: Set<string>; stems: Set<string> }
const FORMS = new WeakMap<ReadonlySet<string>, Forms>();
function formsOf(words: ReadonlySet<string>): Forms {
  let f = FORMS.get(words);
  if (!f) {
    f = { keys: new Set([...words].map(consonantKey).filter(Boolean)), stems: new Set([...words].map(stem)) };
    FORMS.set(words, f);
  }
  return f;
}

/** A token is covered by a set of words when the set has it, its stem (an inflection) or its consonant key (a misspelling). */
function covers(words: ReadonlySet<string>, token: string): boolean {
  if (words.has(token)) return true;
  const f = formsOf(words);
  if (f.stems.has(stem(token))) return true;
  const k = consonantKey(token);
  return k !== '' && f.keys.has(k);
}

/**
 * How much of a question's subject an answer leaves uncovered.
 * `answerWords`: the tokens of the entries the answer rests on (their
 * questions, alternates and answers; for a worked-out figure, the entries
 * that ask for it). Places, quantities, generic and frame words do not
 * count; a misspelling counts as its word (consonant key).
 * @returns score 0 when everything is covered (or the question names no subject), up to 1.
 * @example uncoveredSubject('gold rate today in mumbai', maintenanceWords, vocab).uncovered // ['gold']
 */
export function uncoveredSubject(
  text: string, answerWords: ReadonlySet<string>, vocab: BankVocabulary, opts: { unknownPlace?: string } = {},
): SubjectReading {
  const idfMax = Math.log(1 + vocab.entries / 0.5);
  const idf = (t: string) => Math.log(1 + vocab.entries / ((vocab.df.get(t) ?? 0) + 0.5));
  const bankWords = vocab.words;
  // A misspelt common or bank word ("mch", "frequntly") is no new subject: one letter off a word of either, 5+ letters.
  const nearBank = (t: string) => t.length >= 5 && (byInitial(vocab).get(t[0]!) ?? []).some((b) => nearlySame(b, t));
  let coveredMass = 0;
  let uncoveredMass = 0;
  const uncovered: string[] = [];
  const unknown: string[] = [];
  const rare: string[] = [];
  /** Per word: 0 all covered (or no subject), 1 uncovered, 2 uncovered and unknown to the bank. */
  const flags: number[] = [];
  /** Per word: the uncovered weight it carries. */
  const weights: number[] = [];
  const words = questionWords(text);
  const places = placeWords(words, opts.unknownPlace);
  words.forEach((w, i) => {
    let open = 0;
    let weight = 0;
    const raw = tokenize(w.word, { concepts: false });
    for (const t of w.tokens) {
      if (places.has(i) || /\d/.test(t) || QUANTITY_TOKENS.has(t) || isFrame(t) || t.length < 2) continue;
      // A word most entries use names no particular subject: it counts for the answer when covered, never against it.
      const generic = (vocab.df.get(t) ?? 0) / Math.max(vocab.entries, 1) >= GENERIC_SHARE;
      if (covers(answerWords, t) || raw.some((r) => covers(answerWords, r))) {
        coveredMass += idf(t);
        continue;
      }
      if (generic) continue;
      const known = isDomainToken(t) || covers(bankWords, t) || raw.some((r) => covers(bankWords, r) || nearBank(r)) || nearBank(t);
      if (known && (vocab.df.get(t) ?? 0) === 1 && !isDomainToken(t)) rare.push(t);
      if (!known) unknown.push(t);
      uncovered.push(t);
      weight += known ? idf(t) : idfMax;
      open = Math.max(open, known ? 1 : 2);
    }
    uncoveredMass += weight;
    flags.push(open);
    weights.push(weight);
  });
  // Runs of uncovered words, kept where one of them is unknown to the bank, up to its last unknown word: the subject
  // as the person named it ("छोटी पवन चक्की विंड टर्बाइन", "water heater"), without a verb after it ("wind turbine
  // lagwa" names "wind turbine"). Named only when those runs carry most of the uncovered weight: in "गली में सोलर
  // स्ट्रीट लाइट" the unknown "गली" (lane) is not what is asked about.
  const named: Array<{ text: string; weight: number }> = [];
  const subject: string[] = [];
  let run: Array<{ word: string; unknown: boolean; weight: number }> = [];
  const close = () => {
    if (run.length > 0) subject.push(run.map((r) => r.word).join(' '));
    const last = run.map((r) => r.unknown).lastIndexOf(true);
    const kept = run.slice(0, last + 1);
    if (kept.length > 0) named.push({ text: kept.map((r) => r.word).join(' '), weight: run.reduce((a, r) => a + r.weight, 0) });
    run = [];
  };
  words.forEach((w, i) => {
    if (flags[i]) run.push({ word: w.word, unknown: flags[i] === 2, weight: weights[i]! });
    else if (w.tokens.length > 0 || run.length > 0) close();
  });
  close();
  // A word no entry uses right before a loan, subsidy or scheme word the answer covers names another kind of it:
  // "personal loan", "education loan", "bike loan" are loans the answer's (a rooftop-solar loan) is not. Words of
  // three letters or fewer are left out: too often a typo ("mch subsidi").
  // The same in the Hindi order, with "ka"/"की" between ("mobile ka EMI", "कार का लोन"), and for a word that places a
  // question in another field though the bank writes it ("mobile", "phone").
  const heads: string[] = [];
  words.forEach((w, i) => {
    const other = w.tokens.some(isOtherDomainToken) && !w.tokens.some((t) => covers(answerWords, t));
    if ((flags[i] !== 2 && !other) || [...w.word].length < 4) return;
    const of = GENITIVE.test(words[i + 1]?.word ?? '') ? 2 : 1;
    const next = words[i + of];
    if (!next || places.has(i + of)) return;
    if (next.tokens.some((t) => PRODUCT_TOKENS().has(t))) heads.push(`${w.word} ${next.word}`);
  });
  const namedWeight = named.reduce((a, r) => a + r.weight, 0);
  const phrases = namedWeight * 2 > uncoveredMass ? named.map((r) => r.text) : [];
  const total = coveredMass + uncoveredMass;
  return { score: total === 0 ? 0 : uncoveredMass / total, weight: total, uncovered, unknown, rare, kinds: heads, phrases, subject };
}
