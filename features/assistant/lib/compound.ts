import type { ChatLanguage } from '../schemas';
import { systemSizeFromUnits } from './calculator';
import { isDomainToken, isOtherDomainToken, normalizeText, tokenize } from './normalize';
import { readPlaces } from './states';
import { understand, type Intent } from './understand';

/**
 * Compound questions: "what size for 300 units, and how much subsidy?"
 * asks two things. `splitCompound` cuts such a message into at most
 * MAX_PARTS questions (at numbered lists, question marks, semicolons,
 * sentence ends and joining words: "and", "also", "plus", "aur", "और",
 * "tatha", "तथा"), keeps a statement that only gives context ("I use 300
 * units a month.") with the question it belongs to, and carries the shared
 * entities (the size, the state) to the parts that lack them: a part that
 * asks about money or roof with no size of its own gets the size another
 * part names or that its units give (kW = units / 120, fact sheet, System
 * Size [42]). Pure functions, no I/O.
 */

/** At most this many parts are answered; a longer list keeps its first ones. */
export const MAX_PARTS = 3;

/** One part of a compound question. */
export interface QuestionPart {
  /** The part as the asker wrote it (trimmed, without its joining word). */
  text: string;
  /** The part with the carried entities appended, to be understood and answered. */
  ask: string;
  /** What was carried in from another part ('' when nothing), e.g. "2.5 kW, Uttar Pradesh". */
  carried: string;
  /**
   * The part as retrieval reads it: as written, plus the subject words of the
   * part before when it names no subject of its own ("SBI 3 kW tak interest
   * kitna hai aur 3 se 10 kW tak kitna": the second part is looked up as
   * "3 se 10 kW tak kitna SBI interest").
   */
  lookup: string;
}

/** Question-word concepts and units: they ask or measure, they name no subject. */
const NOT_SUBJECT = new Set([...tokenize('kitna when why how solar system kw unit rs lakh hazar')]);
/** The tokens of a text that name what it is about (solar or other-field words; not numbers, units, question words). */
const subjectTokens = (s: string) => tokenize(s).filter((t) => !/^\d/.test(t) && !NOT_SUBJECT.has(t) && (isDomainToken(t) || t.startsWith('@')));
/** The words of a text that name its subject, as written and each once ("SBI interest"). */
function subjectWords(s: string): string {
  const seen = new Set<string>();
  return words(s.replace(/[,.;:!?।]/gu, ' ')).filter((w) => {
    const toks = subjectTokens(w);
    if (toks.length === 0 || toks.every((t) => seen.has(t))) return false;
    for (const t of toks) seen.add(t);
    return true;
  }).join(' ');
}

/** Question words of the three languages and both scripts (whole words, NFC lower case). */
const QUESTION_WORD = /(^|[^a-z\u0900-\u097F])(what|whats|how|when|where|which|who|why|much|many|kitna|kitni|kitne|kitnaa|kitnii|kya|kyaa|kaise|kaisa|kaisi|kab|kahan|kahaan|kaha|kaun|kaunsa|kaunse|kaunsi|konsa|konse|konsi|kis|kise|kisko|kiske|kiski|kisme|kismein|kispe|kisse|kyun|kyon|kyu|batao|bataiye|bataye|tell|explain|kaun sa|क्या|कितना|कितनी|कितने|कैसे|कैसा|कैसी|कब|कहाँ|कहां|कौन|कौनसा|कौनसे|कौनसी|किस|किसे|किसको|किसके|किसकी|किसमें|किसपे|किससे|क्यों|क्यूं|बताओ|बताइए|बताएं|बताएँ)(?=$|[^a-z\u0900-\u097F])/u;

/** A Hinglish or Hindi yes/no question ends in "ya nahi" / "या नहीं" ("non DCR pe subsidy milegi ya nahi"). */
const YES_NO_TAIL = /(^|[^a-z\u0900-\u097F])(ya|yaa|ki|या|की)\s+(nahi|nahin|nhi|nai|नहीं|नही)\s*[?？]?\s*$/u;

/** Hard breaks: a numbered item, a question mark or semicolon followed by more text, a line break, a sentence end. */
const NUMBERED = /(?:^|\s|[.?!;।])(?:\(?\d{1,2}[.)]|\(?[a-c]\))\s+/gu;
const HARD = /([?;\n]+|[.!।](?=\s))\s*/u;
/** Joining words that may start a new question. */
const SOFT = /\s*,?\s+(?:and also|and|also|plus|as well as|aur saath hi|aur|saath hi|sath hi|tatha|और साथ ही|और|साथ ही|तथा|एवं)\s+/iu;

const hasSubject = (s: string) => tokenize(s).some(isDomainToken);
const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);
/** Words that point back to something said before ("how does it work?"): a piece with one continues the previous question. */
const POINTS_BACK = /(^|[^a-z\u0900-\u097F])(it|its|this|that|they|them|these|those|same|iska|iski|iske|uska|uski|uske|ye|yeh|woh|wo|isme|usme|ise|use|isko|usko|isse|usse|isi|usi|इसका|इसकी|इसके|उसका|उसकी|उसके|यह|ये|वह|वो|इसमें|उसमें|इसे|उसे|इसको|उसको|इससे|उससे)(?=$|[^a-z\u0900-\u097F])/u;
/**
 * A question of its own: it points back to nothing said before, and has a
 * solar subject or (an off-topic question, answered as such) four words or
 * more ("at what rate?" continues the question before it).
 */
/** A piece that opens with a preposition ("at what rate?", "for how long?") continues the question before it. */
const OPENS_WITH_PREPOSITION = /^\s*(at|for|in|on|with|by|from|of|to|and)\s/i;
const pointsBack = (s: string) => OPENS_WITH_PREPOSITION.test(s) || POINTS_BACK.test(` ${s.normalize('NFC').toLowerCase()} `);
const standsAlone = (s: string) => !pointsBack(s) && (hasSubject(s) || words(s).length >= 4);
/** English yes/no questions start with an auxiliary ("is", "can", "do"); in the middle of a sentence these say nothing. */
const AUXILIARY_START = /^\s*(can|could|is|are|am|do|does|did|will|would|should|shall|may|has|have|was|were)\b/i;
/** A question by its own words (a question word, an auxiliary opening, a yes/no tail), not by a "?" alone. */
const asksByWords = (s: string) => AUXILIARY_START.test(s) || QUESTION_WORD.test(` ${s.normalize('NFC').toLowerCase()} `) || YES_NO_TAIL.test(s.normalize('NFC').toLowerCase().trim());
const isQuestion = (s: string) => /[?？]\s*$/.test(s.trim()) || asksByWords(s);
/** A statement of what someone said or claims ("my installer says...", "vendor ne bola...") asks whether it is true. */
const REPORTED = /(^|[^a-z\u0900-\u097F])(says|said|told|claims|claimed|heard|bola|bolaa|bol raha|bol rahi|bataya|kaha|keh raha|kehta|suna|कहा|बोला|बोल रहा|बताया|सुना|कहता)(?=$|[^a-z\u0900-\u097F])/u;
// A report with a figure in it is context for the question after it ("vendor ne 1.8 lakh bataya hai, subsidy ke baad kitna?").
const isReported = (s: string) => REPORTED.test(` ${s.normalize('NFC').toLowerCase()} `) && hasSubject(s) && !/[\d०-९]/.test(s);
const clean = (s: string) => s.replace(/^[\s,.;:!?।-]+|[\s,;:]+$/gu, '').replace(/^(?:(?:and|also|plus|aur|और|तथा|tatha|saath hi|साथ ही)(?:[\s,]+|$))+/iu, '').trim();

/**
 * Splits at joining words only where the piece after is a question of its
 * own and the piece before names a solar subject and is a question too, or
 * is asked by the question word the piece after opens with ("Kerala mein
 * 3 kW par subsidy aur kaunse documents chahiye?"; not "power cut and my
 * solar stopped, why", one question).
 */
function splitSoft(s: string, lastAsked = false): string[] {
  const byComma = splitCommas(s);
  if (byComma.length > 1) return byComma.flatMap((c, i) => splitSoft(c, lastAsked && i === byComma.length - 1));
  // With the capture group, split() keeps each joining word between its pieces.
  return splitJoined(s.split(new RegExp(`(${SOFT.source})`, 'iu')), s, lastAsked);
}

/**
 * Cuts at commas only between questions asked by their own words, each of
 * two words or more and the later one standing alone ("loan kahan apply
 * karein, kitne mahine ka hota hai"; not "on grid ya off grid, kis pe
 * subsidy milti hai", whose first piece asks nothing by itself).
 */
function splitCommas(s: string): string[] {
  const pieces = s.split(/\s*,\s+/u);
  if (pieces.length < 2) return [s];
  const out: string[] = [pieces[0]!];
  for (const p of pieces.slice(1)) {
    const prev = out[out.length - 1]!;
    if (words(prev).length >= 2 && words(p).length >= 2 && asksByWords(prev) && asksByWords(p) && !pointsBack(p) && hasSubject(prev)) out.push(p);
    else out[out.length - 1] = `${prev}, ${p}`;
  }
  return out;
}

/** splitSoft's joining-word rule over the pieces `split` made (pieces alternate: text, joining word, text...). */
function splitJoined(pieces: string[], s: string, lastAsked: boolean): string[] {
  if (pieces.length < 3) return [s];
  const out: string[] = [pieces[0]!];
  for (let i = 2; i < pieces.length; i += 2) {
    const p = clean(pieces[i]!);
    // The last piece of a sentence that ended in "?" carries its question mark ("..., aur non DCR pe subsidy milegi?").
    // (A short tail is part of the one question: "Can I get subsidy and loan together?")
    const asks = (x: string) => (lastAsked && i === pieces.length - 1 && x === p && words(p).length >= 3) || isQuestion(x);
    const prev = out[out.length - 1]!;
    const opensWithQuestion = QUESTION_WORD.test(` ${words(p).slice(0, 2).join(' ').normalize('NFC').toLowerCase()} `) || AUXILIARY_START.test(p);
    if (clean(prev) && words(p).length >= 2 && asks(p) && standsAlone(p) && hasSubject(prev)
      && (asks(prev) || (words(prev).length >= 2 && opensWithQuestion))) out.push(p);
    else out[out.length - 1] = `${prev}${pieces[i - 1]}${pieces[i]}`;
  }
  return out.map(clean).filter(Boolean);
}

/**
 * A leading clause that says what is not asked ("loan ka interest nahi, ...",
 * "generation nahi puch raha - ...", "मेरे सिस्टम का साइज़ नहीं, ...", "Not the
 * panels, ..."): it names a subject only to set it aside, so it is left out.
 */
const NEGATED_LEAD = [
  /^\s*[^,.;:?!।\-–—]{2,40}?\s+(?:nahi|nahin|nhi|nai)(?:\s+(?:puch|puchh|pooch|poochh|pooch)\w*(?:\s+(?:raha|rahi|rha|rhi|rahe))?(?:\s+(?:hu|hoon|hun|hain|hai))?)?\s*[,:;\-–—]\s*/iu,
  /^\s*[^,.;:?!।\-–—]{2,40}?\s+नहीं(?:\s+पूछ\S*(?:\s+(?:रहा|रही|रहे))?(?:\s+(?:हूँ|हूं|हैं|है))?)?\s*[,:;\-–—]\s*/u,
  /^\s*(?:not|i'?m not asking about|not asking about|i don'?t mean)\s+[^,.;:?!\-–—]{2,40}?\s*[,:;\-–—]\s*(?:but\s+)?/iu,
];

/** The message without a leading clause that sets a subject aside; unchanged when nothing would remain. */
export function dropNegatedLead(message: string): string {
  for (const re of NEGATED_LEAD) {
    const m = re.exec(message);
    if (m && words(message.slice(m[0].length)).length >= 2) return message.slice(m[0].length);
  }
  return message;
}

/**
 * Cuts a message into its questions (1 to MAX_PARTS), as written. A piece
 * that is no question (no question word, no "?") is context: it joins the
 * next question (or the previous one, at the end). A piece that points
 * back ("how does it work?", "why do they cost more?") joins the one before
 * it, so it is not asked alone; an off-topic one that points back to
 * nothing ("who will win the match?") stays a part (and gets the no-match
 * reply).
 */
export function splitQuestions(message: string): string[] {
  // A numbered list ("1) 3 kW subsidy 2) documents 3) loan") asks each of its items, question words or not.
  message = dropNegatedLead(message);
  const listed = (message.match(NUMBERED) ?? []).length >= 2;
  const text = message.replace(NUMBERED, (m) => `${/^[.?!;।]/.test(m) ? m[0] : ''}\n`).trim();
  const raw = text.split(HARD);
  const asked = new Set<string>();
  const sentencesOf: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const sentence = clean(raw[i] ?? '');
    if (words(sentence).length === 0) continue;
    sentencesOf.push(sentence);
    // A sentence that ended in "?" was asked, whatever its words ("subsidy is 2 lakh for 3 kW, right?").
    if (listed || /[?？]/.test(raw[i + 1] ?? '')) asked.add(sentence);
  }
  // A piece cut from a question by a joining word is asked by it ("Kerala mein 3 kW par subsidy aur kaunse documents?").
  const pieces = sentencesOf.flatMap((sentence) => {
    const soft = splitSoft(sentence, asked.has(sentence));
    if (soft.length > 1) for (const p of soft) asked.add(p);
    return soft;
  });
  // Context statements join the question after them; subject-less follow-ups join the one before.
  const merged: string[] = [];
  let pending = '';
  for (const p of pieces) {
    const q = pending ? `${pending} ${p}` : p;
    if (!isQuestion(p) && !asked.has(p) && !isReported(p)) { pending = q; continue; }
    pending = '';
    if (merged.length > 0 && !listed && (!standsAlone(p) || words(p).length < 2)) merged[merged.length - 1] = `${merged[merged.length - 1]} ${q}`;
    else merged.push(q);
  }
  if (pending) {
    if (merged.length > 0) merged[merged.length - 1] = `${merged[merged.length - 1]} ${pending}`;
    else merged.push(pending);
  }
  const parts = merged.map(clean).filter(Boolean);
  return parts.length === 0 ? [message.trim()] : parts.slice(0, MAX_PARTS);
}

/** A part that asks about money, roof, output or size, which a size carried from another part serves. */
const NEEDS_SIZE = /\b(subsid\w*|sabsid\w*|cost\w*|kharch\w*|price\w*|daam|kimat|kiimat|keemat|loan|emi|area|roof|chhat|chat|jagah|space|sq|m2|unit\w*|generat\w*|banega|banegi|payback|vasool|vasuul|vasul|return|saving\w*|bachat|lagega|lagegi|padega|padegi|total|net|milega|milegi|milta|milti|milenge|get|gets|pay|left|jeb|pocket|baaki|baki|interest|byaj|byaaj|byaaz|lon|milegaa|milegii|miltaa|miltii|lagegaa|lagegii|sabsidii|kharchaa|banegaa|banegii|jagah|kul)\b/;

/** A part that asks about money, which a state carried from another part serves (state top-ups). */
const NEEDS_STATE = /\b(subsid\w*|sabsid\w*|cost\w*|kharch\w*|price\w*|daam|kimat|kiimat|keemat|total|net|scheme|yojana|policy|rajy\w*|raajy\w*|state|extra|top|atirikt|alag|milega|milegi|milta|milti|milenge|get|gets|pay|left|jeb|pocket|baaki|baki|milegaa|milegii|miltaa|miltii|sabsidii|lagegaa|lagegii|kul|raajy|rajya|raajya|kendr|kendra|centre|center|central)\b/;

/**
 * Splits a message (splitQuestions) and carries the shared entities: a part
 * without a kW figure or units of its own that asks about money, roof or
 * output gets the size another part names ("3 kW") or works out from its
 * units; a part without a state gets the state another part names.
 * @param language the asker's language (for the query reader).
 * Example: "what size for 300 units and how much subsidy?" ->
 * [{ text: "what size for 300 units", ask: same, carried: "" },
 *  { text: "how much subsidy", ask: "how much subsidy (2.5 kW)", carried: "2.5 kW" }].
 */
export function splitCompound(message: string, language: ChatLanguage): QuestionPart[] {
  const texts = splitQuestions(message);
  if (texts.length < 2) return texts.map((t) => ({ text: t, ask: t, carried: '', lookup: t }));
  const us = texts.map((t) => understand(t, language));
  const monthly = (u: (typeof us)[number]) => (u.units ? u.units.value * (u.units.per === 'day' ? 30 : u.units.per === 'year' ? 1 / 12 : 1) : undefined);
  const kW = us.find((u) => u.kw !== undefined)?.kw
    ?? (() => { const m = us.map(monthly).find((v) => v !== undefined && v > 0); return m ? systemSizeFromUnits(m).kW : undefined; })();
  const state = us.find((u) => u.state)?.state ?? null;
  // A society's houses named in one part serve a money part that names none ("सोसाइटी में 25 घर हैं ... और कितनी सब्सिडी?").
  const houses = us.find((u) => u.households !== undefined && u.building === 'society')?.households;
  return texts.map((t, i) => {
    const u = us[i]!;
    const n = ` ${normalizeText(t)} `;
    const add: string[] = [];
    if (houses !== undefined && u.households === undefined && u.kw === undefined && NEEDS_STATE.test(n)) add.push(`society ${houses} houses`);
    // A reported claim ("my installer says...") is checked as said; another part's size would change what it claims.
    if (kW !== undefined && u.kw === undefined && !u.units && !u.area && NEEDS_SIZE.test(n) && !isReported(t)) add.push(`${kW} kW`);
    if (state && !u.state && NEEDS_STATE.test(n)) add.push(state.english);
    // A part that only gives another figure ("aur 3 se 10 kW tak kitna?", "and for 5 kW?") asks about the subject of the
    // part before; a part without a figure that names no subject may be off the subject altogether ("who will win the cup?").
    const givesFigure = u.kw !== undefined || u.kwRange !== undefined || u.units !== undefined || u.area !== undefined || u.amounts.length > 0;
    const subject = i > 0 && givesFigure && subjectTokens(t).length === 0 && !tokenize(t).some(isOtherDomainToken) ? subjectWords(texts[i - 1]!) : '';
    if (subject) add.push(subject);
    const carried = add.join(', ');
    return { text: t, ask: carried ? `${t} (${carried})` : t, carried, lookup: subject ? `${t} ${subject}` : t };
  });
}

/**
 * What a chat is on, read from its earlier user messages (SPEC.md section 4
 * "Chat": the last 8 messages are kept with the chat): the subject words of
 * the question it last asked (as carried, so a chain of follow-ups keeps
 * one subject) and the figures it used. A reset starts a new chat, so a
 * new chat has none.
 */
export interface Conversation {
  /** Subject words of the last question ("subsidy", "SBI loan"); '' when it named none. */
  subject: string;
  /**
   * The last question that named its subject, as written without its figures and places ("सिस्टम रोज़ कितनी बिजली
   * बनाएगा?" of "३ किलोवाट सिस्टम रोज़ कितनी बिजली बनाएगा?"): what a follow-up with only a new figure asks again.
   */
  asked?: string;
  /**
   * The last question of the chat that asked for a figure the reader works out (subsidy, roof, units, a loan...),
   * without its figures and places: what a follow-up that gives only new figures asks once the chat has moved on to
   * a question with no figure ("And for 2 kW in Nashik?" after "Which documents do I need?").
   */
  figureAsked?: string;
  /** System size, kW (given, or worked out from units at 120 a month per kW). */
  kw?: number;
  /** State or UT, its English name (as the query reader reads it in any language). */
  state?: string;
  /** A housing society's number of homes. */
  households?: number;
  /** The monthly units the chat gave (a bill in units): a question of the size asks the size for them. */
  units?: number;
  /** Rupee figures with their role: a quote, a monthly bill, a loan (lib/quantities.ts AmountRole). */
  quote?: number;
  bill?: number;
  loan?: number;
}

/** The rupee roles a chat carries, and the words that name each role again when carried ("quote Rs 240000"). */
const CARRIED_AMOUNTS = { quote: 'quote', bill: 'bill', loan: 'loan' } as const;
type CarriedRole = keyof typeof CARRIED_AMOUNTS;

/** The first rupee figure of each carried role a reading gives. */
function amountsOf(u: ReturnType<typeof understand>): Partial<Record<CarriedRole, number>> {
  const out: Partial<Record<CarriedRole, number>> = {};
  for (const a of u.amounts) if (a.role in CARRIED_AMOUNTS && out[a.role as CarriedRole] === undefined) out[a.role as CarriedRole] = a.value;
  return out;
}

/**
 * Words that name one of the figures a conversation carries (Conversation: quote, houses, bill, loan) or ask for its
 * sum or share ("total", "kul", "jeb se"), and an apology or a pause ("sorry", "oh wait"): none names a subject of its own.
 */
const SLOT_WORDS = 'quote quotes quotation कोटेशन bill बिल total kul कुल pocket जेब sorry wait same sq ft feet वर्ग फुट';
/** House words name a slot only with a number of houses ("aur agar 150 ghar ho to?"); "mere ghar pe" is a home. */
const HOUSE_WORDS = 'ghar घर houses flats flat homes home';
let slotTokens: Set<string> | undefined;
const SLOT_TOKENS = () => (slotTokens ??= new Set(tokenize(SLOT_WORDS)));
let houseTokens: Set<string> | undefined;
const HOUSE_TOKENS = () => (houseTokens ??= new Set(tokenize(HOUSE_WORDS)));

/** A word that measures the number before it (a unit or a count), in the three languages. */
const MEASURE_WORD = /^(kw|kilowatt|kilowatts|किलोवाट|unit|units|यूनिट|lakh|lac|लाख|hazar|hazaar|thousand|हज़ार|हजार|rs|₹|rupees|rupaye|रुपये|rupay|sq|ft|m2|m²|gaj|गज|ghar|घर|houses|homes|flats|फ्लैट|sqft|वर्ग|मीटर|फुट)$/i;

/**
 * A question without its figures and places: the numbers (any script) with the word that measures each, and the
 * words that name a state, UT or city ("Gorakhpur", "Uttar Pradesh"). What stays asks the question again for any
 * size or place.
 */
function withoutFigures(text: string): string {
  const w = text.replace(/[?？!।]/g, ' ').split(/\s+/).filter(Boolean);
  const drop = new Set<number>();
  const placeAt = (from: number, n: number) => {
    const r = readPlaces(w.slice(from, from + n).join(' '));
    return r.states.length > 0 || r.foreign.length > 0;
  };
  for (let i = 0; i < w.length; i++) {
    if (/[\d\u0966-\u096F]/.test(w[i]!)) {
      drop.add(i);
      if (i > 0 && /^(rs\.?|₹)$/i.test(w[i - 1]!)) drop.add(i - 1);
      if (w[i + 1] && MEASURE_WORD.test(w[i + 1]!.replace(/[,.]$/, ''))) drop.add(i + 1);
    }
    for (const n of [2, 1]) if (i + n <= w.length && placeAt(i, n)) for (let j = i; j < i + n; j++) drop.add(j);
  }
  return w.filter((_, i) => !drop.has(i)).join(' ').replace(/\s+([,.])/g, '$1').trim();
}

/** A question of a system's size or its subsidy (normalizeText spellings), as a society's is asked. */
const SOCIETY_SIZE = /\b(kw|kilowatt|size|plant|subsid\w*|sabsid\w*|milega|milegi|milta|milti)\b/;

/** A question of the system's size ("how many kW", "kitne kilowatt", "what size"; normalizeText spellings). */
const SIZE_ASK = /\b(howmany kw|kitne kw|kitna kw|kitne kilowatt|what size|which size|kaun sa size|size kya|kitne kv)\b/;

/** Words that add to a number the chat has ("30 ghar bhi jud jaye", "20 more flats"), and words that give a total. */
const ADDED = /\b(jud\w*|jod\w*|jur|jure|juren|jor\w*|add|adds|added|adding|more|extra|another|additional)\b/;
const TOTAL = /\b(makes|make|total|kul|altogether|in all)\b/;

/** `text` with the number `from` (written in ASCII or Devanagari digits) written as `to`. */
function withNumber(text: string, from: number, to: number): string {
  const devanagari = String(from).replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]!);
  return text.replace(new RegExp(`(^|[^\\d०-९])(${from}|${devanagari})(?=[^\\d०-९]|$)`), `$1${to}`);
}

/** Getting something (normalizeText spellings): with a size or a place, money a home gets. */
const RECEIVES_MONEY = /\b(get|gets|milega|milegi|milta|milti|milenge|miltaa|miltii|milegaa|milegii)\b/;

/** A follow-up of at most this many words is a fragment of the chat's question ("and per year?"). */
const FRAGMENT_WORDS = 4;
/** What the query reader asks of a quote (lib/understand.ts Intent): what is left to pay, and a loan's split. */
const QUOTE_INTENTS: ReadonlySet<Intent> = new Set<Intent>(['net_cost', 'loan_split']);

/** What carryConversation did to a part. */
export interface CarriedPart {
  part: QuestionPart;
  /** Something of the conversation was carried into the part (the subject, a figure or a place). */
  used: boolean;
}

/** The money a home's system gets or costs, asked of one size (lib/understand.ts Intent). */
const MONEY_OF_SIZE: ReadonlySet<Intent> = new Set<Intent>(['subsidy', 'state_subsidy', 'net_cost']);

/** What the query reader asks that a system size answers (lib/understand.ts Intent). */
const SIZE_INTENTS: ReadonlySet<Intent> = new Set<Intent>([
  'area_for_kw', 'yearly_units', 'monthly_units', 'daily_units', 'subsidy', 'state_subsidy', 'net_cost', 'loan_terms', 'loan_split', 'cost', 'payback',
]);

/** The units a reading gives, a month's worth (a day's x 30, a year's / 12). */
function monthlyUnits(u: Pick<ReturnType<typeof understand>, 'units'>): number | undefined {
  return u.units ? u.units.value * (u.units.per === 'day' ? 30 : u.units.per === 'year' ? 1 / 12 : 1) : undefined;
}

/** The size a reading gives: its kW, else the size its monthly units need. */
function sizeOf(u: ReturnType<typeof understand>): number | undefined {
  if (u.kw !== undefined) return u.kw;
  const monthly = monthlyUnits(u);
  return monthly !== undefined && monthly > 0 ? systemSizeFromUnits(monthly).kW : undefined;
}

/**
 * The chat's size and place given to the later parts of a message that name neither, by the rule splitCompound
 * applies between parts: a part that asks about money, roof or output gets the size, one that asks about money the
 * place ("तो सब्सिडी कितनी और रोज़ कितनी बिजली बनेगी?" after a 6 kW chat in Rewa: the daily units of 6 kW too).
 * The first part is carried by carryConversation; a message that names its own size or place anywhere keeps it.
 * @param parts the message's parts, the first already carried.
 * @param conv the chat's context (conversationAfter), or null in a new chat.
 * @returns the parts, the later ones with what they were given in `ask` and `carried`.
 */
export function carryToLaterParts(parts: QuestionPart[], conv: Conversation | null, language: ChatLanguage): QuestionPart[] {
  if (!conv || parts.length < 2) return parts;
  const us = parts.map((p) => understand(p.text, language));
  const ownSize = us.some((u) => sizeOf(u) !== undefined);
  const ownState = us.some((u) => u.state !== null);
  return parts.map((p, i) => {
    if (i === 0 || isReported(p.text)) return p;
    const u = understand(p.ask, language);
    const n = ` ${normalizeText(p.text)} `;
    const add: string[] = [];
    if (!ownSize && conv.kw !== undefined && sizeOf(u) === undefined && NEEDS_SIZE.test(n)) add.push(`${conv.kw} kW`);
    if (!ownState && conv.state && !u.state && NEEDS_STATE.test(n)) add.push(conv.state);
    if (add.length === 0) return p;
    const carried = [p.carried, ...add].filter(Boolean).join(', ');
    return { ...p, ask: `${p.text} (${carried})`, carried };
  });
}

/**
 * Carries a chat's context into the first question of a new message, by
 * the same rules splitCompound applies between the parts of one message:
 * - a follow-up that names no subject of its own but gives a new figure or
 *   place ("and for 5 kW?", "what if we lived in Tripura?", "aur agar hum
 *   Jaipur me hote to?") or points back ("that", "isse", "उसके लिए") asks
 *   about the chat's subject: the subject words join its lookup and ask,
 *   with the size and place it does not replace;
 * - a question with its own subject that needs a size or a place and gives
 *   none ("how much roof will that need?", "kitni bijli banegi?") gets the
 *   chat's size (and place, where money is asked).
 * A question that needs nothing of the chat is left as it is.
 * @param part one part of the new message (splitCompound).
 * @param conv the chat's context (conversationAfter), or null in a new chat.
 */
export function carryConversation(part: QuestionPart, conv: Conversation | null, language: ChatLanguage): CarriedPart {
  if (!conv) return { part, used: false };
  const t = part.text;
  const u = understand(part.ask, language);
  const n = ` ${normalizeText(t)} `;
  // Words that name a figure the chat carries (a quote, the houses, the bill, "the total") are no subject of their own:
  // "what if the quote was 4.5 lakh?" asks the chat's question again with the new quote.
  const subjectToks = subjectTokens(part.lookup);
  // House words are one's own home against a society chat ("mere apne ghar pe"), and say nothing of a subject otherwise.
  // A vendor said with a sum in a chat about a quote names another quote ("the other vendor said 1.75 lakh").
  const quoteTalk = conv.quote !== undefined && u.amounts.length > 0;
  const slot = (tok: string) => SLOT_TOKENS().has(tok) || ((u.households !== undefined || conv.households === undefined) && HOUSE_TOKENS().has(tok))
    || (quoteTalk && tok === '@vendor');
  const own = subjectToks.some((tok) => !slot(tok));
  // Only such words ("so how much in total?", "aur kul kitna?") ask of the chat's figures.
  const slotOnly = !own && tokenize(t).some(slot);
  const givesFigure = u.kw !== undefined || u.kwRange !== undefined || u.units !== undefined || u.area !== undefined
    || u.amounts.length > 0 || u.households !== undefined || u.state !== null;
  const offField = tokenize(t).some(isOtherDomainToken);
  const add: string[] = [];
  let subject = '';
  let added = false;
  // A fragment of a few words with no subject of its own ("and per year?", "aur mahine ka?") continues the chat's
  // question, as "and for 5 kW?" does.
  const fragment = words(t).length <= FRAGMENT_WORDS;
  // A question of its own that names its own size or place ("mere chacha Ajmer me 3kw lagwa rahe, unko kitni
  // milegi?") takes nothing of the chat's subject.
  // (A new size alone stays in the chat's place: "4 kw lagwaun to total kitna milega?")
  const alone = understand(t, language);
  const selfContained = alone.state !== null && alone.intents.length > 0;
  // A new number of houses in a society chat is about that society, whatever else it says ("that makes 65 flats").
  const sameSociety = u.households !== undefined && conv.households !== undefined;
  const followsUp = (!own || sameSociety) && !offField && !selfContained && (conv.subject || conv.asked)
    && (givesFigure || pointsBack(t) || fragment || slotOnly);
  if (followsUp) {
    subject = conv.subject;
    // A number of houses sizes a society's system anew ("and for a society there with 30 homes?").
    const newSize = sizeOf(u) !== undefined || u.kwRange !== undefined || !!u.area || u.households !== undefined;
    // A question of the size asks it for the chat's monthly units, not the size they were rounded to.
    if (!newSize && conv.units !== undefined && SIZE_ASK.test(n)) add.push(`${conv.units} units a month`);
    else if (!newSize && conv.kw !== undefined) add.push(`${conv.kw} kW`);
    if (!u.state && conv.state) add.push(conv.state);
    if (u.households === undefined && conv.households !== undefined && !u.kw) add.push(`${conv.households} houses`);
    // A quote, bill or loan was for the earlier size: it goes on only while the size does ("what if we lived in Tripura?").
    const given = amountsOf(u);
    // A bare sum in a chat that has a quote is the new quote ("and if I go for 5 kW at 3.2 lakh instead?").
    const bare = alone.amounts.find((a) => a.role === 'unknown');
    if (bare && conv.quote !== undefined && given.quote === undefined) add.push(`quote Rs ${bare.value}`);
    // Houses added to the society's ("naye wing ke 30 ghar bhi jud jaye to?") make a new total.
    added = u.households !== undefined && conv.households !== undefined && ADDED.test(n) && !TOTAL.test(n);
    if (!newSize) {
      for (const role of Object.keys(CARRIED_AMOUNTS) as CarriedRole[]) {
        const v = conv[role];
        if (v !== undefined && given[role] === undefined) add.push(`${CARRIED_AMOUNTS[role]} Rs ${v}`);
      }
    }
    // The question asked again, without its old figures, says what is asked of the new ones ("और 5 किलोवाट वाला?"
    // after "३ किलोवाट सिस्टम रोज़ कितनी बिजली बनाएगा?" asks the daily units again); its subject words go to retrieval.
    const askedAgain = conv.figureAsked && (!conv.asked || understand(conv.asked, language).intents.length === 0) && givesFigure
      ? conv.figureAsked : conv.asked;
    // A follow-up that asks something of its own ("उससे रोज़ाना कितनी यूनिट बनेगी?") takes the figures, not the question.
    // What a home "gets" for the chat's size and place ("What would we get there for the same system?") is its
    // subsidy, whatever the chat asked last.
    const getsMoney = RECEIVES_MONEY.test(n) && !/\b(unit\w*|bijli|electricity|power|loan)\b/.test(n);
    add.push(alone.intents.length > 0 ? subject : getsMoney ? 'subsidy' : askedAgain || subject);
  } else if (own && !isReported(t)) {
    // What it asks must take a size once given one (roof, units, money for a system), not merely share a word
    // with such questions ("net metering").
    const lacksSize = sizeOf(u) === undefined && u.kwRange === undefined && !u.area && conv.kw !== undefined;
    if (lacksSize && NEEDS_SIZE.test(n) && understand(`${part.ask} (${conv.kw} kW)`, language).intents.some((i) => SIZE_INTENTS.has(i))) {
      add.push(`${conv.kw} kW`);
    }
    if (!u.state && conv.state && NEEDS_STATE.test(n) && (add.length > 0 || pointsBack(t))) add.push(conv.state);
    // "Kitne kilowatt lagwaun?" after the chat's monthly units asks the size for those units, not for the size they
    // were rounded to.
    if (conv.units !== undefined && u.units === undefined && sizeOf(u) === undefined && SIZE_ASK.test(n)) add.push(`${conv.units} units a month`);
    // Pointing back ("isme meri jeb se kitna lagega?") asks within the chat's subject (an SBI loan, not the subsidy).
    if (pointsBack(t) && conv.subject && add.length > 0) add.push(conv.subject);
    // In a chat about a housing society, a question of its size or money ("to kitne kw ka plant lagega?") is asked of
    // that society: its houses, and the chat's question.
    if (conv.households !== undefined && u.households === undefined && sizeOf(u) === undefined && SOCIETY_SIZE.test(n)) {
      add.push(`${conv.households} houses`);
      if (conv.asked) add.push(conv.asked);
    }
    // A question of the quote's money ("aur mera apna hissa kitna?", "what would I pay after subsidy?") is asked of the
    // chat's quote, for the chat's size, when it gives no amount of its own.
    if (conv.quote !== undefined && u.amounts.length === 0 && understand(`${part.ask} (quote Rs ${conv.quote})`, language).intents.some((i) => QUOTE_INTENTS.has(i))) {
      if (conv.kw !== undefined && sizeOf(u) === undefined && !add.includes(`${conv.kw} kW`)) add.push(`${conv.kw} kW`);
      add.push(`quote Rs ${conv.quote}`);
    }
    // A bare sum for other panels or another system in a chat about a quote, asking nothing of its own ("and if i go
    // with the 3.5 lakh premium panels?"), is a new quote for the chat's question.
    const bare = alone.amounts.find((a) => a.role === 'unknown');
    if (conv.quote !== undefined && bare && alone.intents.length === 0 && add.length === 0) {
      if (conv.kw !== undefined && sizeOf(u) === undefined) add.push(`${conv.kw} kW`);
      add.push(`quote Rs ${bare.value}`);
      if (conv.asked) add.push(conv.asked);
      subject = conv.subject;
    }
  }
  if (add.length === 0) return { part, used: false };
  const carried = [part.carried, ...add].filter(Boolean).join(', ');
  // Houses added to the chat's society are asked of the new total ("30 ghar bhi jud jaye" to 75: 105).
  const said = added && u.households !== undefined && conv.households !== undefined
    ? withNumber(part.text, u.households, u.households + conv.households) : part.text;
  const ask = `${said} (${carried})`;
  return { part: { text: part.text, ask, carried, lookup: subject ? `${part.lookup} ${subject}` : part.lookup }, used: true };
}

/**
 * The context of a chat after its earlier user messages (oldest first), read
 * one by one as they were answered: a message that used the context (a
 * follow-up) keeps its subject and figures, replacing those it gives anew;
 * a message on its own subject that used nothing of it starts afresh, so a
 * question after the subject changed never inherits stale figures. Of a
 * compound message the last question is read (the one a follow-up refers
 * to; its parts share their figures anyway).
 * @returns null when no earlier message named a subject or a figure.
 */
export function conversationAfter(earlier: readonly string[], language: ChatLanguage): Conversation | null {
  let conv: Conversation | null = null;
  for (const message of earlier) {
    const parts = splitCompound(message, language);
    const last = parts[parts.length - 1];
    if (!last) continue;
    const { part, used } = carryConversation(last, conv, language);
    // A figure said in a sentence before the question ("Quote for a 4 kW system is Rs 3.5 lakh. If I take the SBI
    // loan...") belongs to it as much as its own.
    const u = understand(part.ask, language);
    const before = parts.length > 1 ? understand(parts.slice(0, -1).map((p) => p.text).join('. '), language) : null;
    const subject = subjectWords(part.lookup) || (before ? subjectWords(parts.slice(0, -1).map((p) => p.lookup).join(' ')) : '');
    const kw = sizeOf(u) ?? (before ? sizeOf(before) : undefined);
    const state = (u.state ?? before?.state)?.english;
    const households = u.households ?? before?.households;
    const monthly = monthlyUnits(u.units ? u : { units: before?.units });
    const units = monthly !== undefined ? Math.round(monthly) : undefined;
    const amounts = { ...(before ? amountsOf(before) : {}), ...amountsOf(u) };
    // The carried ask already names what was carried: its reading holds the chat's figures as they now are.
    // A follow-up that took the chat's subject asks the chat's question again; one with a subject of its own is the
    // question a later follow-up asks again.
    const tookSubject = used && conv !== null && part.lookup !== last.lookup;
    const asksOwn = subjectWords(last.lookup) !== '' || understand(last.text, language).intents.length > 0;
    const asked = tookSubject ? conv!.asked : (asksOwn ? withoutFigures(last.text) : undefined);
    // Whether it asked for a figure is read with its figures ("What's the subsidy for 3 kW in Noida?").
    const figureAsked = asked && u.intents.length > 0 ? asked : conv?.figureAsked;
    // A statement that only gives a figure or a place ("Thinking of a 3 kW system", "We're in Port Blair") adds it to
    // the chat: it changes no subject.
    // So does a statement with a subject of its own ("aur common area me EV charging bhi lagana hai"): it adds to the
    // chat, it asks nothing new.
    const statesFigures = conv !== null && (!asksOwn || !isQuestion(last.text));
    // A question of the same money in the same chat ("असम सरकार भी कुछ अलग से देती है क्या?" after the subsidy for
    // 3 kW) keeps the chat's size: it asks about the same system.
    const sameMoney = conv !== null && !used && !statesFigures && conv.kw !== undefined && kw === undefined
      && u.intents.some((i) => MONEY_OF_SIZE.has(i)) && (!state || state === conv.state);
    // A question asked "too" ("is EV charging in the parking covered too?", "aur ye bhi milega?") asks within the same
    // chat: its houses, place and size stay.
    const alsoAsks = conv !== null && /\s(too|also|bhi|bhii|as well)\s/.test(` ${normalizeText(last.text)} `);
    const next: Conversation = (used || statesFigures || alsoAsks) && conv
      ? { ...conv, subject: subject || conv.subject, asked: asked ?? conv.asked, figureAsked, kw: kw ?? conv.kw, state: state ?? conv.state, households: households ?? conv.households, units: units ?? (kw !== undefined ? undefined : conv.units), ...amounts }
      : { subject, asked, figureAsked, kw: sameMoney ? conv!.kw : kw, state, households, units, ...amounts };
    const any = next.kw !== undefined || next.state || next.households !== undefined || next.quote !== undefined || next.bill !== undefined || next.loan !== undefined;
    conv = next.subject || next.asked || any ? next : null;
  }
  return conv;
}
