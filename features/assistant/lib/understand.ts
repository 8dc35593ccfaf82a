import type { ChatLanguage } from '../schemas';
import { cueTokens, findCues, firstAt, type Cue } from './lexicon';
import { withoutEndTag } from './asserted';
import { isDomainToken, normalizeText, tokenize } from './normalize';
import { readQuantities, type QuestionQuantities } from './quantities';
import { placeFold, readPlaces, type StateMatch } from './states';

/**
 * Query understanding: what a question asks (its intents, in the order it
 * asks them) and what it carries (kW, units, roof area, rupee amounts with
 * their role, state or city, building type, figures it asserts), read the
 * same in English, Hindi (Devanagari) and Hinglish, from the cue lexicon
 * (lib/lexicon.ts), the quantity reader (lib/quantities.ts) and the place
 * reader (lib/states.ts). The numbers an intent asks for are worked out by
 * lib/answers/compute.ts; asserted figures are checked by lib/claims.ts.
 * Pure, no I/O.
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
/** The money a home gets under the scheme, which a commercial connection does not. */
const HOME_MONEY: ReadonlySet<Intent> = new Set<Intent>(['subsidy', 'state_subsidy', 'net_cost', 'society_subsidy']);

/** A figure the message asserts about the scheme ("subsidy is Rs 1 lakh for 3 kW, right?"). */
export interface Claim {
  what: 'subsidy' | 'subsidy_percent' | 'interest' | 'free_units' | 'loan_cap' | 'income_cap';
  value: number;
  /** The size the figure was said for, when given. */
  kw?: number;
  /** A subsidy percentage said of the vendor's price or a quote ("40% of whatever the vendor charges"). */
  ofPrice?: boolean;
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

/** A vendor's price or quote named as such (any script): what a subsidy share is not of. */
const VENDOR_PRICE = /(vendor|dealer|installer|quot\w*|price|charges?|daam|kimat|keemat|कीमत|दाम|वेंडर|कोटेशन|डीलर)/i;

/**
 * A message without what it says is replaced ("Gujarat ki jagah Delhi me", "instead of Pune, in Nagpur", "पुणे के
 * बजाय नागपुर में", "Rishikesh nahi Hisar me"): the place or figure named only to be set aside is not read; nor is
 * "khud ka" of one's own home ("mera khud ka ghar") read as one's own share of a price.
 */
function withoutReplaced(text: string): string {
  return text
    .replace(/[\p{L}\p{M}\p{N}.]+\s+(?:ki|ke|kii|की|के)\s+(?:jagah|jagha|jageh|badle|bajay|bajaye|जगह|बदले|बजाय|बजाए)\b/giu, ' ')
    .replace(/[\p{L}\p{M}\p{N}.]+\s+(?:की|के)\s+(?:जगह|बदले|बजाय|बजाए)/gu, ' ')
    .replace(/\binstead of\s+(?:a\s+|the\s+)?[\p{L}\p{N}.]+(?:\s+kw\b)?/giu, ' ')
    // "कोटा नहीं — तुरा में", "Kota nahi, Tura me", "not Pune, Nagpur": a word denied before a dash or a comma.
    .replace(/[\p{L}\p{M}\p{N}]+\s+(?:नहीं|nahi|nahin|nahi\.)\s*[—–,-]/gu, ' ')
    .replace(/\bnot\s+(?:in\s+)?[\p{L}]+\s*[—–,-]/giu, ' ')
    // "ghar Rishikesh nahi Hisar me hai": a place denied before the one the home is in.
    .replace(/[\p{L}\p{M}\p{N}]+\s+(?:नहीं|nahi|nahin)\s+(?=[\p{L}\p{M}]+\s+(?:me|mein|men|mai|में)(?![\p{L}\p{M}]))/gu, ' ')
    // "mera khud ka ghar": one's own home, not one's own share of a price.
    .replace(/(?:\bkhud|खुद|ख़ुद)\s+(?:ka|ki|ke|का|की|के)\s+(?=(?:ghar|makan|makaan|flat|घर|मकान|फ्लैट)(?![\p{L}\p{M}]))/giu, ' ');
}

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
export function understand(written: string, language: ChatLanguage): Understanding {
  void language;
  const text = withoutReplaced(written);
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
  // With an area of its own too, the roof a size needs is asked only in a question, not in a claim ("1 kW ke liye 30 m2
  // chahiye, sahi?" is checked against what the area fits).
  // Nor when the roof is named after a figure ("Can a 100 sq ft roof take 1 kW?" asks whether it fits).
  const normalized = normalizeText(text);
  const claimed = withoutEndTag(normalized) !== normalized;
  const roofFirst = roofAsk !== undefined && roofAsk < tokens.findIndex((t) => /^\d/.test(t));
  if (q.kw !== undefined && (!q.area || (roofFirst && !claimed)) && (has('area') || roofAsk !== undefined)) add('area_for_kw', Math.min(firstAt(found, 'area') ?? end, roofAsk ?? end));
  // With both an area and a size, the question is whether the size fits: answered by what fits.
  if (q.area) add('kw_for_area', firstAt(found, 'sizeAsk', 'area') ?? end);
  // A figure is asked for: an asking word not about time ("kitni subsidy", not "kitne din mein").
  const timeAt = new Set(found.get('time') ?? []);
  const asksFigure = (found.get('ask') ?? []).some((i) => !timeAt.has(i + 1));
  const claims = readClaims(found, q, places.states.length > 0, VENDOR_PRICE.test(text) && !/bench\s?mark|बेंचमार्क/i.test(text));
  // Generation for a size. "gives" counts only when the message speaks of units or electricity.
  const speaksUnits = tokens.includes('unit') || tokens.some((t) => /^(bijli|bijlii|electricity|power)$/.test(t));
  // "Make it 3 kW" changes a size; it asks no generation.
  const makesSize = /\bmake (?:it|that|this)\b/i.test(text);
  const genAsked = (has('generation') && !makesSize) || (has('generationWeak') && speaksUnits) || (q.units === undefined && q.kw !== undefined && tokens.includes('unit') && asksFigure);
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
  // "Jeb se kitna?" in a question about a loan is the own share beside it, not what is left after the subsidy.
  const pocketOfLoan = has('loan') && !has('subsidy') && tokens.some((t) => /^(jeb|pocket)$/.test(t));
  const netAsked = (has('net') && !pocketOfLoan) || (has('netWeak') && (q.kw !== undefined || quote !== undefined || asksFigure))
    || (hasQuote && has('subsidy') && !has('loan')) || ownShareIsNet;
  // Subsidy: asked as a figure, or for a size, a use, a state, the special category, or a figure the message asserts.
  const subsidyAt = firstAt(found, 'subsidy', 'subsidyWeak');
  const subsidyClaim = claims.some((c) => c.what === 'subsidy');
  // "How much will we get for 3 kW?", "Jaipur me kitna milega?": what a home gets for a size or in a place, when no
  // electricity, loan, bill, cost or time ("kab milega") is spoken of, is its subsidy.
  // Not "when will I get it" (the payment's timing) nor "do I need to get my load upgraded" (obtaining, not receiving).
  // Nor money said to come after so many days or months ("subsidy comes only 6 months after the net meter"): its timing.
  const afterDuration = tokens.some((t, i) => /^\d/.test(tokens[i - 1] ?? '') && /^(days?|din|weeks?|hafte|hafta|months?|mahine|mahina|mahino|mahinon)$/.test(t));
  const whenOrNeed = afterDuration || tokens.some((t) => /^(kab|when|need|needs|nid|nids|jarurat|jarurt)$/.test(t));
  const getsMoney = has('receive') && !has('time') && !whenOrNeed && (q.kw !== undefined || places.states.length > 0)
    && !speaksUnits && !has('generation') && !has('loan') && !has('bill') && !has('cost') && !has('area') && !has('ownShare');
  const subsidyCue = !(afterDuration && !asksFigure) && (has('subsidy') || (has('subsidyWeak') && (asksFigure || subsidyClaim) && !freeUnits) || getsMoney);
  const subsidyAsked = subsidyCue && (asksFigure || q.kw !== undefined || q.units !== undefined || places.states.length > 0 || has('special') || subsidyClaim);
  // A society's size asked for its houses ("25 घर हैं ... कितने kW पर?") is the kW its subsidy counts.
  const societySizeAsked = q.households !== undefined && has('society') && has('sizeAsk');
  if (building === 'society' && (subsidyCue || q.kw !== undefined || societySizeAsked)) add('society_subsidy', subsidyAt ?? firstAt(found, 'society', 'sizeAsk'));
  else if (subsidyAsked && !netAsked && !(quote && quote.role === 'quote')) add('subsidy', subsidyAt);
  const topUpAsked = (subsidyCue && (places.states.length > 0 || (has('stateExtra') && asksFigure))) || (has('onTop') && places.states.length > 0 && !has('surplus'));
  // The net cost on a quote takes off the state's top-up too: asked with it, the top-up is no question of its own.
  if (topUpAsked && building !== 'society' && !(netAsked && hasQuote)) add('state_subsidy', firstAt(found, 'stateExtra', 'onTop') ?? subsidyAt);
  // Net cost on a quote; loans.
  if (netAsked) add('net_cost', firstAt(found, 'net', 'netWeak', 'ownShare', 'subsidy'));
  // The interest on a size is a loan's ("5 kW pe byaaj kitna?"): the loan's terms for that size.
  if (has('interest') && !has('loan') && (q.kw !== undefined || q.kwRange !== undefined) && !has('subsidy')) add('loan_terms', firstAt(found, 'interest'));
  if (pocketOfLoan && quote !== undefined) add('loan_split', firstAt(found, 'loan'));
  if ((has('loan') || (has('ownShare') && !ownShareIsNet)) && (quote !== undefined || has('ownShare') || q.kw !== undefined || q.kwRange !== undefined || asksFigure || has('interest'))) {
    add(quote !== undefined || has('ownShare') ? 'loan_split' : 'loan_terms', firstAt(found, 'loan', 'ownShare'));
  }
  // Cost, payback, surplus.
  if (has('cost') && !netAsked && !quote && !has('loan') && (q.kw !== undefined || q.units !== undefined || asksFigure)) add('cost', firstAt(found, 'cost'));
  if (has('payback') || (has('paybackWeak') && has('money'))) add('payback', firstAt(found, 'payback', 'paybackWeak'));
  if (has('surplus') || (has('surplusWeak') && speaksUnits)) add('surplus_settlement', firstAt(found, 'surplus', 'surplusWeak'));

  // A size said to make so many units ("2kw se mahine ke 500 unit aate hain", "a 2 kW system makes 500 units a month")
  // and nothing else asked: its generation over the period said, so the stated figure can be checked.
  // ("Is 3 kW enough for 300 units?" names a use, not what the size makes.)
  const makesUnits = has('generation') || has('generationWeak') || tokens.some((t) => /^(at|ate|ati|ata|aat\w*|ban\w*|mil\w*|comes?|gives?)$/.test(t));
  if (intents.length === 0 && q.kw !== undefined && q.units?.stated && makesUnits && !has('free') && !bill && !has('money')) {
    add(q.units.per === 'year' ? 'yearly_units' : q.units.per === 'day' ? 'daily_units' : 'monthly_units', firstAt(found, 'generation', 'generationWeak') ?? end);
  }
  intents.sort((a, b) => a.at - b.at);
  // A shop or commercial connection gets no home subsidy: nothing is worked out for it, the bank's entry on such
  // connections answers ("kirana shop on commercial connection ... subsidy 60k?").
  if (building === 'commercial') {
    for (let i = intents.length - 1; i >= 0; i--) if (HOME_MONEY.has(intents[i]!.intent)) intents.splice(i, 1);
  }

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
function readClaims(found: Map<Cue, number[]>, q: ReturnType<typeof readQuantities>, placed: boolean, vendorPrice: boolean): Claim[] {
  const out: Claim[] = [];
  const near = (cue: Cue) => found.has(cue);
  const withKw = <T extends Claim>(c: T): T => (q.kw !== undefined ? { ...c, kw: q.kw } : c);
  // "The government gives Rs 1.2 lakh for 3 kW, is that correct?": a subsidy figure said with the government as giver.
  // An amount whose role is not said is a subsidy figure only when the message asserts it ("I heard ... right?").
  // A figure said about the special-category states as a group is a subsidy figure too ("special states me sirf 78000, sahi?").
  // A rupee figure asserted of a housing society is what it gets: its subsidy ("our society also gets Rs 30,000 per kW, right?").
  // Money a home gets for a size or in a place is its subsidy too ("Manipur gets the same 78k, yes?", "2kw pe 78000 milta hai na?").
  const received = near('receive') && (q.kw !== undefined || placed) && !near('loan') && !near('cost') && !near('bill');
  const subsidyTalk = (near('subsidy') || near('special') || near('society') || received || (near('subsidyWeak') && near('generationWeak'))) && near('assert');
  for (const a of q.amounts) {
    if (a.role === 'subsidy' || (a.role === 'unknown' && subsidyTalk)) out.push(withKw({ what: 'subsidy', value: a.value }));
  }
  // Of the vendor's price or a quote, a subsidy percentage is said of the wrong base (it is of the benchmark cost).
  const ofPrice = vendorPrice;
  if (near('subsidy') && !near('interest')) for (const p of q.percents) out.push({ what: 'subsidy_percent', value: p, ...(ofPrice ? { ofPrice } : {}) });
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
