import { isFrame } from './domain-edge';
import { consonantKey, isDomainToken, normalizeText, tokenize } from './normalize';

/**
 * A yes/no question whose premise states a figure the answer contradicts
 * ("२ किलोवाट पर ७८ हज़ार मिलेंगे ना?" answered "₹60,000"; "vendor sirf 1
 * saal ki free service deta hai na?" answered "at least 5 years"): the reply
 * must begin "No" with the true figure, never "Yes". The figures are read
 * with what they count (rupees, percent, years, days, months, kW, units,
 * houses), and a figure contradicts the answer only where the answer states
 * figures of that kind and none is it: an answer about something else that
 * states no such figure says nothing against the premise. Pure, no I/O.
 */

/** What a figure counts. */
export type FigureKind = 'money' | 'percent' | 'years' | 'days' | 'months' | 'kw' | 'units' | 'houses' | 'calendarYear' | 'kwPerHouse' | 'count';

/** A figure a text states: its value in base units (rupees, not lakh) and what it counts. */
export interface Figure {
  value: number;
  kind: FigureKind;
}

/** Words after a number (normalizeText's spellings, any script) and what they make of it. */
const AFTER: Array<[RegExp, FigureKind, number]> = [
  [/^(lakh|lac|lakhs|laakh)$/, 'money', 100_000],
  [/^(hazar|hajar|hajaar|hazaar|thousand|k)$/, 'money', 1_000],
  [/^(karod|karor|crore|krod)$/, 'money', 10_000_000],
  [/^(rs|rupees?|rupay\w*|rupe\w*)$/, 'money', 1],
  [/^(percent|pratisat|pratishat|fisadi)$/, 'percent', 1],
  [/^(saal|sal|saalon|year|years|yr|yrs|varsh|baras)$/, 'years', 1],
  [/^(din|dino|dinon|day|days)$/, 'days', 1],
  [/^(mahine|mahina|mahinon|mahiine|mahiina|mahiinaa|mahiinon|month|months)$/, 'months', 1],
  [/^(kw|kilowatt)$/, 'kw', 1],
  [/^(unit|units|yunit)$/, 'units', 1],
  [/^(ghar|gharon|gharo|house|houses|home|homes|flat|flats)$/, 'houses', 1],
  [/^million$/, 'count', 1_000_000],
  [/^billion$/, 'count', 1_000_000_000],
];

/** Words that say "each house" (normalizeText spellings): per, prati, har, each, every, with a house word. */
const EACH = /^(per|prati|pratii|har|each|every)$/;
const HOUSE = /^(house|houses|home|homes|ghar|gharon|flat|flats|flait|household|households)$/;
/** A kW figure at `i` of the tokens `t` said of each house: "3 kW per house", "har ghar ke hisaab se 5 kw". */
function perHouse(t: readonly string[], i: number): boolean {
  const after = t.slice(i + 2, i + 4);
  // Before the figure, only back to the figure before it and the words that qualify that one ("3 kW per ghar; 5 kW
  // par": "per ghar" is said of 3, not of 5).
  let from = Math.max(0, i - 5);
  for (let j = i - 1; j >= from; j--) if (/^\d/.test(t[j]!)) { from = j + 4; break; }
  const before = t.slice(from, i);
  const eachHouse = (w: readonly string[]) => w.some((x, j) => EACH.test(x) && HOUSE.test(w[j + 1] ?? ''));
  return eachHouse(after) || eachHouse(before);
}

/** Words before and after a number that put a figure beyond it ("more than 500", "500 se zyada"; normalizeText spellings). */
const MORE_BEFORE = /\b(more than|over|above|beyond|exceeding|greater than)$/;
const MORE_AFTER = /^(se (zyada|zyaadaa|jyada|jyaadaa|adhik|upar|oopar|uupar)|plus)\b/;
/** What "beyond" adds to a figure: no figure a text states is exactly it. */
const BEYOND = 0.001;
const isNum = (x: string | undefined) => x !== undefined && /^\d+(\.\d+)?$/.test(x);
/** True when the number at `i` of `t` (normalizeText words) is said "more than" (before it) or "se zyada" (after its unit). */
function beyondAt(t: readonly string[], i: number): boolean {
  const unitAt = isNum(t[i + 1]) ? i + 3 : i + 2;
  return MORE_BEFORE.test(`${t[i - 2] ?? ''} ${t[i - 1] ?? ''}`) || MORE_AFTER.test(t.slice(unitAt, unitAt + 2).join(' '));
}

/**
 * Bare four-digit numbers read as calendar years ("closes in Dec 2025", "2024 से शुरू"): the scheme's years
 * (applications from 13 Feb 2024, the scheme to 31 March 2027: fact sheet, Scheme), with room on each side.
 * A wider range would read a bill of "2000" as a year.
 */
const CALENDAR_YEARS = [2015, 2035] as const;

/**
 * The figures a text states, with their kind: "₹2 lakh" and "2 लाख" are
 * 200000 rupees, "30k" 30000, "10%" 10 percent, "5 साल" 5 years; in a range
 * ("4-5.5 units", "10-12 साल") both ends count; a bare 2015-2035 is a
 * calendar year. Other numbers with no kind are left out.
 * @example figuresOf('₹78,000 for 3 kW') // [{ value: 78000, kind: 'money' }, { value: 3, kind: 'kw' }]
 */
export function figuresOf(text: string): Figure[] {
  const t = normalizeText(text.replace(/%/g, ' percent ').replace(/(\d)\s*[-–]\s*(?=\d)/g, '$1 ')).split(' ').filter(Boolean);
  const out: Figure[] = [];
  for (let i = 0; i < t.length; i++) {
    if (!isNum(t[i])) continue;
    const value = Number(t[i]);
    // The kind is said after the number, or after the next one of a range ("4 5.5 unit"), or by "rs" before it.
    const after = isNum(t[i + 1]) ? t[i + 2] : t[i + 1];
    const rule = after !== undefined ? AFTER.find(([re]) => re.test(after)) : undefined;
    // Rupees per kW ("₹10,000/kW", "20,000 per kW"): a rate in rupees, not a size.
    const perKw = (rule?.[1] === 'kw' && (t[i - 1] === 'rs' || value >= 1000)) || (t[i + 1] === 'per' && /^(kw|kilowatt)$/.test(t[i + 2] ?? ''));
    // A size said of each house ("3 kW per house", "3 kW प्रति घर", "har ghar ke hisaab se 5 kw") is a society's
    // per-house rule, not a system's size.
    // "More than 500 kW" / "500 kW से ज़्यादा" is a figure beyond the number, on either side alike.
    const beyond = beyondAt(t, i);
    const at = (v: number) => (beyond ? v + BEYOND : v);
    if (perKw) out.push({ value: at(value), kind: 'money' });
    else if (rule && rule[1] === 'kw' && perHouse(t, i)) out.push({ value: at(value), kind: 'kwPerHouse' });
    else if (rule) out.push({ value: at(value * rule[2]), kind: rule[1] });
    else if (t[i - 1] === 'rs') out.push({ value, kind: 'money' });
    else if (Number.isInteger(value) && value >= CALENDAR_YEARS[0] && value <= CALENDAR_YEARS[1] && !datesTheAnswer(t, i)) {
      out.push({ value, kind: 'calendarYear' });
    }
  }
  // "Double the price", "दोगुना": a rise of 100%, said without a number.
  for (const w of t) if (MULTIPLE[w] !== undefined) out.push({ value: MULTIPLE[w], kind: 'percent' });
  return out;
}

/** Words that make the figure after them a limit ("capped at", "the limit is", "maximum", "सीमा", "अधिकतम"). */
const LIMIT_WORD = /^(cap|caps|capped|limit|limits|limited|maximum|max|adhiktam|siimaa|seema|sima)$/;

/** The figures a text states as limits: those within four words after a limit word. */
function limitFigures(text: string): Figure[] {
  const t = normalizeText(text).split(' ').filter(Boolean);
  const out: Figure[] = [];
  t.forEach((w, i) => { if (LIMIT_WORD.test(w)) out.push(...figuresOf(t.slice(i + 1, i + 5).join(' '))); });
  return out;
}

/** Words that say a price or figure is a multiple of another, as the percent rise they mean. */
const MULTIPLE: Record<string, number> = { double: 100, twice: 100, dugna: 100, doguna: 100, dugnaa: 100, dogunaa: 100, triple: 200, tigna: 200, tiguna: 200 };

/**
 * True when the calendar year at `i` dates what is said rather than stating a date of the scheme: "as of 2026",
 * "2026 tak kii jaankaarii", "2026 ke hisaab se", "2026 ke anusaar", "2026 tak ke niyam".
 */
function datesTheAnswer(t: readonly string[], i: number): boolean {
  if (t[i - 2] === 'as' && t[i - 1] === 'of') return true;
  const next = t.slice(i + 1, i + 4).join(' ');
  return /^(ke (hisaab|hisab|anusaar|anusar)|tak (kii|ki) (jaankaarii|jankari|jaankari)|tak ke (niyam|niyamon))\b/.test(next);
}

/**
 * The first figure of `message` that `answer` contradicts: the answer states
 * figures of its kind and none of them is it; null when none does. Call it
 * only for a message that asserts (lib/guard.ts `asserts`). `own`: rupee figures that are the asker's own quote or
 * bill, never a premise.
 * @example contradictedFigure('2 kW pe 78 hazar milega na?', '2 kW: ₹60,000') // { value: 78000, kind: 'money' }
 */
export function contradictedFigure(message: string, answer: string, own: readonly number[] = []): Figure | null {
  // A limit is checked against the answer's limits ("capped at 100 kW" against "The limit is 500 kW"), whatever
  // figure the answer works out for the asker's own size.
  const limits = limitFigures(answer).map(comparable);
  for (const f of limitFigures(message)) {
    const c = comparable(f);
    const same = limits.filter((x) => x.kind === c.kind);
    if (same.length > 0 && !same.some((x) => x.value === c.value)) return f;
  }
  // A figure said of a qualifier only one clause of the answer has ("performance warranty ... 10 years" against "a
  // 25-year performance warranty, ..., and a 10-12-year product warranty") is checked against that clause alone.
  const bound = boundFigure(message, answer);
  if (bound) return bound;
  const focused = figuresOf(aboutTheSame(message, answer)).map(comparable);
  const all = figuresOf(answer).map(comparable);
  for (const f of figuresOf(message)) {
    // The asker's own quote or bill is their fact, not a premise.
    if (f.kind === 'money' && own.includes(f.value)) continue;
    const c = comparable(f);
    // The sentences about the premise's subject, when they state a figure of its kind; else the whole answer.
    const near = focused.filter((x) => x.kind === c.kind);
    const same = near.length > 0 ? near : all.filter((x) => x.kind === c.kind);
    if (same.length > 0 && !same.some((x) => x.value === c.value)) return f;
  }
  return null;
}

/** Words either side of a figure that say what it is of ("performance warranty ... 10 years"). */
const BOUND_REACH = 4;

/**
 * The first figure of `message` that the one clause of `answer` sharing a word of its own near it contradicts: a
 * word within BOUND_REACH words of the figure that exactly one of the answer's clauses with a figure of its kind has.
 */
function boundFigure(message: string, answer: string): Figure | null {
  const clauses = clausesOf(answer)
    .map((c) => ({ words: new Set(contentOf(c)), figures: figuresOf(c).map(comparable) }))
    .filter((c) => c.figures.length > 0);
  const words = normalizeText(message).split(' ').filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    // A figure "more than" another is checked with its whole sentence (figuresOf reads it as beyond the number).
    if (!/^\d/.test(words[i]!) || beyondAt(words, i)) continue;
    const here = figuresOf(words.slice(i, i + 3).join(' '));
    if (here.length === 0) continue;
    const f = comparable(here[0]!);
    const near = contentOf([...words.slice(Math.max(0, i - BOUND_REACH), i), ...words.slice(i + 1, i + 1 + BOUND_REACH)].join(' '));
    for (const w of near) {
      const holders = clauses.filter((c) => c.words.has(w) && c.figures.some((x) => x.kind === f.kind));
      if (holders.length !== 1 || clauses.filter((c) => c.words.has(w)).length !== 1) continue;
      const same = holders[0]!.figures.filter((x) => x.kind === f.kind);
      if (!same.some((x) => x.value === f.value)) return here[0]!;
    }
  }
  return null;
}

/** Words that name no particular subject of a sentence ("solar", "system", the units). */
const PLAIN = new Set(tokenize('solar system kw unit units rs lakh'));

/**
 * The sentences of `answer` that speak of what the message speaks of (the most of its solar words: "Net metering
 * is allowed up to 500 kW" for "net metering only up to 10 kW, right?", not the sentence on the 10 kW study rule);
 * the whole answer when none shares a word with it.
 */
function aboutTheSame(message: string, answer: string): string {
  // The message's solar words in the order it says them: the first names its subject ("Net metering ... since the
  // subsidy covers 3 kW" is about net metering), so earlier words weigh more.
  const order = [...new Set(tokenize(message).filter((t) => isDomainToken(t) && !PLAIN.has(t)))];
  if (order.length === 0) return answer;
  const weight = new Map(order.map((t, i) => [t, 1 / (i + 1)]));
  const sentences = answer.split(/(?<=[.!?।])\s+/);
  const shared = sentences.map((x) => [...new Set(tokenize(x))].reduce((sum, t) => sum + (weight.get(t) ?? 0), 0));
  const most = Math.max(...shared);
  return most === 0 ? answer : sentences.filter((_, i) => shared[i] === most).join(' ');
}

/**
 * Days and months measure the same waits ("6 महीने बाद" against "about 30 days"): both in days, a month as 30.
 * Years stay apart: they count terms and lives ("up to 120 months" is no denial of a 5-year loan).
 */
function comparable(f: Figure): Figure {
  return f.kind === 'months' ? { kind: 'days', value: f.value * 30 } : f;
}

/** A rule of the fact sheet a premise can deny, with how to read the denial and how to know the answer states the rule. */
interface RuleCheck {
  /** True when the message (its `tokenize` tokens as a set and in order, and whether it negates) states the rule otherwise. */
  denies: (tokens: ReadonlySet<string>, negated: boolean, order: readonly string[]) => boolean;
  /** The answer states the rule (any script): only then does its "No" have the true rule beside it. */
  stated: RegExp;
}

const has = (tokens: ReadonlySet<string>, ...any: string[]) => any.some((t) => tokens.has(t));
/** Receiving money, as `tokenize` writes it in the three languages ("milti", "मिलती", "gets", "goes"). */
const RECEIVES = ['miln', 'get', 'gets', 'goes', 'paid', 'ped', 'jat', 'jati', 'jaat', 'ati', 'aati', '@account'];
/** Before ("pehle", "पहले", "advance"), as `tokenize` writes it. */
const BEFORE = /^(befor|before|pahl|pehl|pahle|pehle|advance|advans|agrim)$/;
/** The system fitted or connected: installation, the net meter, commissioning ("lagne", "इंस्टॉलेशन"). */
const FITTED = /^(instal\w*|instol\w*|@install|@meter|meter|lag|lagn|lage|lagne|lagv\w*|lagaan\w*|komision\w*|komisan\w*)$/;
const matches = (tokens: ReadonlySet<string>, re: RegExp) => [...tokens].some((t) => re.test(t));
const BEFORE_OR_FIRST = /^(befor|before|pahl|pehl|pahle|pehle|first|pehla|pahla)$/;
const SURPLUS = /^(@extra|surplus|bach\w*|leftover|export\w*|eksport\w*|faltu|faltuu|phaltu)$/;
const FULL = /^(ful|full|pur|pura|puri|poor|poora|poori|same|retel|retail|purr)$/;
const PLACES_THAT_QUALIFY = /^(balkon\w*|balakn\w*|balcon\w*|teres|teras|terrace|@roof|elevat\w*)$/;
const CLEANING = /^(@clean|klean\w*|clean\w*|saf|saaf|dho\w*|dhon\w*|vash\w*|vased|vasing|wash\w*|ragar\w*|ragad\w*|scrub\w*)$/;
const SOAP = /^(soap|sabun|saabun|detergent|detarjent|ditarjent|chemikal|chemical|kemikal|acid|@abrasive)$/;
const ANY_FITTER = /^(elektri\w*|electri[cs]ian\w*|mistri|mistr|plumber|lokal|local)$/;
const RATING = /^(rating\w*|reting\w*|rayting\w*|review\w*)$/;
const OFTEN = /^(@daily|roj|roz|daily|vik|week|veekli|weekly|hafte|hafta|haft|saptah)$/;
/** Need and must ("zaroori", "ज़रूरी", "required", "mandatory"). */
const NEEDED = ['jarur', 'rekuired', 'rekuire', 'nided', 'need', 'needs', 'mandatori', 'kompulsori', 'must', 'avasyak', 'avashyak'];

/**
 * The fact sheet's rules a yes/no premise may state otherwise (Subsidy, Buying Solar):
 * - DCR: the subsidy needs DCR (made-in-India) panels; imported or non-DCR panels get none;
 * - off-grid: only grid-connected systems get the subsidy;
 * - the subsidy is paid into the home owner's own bank account after commissioning, not to the vendor.
 */
const RULES: RuleCheck[] = [
  {
    denies: (t, neg) => (has(t, '@foreign') && has(t, '@subsidy') && !neg) || (has(t, 'non') && has(t, 'dkr', 'disiar') && has(t, '@subsidy') && !neg)
      || (has(t, 'dkr', 'disiar') && has(t, ...NEEDED) && neg),
    stated: /DCR|डीसीआर/,
  },
  { denies: (t, neg) => has(t, 'ofgrid') && has(t, '@subsidy') && !neg, stated: /off-grid|off grid|ऑफ़-ग्रिड|ऑफ-ग्रिड|ऑफ़ ग्रिड/i },
  { denies: (t, neg) => has(t, '@vendor') && has(t, '@subsidy') && has(t, ...RECEIVES) && !neg, stated: /account|खाते|khate|khaate/i },
  // The subsidy comes after commissioning, never before the net meter or the installation.
  {
    denies: (t, neg) => has(t, '@subsidy') && matches(t, BEFORE) && matches(t, FITTED) && !neg,
    stated: /commission|कमीशनिंग/i,
  },
  // One applies first and installs after the DISCOM's approval, never the other way round.
  {
    denies: (t, neg, order) => {
      const fitted = order.findIndex((x) => FITTED.test(x));
      const applied = order.indexOf('@apply');
      return matches(t, BEFORE_OR_FIRST) && fitted >= 0 && applied > fitted && !neg;
    },
    stated: /apply first|apply before|pehle apply|पहले आवेदन/i,
  },
  // Surplus units are settled at a lower rate (or lapse) at the year's end, not at the full rate.
  { denies: (t, neg) => matches(t, SURPLUS) && matches(t, FULL) && !neg, stated: /lower rate|kam rate|कम दर|lapse|average power/i },
  // A balcony, a terrace or an elevated structure qualifies as a roof does.
  { denies: (t, neg) => matches(t, PLACES_THAT_QUALIFY) && has(t, '@subsidy', '@eligible') && neg, stated: /balcony|बालकनी|elevated|terrace|टेरेस/i },
  // Clean with water and a soft cloth every 1-3 months: no soap or detergent, not every week.
  { denies: (t, neg) => matches(t, CLEANING) && matches(t, SOAP) && !neg, stated: /water|paani|pani|पानी/i },
  { denies: (t, neg) => matches(t, CLEANING) && matches(t, OFTEN) && !neg, stated: /1-3 month|1-3 mahine|1-3 महीने/i },
  // A DISCOM-registered vendor installs; any electrician or mistri does not qualify.
  { denies: (t, neg) => matches(t, ANY_FITTER) && has(t, '@subsidy') && !neg, stated: /registered|रजिस्टर्ड/i },
  // Vendor ratings are on the portal.
  { denies: (t, neg) => matches(t, RATING) && neg, stated: /rating|रेटिंग/i },
];

/** Negations (normalizeText spellings) and the question tags whose "not" denies nothing. */
const NEGATION = /\b(not|no|nahi|nahin|nahiin|nhi|nahii|mat|bina|binaa|without|never|kabhi nahi)\b/;
const TAG_AT_END = /\s(does not it|is not it|is not that|do not they|isnt it|hai na|hai naa|haina|na|naa|right|correct|true|yes|sahi|sahii|thik|thiik|theek)\s*$/;

/** `n` (normalizeText output) without its question tag at the end: the tag's "not" ("doesn't it?") denies nothing. */
export function withoutEndTag(n: string): string {
  return n.replace(TAG_AT_END, ' ');
}

/** True when a message says something in the negative outside its question tag ("... nahi milti, hai na?"). */
export function negates(message: string): boolean {
  return NEGATION.test(withoutEndTag(normalizeText(message)));
}

/** The clauses of a text: its sentences (ending at . ! ? or ।) split at CLAUSE_BREAK. */
function clausesOf(text: string): string[] {
  return text.split(/(?<=[.!?।])\s+/).flatMap((sentence) => sentence.split(CLAUSE_BREAK));
}

/** Share of a denied clause's content words an answer's clause must say for the two to be about one thing. */
const STATED_SHARE = 0.6;
/** Clauses of a sentence: what commas (not those inside a number: "₹18,000"), semicolons, colons and dashes set apart. */
const CLAUSE_BREAK = /\s*(?:[;:—–]|,(?!\d{2}))\s*|\s+-\s+/;
/** Words every answer is about: they tell no clause from another. */
let everywhere: Set<string> | undefined;
const EVERYWHERE = () => (everywhere ??= new Set(tokenize('solar system rooftop scheme yojana सिस्टम सोलर योजना')));
/** Words of a clause that say what it is about: neither frame, nor denial, nor said of everything, nor a letter or two. */
function contentOf(clause: string): string[] {
  return [...new Set(tokenize(clause))]
    .filter((t) => t.length >= 3 && !isFrame(t) && !NEGATION.test(t) && !/^\d/.test(t) && !EVERYWHERE().has(t));
}
/** Two content words are one when they are the same word or the same consonants ("aata"/"aati" inflected). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const k = consonantKey(a);
  return k !== '' && k === consonantKey(b);
}
/** A clause of an answer that states something as not so, or as free of something ("collateral-free"). */
function answerDenies(clause: string): boolean {
  return NEGATION.test(normalizeText(clause)) || tokenize(clause).includes('@free');
}

/**
 * True when a message denies what `answer` states: a clause of the message says something in the negative
 * ("छत के मालिकाना हक़ का कोई कागज़ नहीं चाहिए", "there's no approved-list requirement") and a clause of the
 * answer that does not deny says most of it (STATED_SHARE of its words, at least two, and more than any clause
 * of the answer that denies it), so the
 * reply's "No" has the true rule beside it. Call it only for a message that asserts (lib/guard.ts `asserts`)
 * and an answer to it.
 * @example contradictedNegation('सब्सिडी बिल में घटती है, खाते में कुछ नहीं आता, है ना?', 'सब्सिडी आपके बैंक खाते में आती है।') // true
 */
export function contradictedNegation(message: string, answer: string): boolean {
  const clauses = clausesOf(answer).map((c) => ({ denies: answerDenies(c), words: contentOf(c) }));
  return clausesOf(message).some((clause) => {
    // Said twice in the negative ("बिना नेट मीटर के सब्सिडी नहीं मिलती") it is said in the positive.
    const denials = withoutEndTag(normalizeText(clause)).match(new RegExp(NEGATION.source, 'g'))?.length ?? 0;
    if (denials !== 1) return false;
    const own = contentOf(clause);
    if (own.length === 0) return false;
    const met = (words: string[]) => own.filter((t) => words.some((w) => sameWord(t, w))).length;
    // The answer's clause that says most of it: a denial of the same thing agrees ("koi processing fee nahi hai").
    let best = 0;
    let denied = false;
    for (const c of clauses) {
      const n = met(c.words);
      if (n > best || (n === best && c.denies)) [best, denied] = [n, c.denies];
    }
    return !denied && best >= Math.min(2, own.length) && best / own.length >= STATED_SHARE;
  });
}

/**
 * True when a message states one of the fact sheet's rules otherwise (RULES: DCR, off-grid, who is paid the
 * subsidy) and `answer` states that rule: the reply's "No" has the true rule beside it. Call it only for a message
 * that asserts (lib/guard.ts `asserts`).
 * @example contradictedRule('imported panels bhi subsidy ke liye chalenge na?', 'DCR panels are required...') // true
 */
export function contradictedRule(message: string, answer: string): boolean {
  // Each sentence on its own: a denial in another ("So I never see the money myself", "...; धूल से तो कोई फ़र्क़ नहीं
  // पड़ता") is no part of the premise.
  return message.split(/(?<=[.!?।;])\s+/).some((sentence) => {
    const order = tokenize(sentence);
    const tokens = new Set(order);
    const negated = negates(sentence);
    return RULES.some((r) => r.denies(tokens, negated, order) && r.stated.test(answer));
  });
}
