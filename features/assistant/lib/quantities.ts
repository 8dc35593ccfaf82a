import { normalizeText } from './normalize';
import { findState, type StateKey } from './states';

/**
 * Quantities and ranges stated in a question or a bank entry ("3kW",
 * "up to 3 kW", "3-10 kW", "above 10 kW", "Rs 6 lakh", "300 units"), for
 * the number-aware part of retrieval. Two bank entries may differ only by the sizes they
 * cover (an SBI loan up to 3 kW, another for 3-10 kW); a question that
 * names 12 kW or Rs 6 lakh belongs with the entry whose range holds it.
 * Works on `normalizeText` output, so "तीन किलोवाट", "3 kilowatt" and "3kw"
 * read the same, and Hindi range words arrive transliterated (तक -> tak,
 * से ऊपर -> se uupar).
 */

/** The units ranges are kept for: kW (system size), kWh units (use), rupees. */
export type QuantityUnit = 'kw' | 'unit' | 'rs';

/** A closed or half-open interval of one unit. `hi` is Infinity for "above N". */
export interface QuantityRange {
  unit: QuantityUnit;
  lo: number;
  hi: number;
  /** True when the text gave a single value ("3 kW"), not a range. */
  point: boolean;
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
/** Unit words as `normalizeUnits` writes them; lakh and hazar are rupee multipliers. */
const UNIT = String.raw`(kw|unit|lakh|hazar|crore)`;
const UP_TO = String.raw`(?:up\s+to|upto|till|max|maximum|at\s+most|under|below|less\s+than|within)`;
/** Words after "N unit" that close a range at N (Hindi/Hinglish postpositions: "3 kW tak", "3 kW se kam"). */
const TILL_AFTER = String.raw`(?:(?:ke\s+)?tak|se\s+kam)`;
const ABOVE = String.raw`(above|over|more\s+than|bigger\s+than|larger\s+than|greater\s+than|beyond|exceeding|from)`;
/** After "N unit": open-ended ranges that keep N ("3 kW and above", "3 kW ya usse zyada") or leave it out ("se upar"). */
const AND_ABOVE = String.raw`(?:and\s+above|or\s+more|or\s+above|or\s+bigger|and\s+more|plus|(?:ya|yaa|aur|aura)\s+(?:usse|us\s+se)\s+(?:jyada|zyada|jyaadaa|zyaadaa|upar|uupar|adhik|bada|baraa))`;
const SE_ABOVE = String.raw`(?:se\s+(?:jyada|zyada|jyaadaa|zyaadaa|upar|uupar|adhik|bada|bade|baraa|bare))`;

/** The lower bound of "above v": just over v, so v itself is outside. */
const nextAbove = (v: number) => v + 1e-9;

function unitOf(word: string, value: number): { unit: QuantityUnit; value: number } | null {
  switch (word) {
    case 'kw': return { unit: 'kw', value };
    case 'unit': return { unit: 'unit', value };
    case 'lakh': return { unit: 'rs', value: value * 100_000 };
    case 'hazar': return { unit: 'rs', value: value * 1_000 };
    case 'crore': return { unit: 'rs', value: value * 10_000_000 };
    default: return null;
  }
}

/**
 * Reads the quantity ranges of a text.
 * - "3-10 kW", "3 to 10 kW", "3 se 10 kW" -> [3, 10]
 * - "up to 3 kW", "3 kW tak", "3 किलोवाट तक", "below 3 kW" -> [0, 3]
 * - "above 10 kW", "10 kW se upar", "3 kW and above" -> [10, Infinity) / [3, Infinity)
 * - "3 kW", "Rs 6 lakh", "Rs 78,000", "300 units" -> [v, v] (point)
 * Rupee amounts are read with their multiplier (lakh, hazar, crore) or after
 * "rs". Numbers without a unit (years, percentages, counts) are ignored.
 * @param text any text (question, alternate or answer), any script.
 * @returns the ranges in the order found; empty when the text states none.
 */
export function quantityRanges(text: string): QuantityRange[] {
  // A hyphen between numbers is a range ("3-10 kW"); normalizeText drops punctuation, so say it in words first.
  let s = ` ${normalizeText(text.replace(/(\d)\s*[-–]\s*(?=\d)/g, '$1 to '))} `;
  const out: QuantityRange[] = [];
  const take = (re: RegExp, f: (m: RegExpExecArray) => QuantityRange | null) => {
    s = s.replace(re, (...args) => {
      const r = f(args as unknown as RegExpExecArray);
      if (r) out.push(r);
      return ' ; ';
    });
  };
  // Ranges "a-b unit", "a to b unit", "a se b unit", "rs a-b lakh".
  take(new RegExp(String.raw`(?:rs\s*)?${NUM}\s*(?:to|se|and)\s*(?:rs\s*)?${NUM}\s*${UNIT}`, 'g'), (m) => {
    const a = unitOf(m[3]!, Number(m[1]));
    const b = unitOf(m[3]!, Number(m[2]));
    return a && b && a.value <= b.value ? { unit: a.unit, lo: a.value, hi: b.value, point: false } : null;
  });
  // "up to N unit" (words before) and "N unit tak" (Hindi postposition after).
  take(new RegExp(String.raw`${UP_TO}\s+(?:rs\s*)?${NUM}\s*${UNIT}`, 'g'), (m) => {
    const a = unitOf(m[2]!, Number(m[1]));
    return a ? { unit: a.unit, lo: 0, hi: a.value, point: false } : null;
  });
  take(new RegExp(String.raw`(?:rs\s*)?${NUM}\s*${UNIT}\s+${TILL_AFTER}(?![a-z])`, 'g'), (m) => {
    const a = unitOf(m[2]!, Number(m[1]));
    return a ? { unit: a.unit, lo: 0, hi: a.value, point: false } : null;
  });
  // "above N unit"; "N unit and above" / "N unit se upar".
  // "above N" leaves N out ("above 3 kW" does not hold 3 kW); "from N", "N and above" keep it.
  take(new RegExp(String.raw`${ABOVE}\s+(?:rs\s*)?${NUM}\s*${UNIT}`, 'g'), (m) => {
    const a = unitOf(m[3]!, Number(m[2]));
    const from = /^\s*from/.test(m[1]!);
    return a ? { unit: a.unit, lo: from ? a.value : nextAbove(a.value), hi: Infinity, point: false } : null;
  });
  // After a quantity only "above"/"over"/"beyond" close it ("4 kW from a vendor" is 4 kW, not "from 4 kW").
  take(new RegExp(String.raw`(?:rs\s*)?${NUM}\s*${UNIT}\s+(${AND_ABOVE}|${SE_ABOVE}|above|over|beyond)(?![a-z])`, 'g'), (m) => {
    const a = unitOf(m[2]!, Number(m[1]));
    const inclusive = new RegExp(`^${AND_ABOVE}$`).test(m[3]!);
    return a ? { unit: a.unit, lo: inclusive ? a.value : nextAbove(a.value), hi: Infinity, point: false } : null;
  });
  // Points: "N unit", "rs N".
  take(new RegExp(String.raw`(?:rs\s*)?${NUM}\s*${UNIT}`, 'g'), (m) => {
    const a = unitOf(m[2]!, Number(m[1]));
    return a ? { unit: a.unit, lo: a.value, hi: a.value, point: true } : null;
  });
  take(new RegExp(String.raw`(?<![a-z])rs\s*${NUM}`, 'g'), (m) => ({ unit: 'rs', lo: Number(m[1]), hi: Number(m[1]), point: true }));
  return out;
}

/**
 * How closely a range of an entry holds a quantity of a question, 0-1:
 * 1 for the same single value; for a range that holds the question's value,
 * more the tighter it is around it ("above 10 kW" holds 12 kW more closely
 * than "3 kW and above"; "3-10 kW" more than "up to 500 kW"); 0 when they do
 * not meet. Ranges of different units never meet. A question range ("above
 * 3 kW") is read at its lower bound, where such questions sit.
 */
export function rangeFit(question: QuantityRange, entry: QuantityRange): number {
  if (question.unit !== entry.unit) return 0;
  if (question.hi < entry.lo || question.lo > entry.hi) return 0;
  if (entry.point) return question.point ? 1 : 0.8;
  const v = Math.max(question.lo, Number.MIN_VALUE);
  if (entry.hi === Infinity) return 0.3 + 0.5 * Math.min(1, Math.max(entry.lo, 0) / v);
  // Bounded: the share of the range's span below the value's order of magnitude; [0, hi] spans it all.
  const span = entry.hi > 0 ? (entry.hi - entry.lo) / entry.hi : 0;
  return 0.8 - 0.3 * span * Math.min(1, entry.hi / Math.max(v, Number.MIN_VALUE) / 4);
}

// ---------------------------------------------------------------------------
// Reading the quantities of a question (for the calculator and query understanding)

/** What a rupee amount in a question is: a vendor's quote or a price, a monthly bill, a loan, an income, a subsidy, or not said. */
export type AmountRole = 'quote' | 'bill' | 'loan' | 'income' | 'subsidy' | 'unknown';

/** The quantities a question states, read the same in English, Hindi (Devanagari) and Hinglish. */
export interface QuestionQuantities {
  /** System size, kW ("3 kW", "तीन किलोवाट", "dhai kilowatt" -> 2.5); not set when the size is a range. */
  kw?: number;
  /** A size given as a range ("above 3 kW", "up to 3 kW", "3-10 kW"): `lo` just over 3 for "above 3". */
  kwRange?: { lo: number; hi: number };
  /** Units (kWh) and their period; `stated` false when the text gave no period (read as a month, as bills are monthly). */
  units?: { value: number; per: 'month' | 'year' | 'day'; stated: boolean };
  /** Roof or plot area: square metres, and the unit the asker used with its value. */
  area?: { m2: number; as: 'm2' | 'sqft' | 'sqyd'; value: number };
  /** Rupee amounts in order, with their role. */
  amounts: { value: number; role: AmountRole }[];
  /** Number of homes ("40 flats", "40 घर"), for a housing society. */
  households?: number;
  /** Percentages stated ("7%", "12 percent", "8 प्रतिशत"). */
  percents: number[];
}

/** Square feet and square yards in square metres (exact definitions: 1 ft = 0.3048 m, 1 yd = 0.9144 m). */
export const M2_PER_SQFT = 0.09290304;
export const M2_PER_SQYD = 0.83612736;

/** Words of `normalizeText` output, listed as people type them (Devanagari appears transliterated). */
const PER_MONTH = new Set(['month', 'months', 'monthly', 'mahina', 'mahinaa', 'mahiinaa', 'mahine', 'mahiine', 'mahino', 'maah', 'mah', 'maas', 'maasik', 'masik', 'pm', 'mo']);
const PER_YEAR = new Set(['year', 'years', 'yearly', 'annual', 'annually', 'yr', 'saal', 'sal', 'saalaanaa', 'salana', 'saalana', 'varsh', 'varshik', 'vaarshik', 'baras', 'pa']);
const PER_DAY = new Set(['day', 'days', 'daily', 'din', 'roz', 'roj', 'rojaanaa', 'rozana', 'rojana', 'pratidin', 'dainik']);
/** Fraction words of Hindi and Hinglish before a quantity: dedh 1.5, dhai 2.5. */
const FRACTION_WORDS: Record<string, number> = { dedh: 1.5, derh: 1.5, dedhh: 1.5, dhai: 2.5, dhaai: 2.5, dhaaii: 2.5, adhai: 2.5, adhaai: 2.5, dhaii: 2.5 };
/** Hindi quarter words before a number: sava 2 = 2.25, saadhe 3 = 3.5, paune 2 = 1.75. */
const QUARTER_WORDS: Record<string, number> = { sava: 0.25, savaa: 0.25, saadhe: 0.5, sadhe: 0.5, saade: 0.5, saarhe: 0.5, paune: -0.25, pone: -0.25 };
const MULTIPLIERS: Record<string, number> = { lakh: 100_000, l: 100_000, hazar: 1_000, k: 1_000, crore: 10_000_000, cr: 10_000_000, karod: 10_000_000, karor: 10_000_000 };
/** Words that only say a count is so, after it ("flats 160 ho gaye", "houses 60 now"). */
const COUNT_IS = new Set(['ho', 'hai', 'hain', 'he', 'hue', 'huye', 'honge', 'hone', 'are', 'is', 'now', 'total', 'ab', 'abhi', 'hote']);
const HOUSEHOLD_WORDS = new Set(['flats', 'flat', 'phlait', 'phlaits', 'houses', 'homes', 'households', 'families', 'ghar', 'gharon', 'ghron', 'parivar', 'parivaar', 'members', 'apartments']);
/** Role cues near an amount (as `normalizeText` writes them). */
const ROLE_CUES: Array<[Exclude<AmountRole, 'unknown'>, RegExp]> = [
  ['bill', /^(bill|bills|bil|bijlibill)$/],
  ['subsidy', /^(subsidy|subsidies|sabsidi|sabsidii|anudaan|anudan|cfa|grant)$/],
  ['loan', /^(loan|loans|lon|karz|karj|karza|karja|emi|finance|financing)$/],
  ['income', /^(income|inkam|inakam|salary|aay|aamdanii|amdani|kamai|kamaai|kamaaii|tankhvah|tankhwah|tankhvaah|earning|earnings)$/],
  ['quote', /^(quote|quoted|quotes|quotation|koteshan|kotesan|price|priced|cost|costs|costing|kharcha|kharch|kharchaa|daam|kimat|kiimat|keemat|qiimat|lagat|laagat|budget|rate|vendor|installer|dealer|pay|paying|system|sistam|plant|setup|installation)$/],
];

/** Limit words between an amount and the thing it bounds ("se kam", "or less", "se zyada"). */
const LIMIT_LINK = /^(se|kam|jyada|zyada|jyaadaa|zyaadaa|adhik|or|less|more|than|below|under|above|tak|ki|ka|ke|vali|wali|vale|wale|valo|walo)$/;

/** Words that do not separate an amount from its role word ("subsidy is Rs 1 lakh", "1.5 lakh ki subsidy"). */
const FILLERS = /^(rs|is|was|of|ki|ka|ke|kaa|kii|hai|h|about|around|lagbhag|approx|approximately|only|sirf|just|the|a|an|total|kul|=)$/;

/**
 * The role of the amount at tokens[from, to): the nearest role word within
 * five words (filler words not counted). A subsidy word names the amount only
 * next to it (at most two words away): "vendor ne 2 lakh bola, central
 * subsidy ke baad ..." is a price, not a subsidy figure.
 */
function roleAt(tokens: string[], from: number, to: number): AmountRole {
  // An amount bound by a limit and then an income word describes the income ("1.5 lakh se kam income", "below 3 lakh income"),
  // whatever subsidy word stands before it.
  let k = to;
  while (k < tokens.length && k < to + 4 && LIMIT_LINK.test(tokens[k]!)) k++;
  if (k > to && k < tokens.length && ROLE_CUES.find(([r]) => r === 'income')![1].test(tokens[k]!)) return 'income';
  let best: { role: AmountRole; d: number } = { role: 'unknown', d: Infinity };
  const distance = (j: number) => {
    const [a, b] = j < from ? [j + 1, from] : [to, j];
    return 1 + tokens.slice(a, b).filter((t) => !FILLERS.test(t)).length;
  };
  for (let j = Math.max(0, from - 5); j < Math.min(tokens.length, to + 5); j++) {
    if (j >= from && j < to) continue;
    const d = distance(j);
    for (const [role, re] of ROLE_CUES) {
      if (!re.test(tokens[j]!) || d >= best.d) continue;
      if (role === 'subsidy' && d > 2) continue;
      best = { role, d };
    }
  }
  return best.role;
}

/**
 * Reads the quantities of a question: kW, units with their period, roof
 * area, rupee amounts with their role, the number of homes and percentages.
 * Works on `normalizeText`, so digits in Devanagari, "तीन किलोवाट",
 * "₹1,80,000", "1.8 lakh", "डेढ़ लाख", "80k", "पचास हजार" all read.
 * - area: "sq ft"/"वर्ग फुट" (sqft), "m2"/"वर्ग मीटर" (m2), "gaj"/"गज"/"sq yd"
 *   (square yards, as plots are sold in North India); "N feet" with N >= 60 is
 *   read as square feet (no roof side is that long in feet, people drop "sq").
 * - amounts: after or before "rs", or with a multiplier (lakh, hazar, k,
 *   crore), or a bare number >= 100 next to a bill/quote/loan/income word.
 *   The role is the nearest such word within five words.
 * @param text any question.
 */
export function readQuantities(text: string): QuestionQuantities {
  const percents = [...text.normalize('NFC').replace(/[०-९]/g, (d) => String('०१२३४५६७८९'.indexOf(d)))
    .matchAll(/(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b|प्रतिशत|pratishat\b|fisadi\b|फ़ीसदी|फीसदी)/gi)].map((m) => Number(m[1]));
  const written = text
    .replace(/(\d)\s*[-–]\s*(?=\d)/g, '$1 to ')
    // "1,80,000/-" is rupees; "रु 1,80,000" too (normalizeUnits knows "रु." with its dot only).
    .replace(/(\d[\d,]*(?:\.\d+)?)\s*\/-/g, 'Rs $1 ')
    .replace(/रु\.?\s*(?=[\d०-९])/g, 'Rs ');
  const raw = normalizeText(written).split(' ').filter(Boolean);
  // Fraction and quarter words to numbers: "dedh lakh" -> 1.5 lakh, "sava 2 lakh" -> 2.25 lakh.
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    const next = raw[i + 1];
    if (FRACTION_WORDS[t] !== undefined && next && /^(kw|lakh|hazar|unit|crore)$/.test(next)) { tokens.push(String(FRACTION_WORDS[t])); continue; }
    if (QUARTER_WORDS[t] !== undefined && next && /^\d+(\.\d+)?$/.test(next)) { tokens.push(String(Number(next) + QUARTER_WORDS[t]!)); i++; continue; }
    // Hundreds: "teen sau" (normalised "3 100"), "dhai sau" -> 300, 250.
    const prev = tokens[tokens.length - 1];
    if ((t === '100' || t === 'sau' || t === 'sao') && prev !== undefined) {
      const p = FRACTION_WORDS[prev] ?? (/^\d$/.test(prev) ? Number(prev) : undefined);
      if (p !== undefined) { tokens[tokens.length - 1] = String(p * 100); continue; }
    }
    tokens.push(t);
  }
  const q: QuestionQuantities = { amounts: [], percents };
  const isNum = (t: string | undefined) => t !== undefined && /^\d+(\.\d+)?$/.test(t);
  const used = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!isNum(t)) continue;
    const v = Number(t);
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    if (next === 'kw') {
      if (q.kw === undefined && v > 0) q.kw = v;
      used.add(i);
      continue;
    }
    // "3000 watt": a system size in watts (panels are rated below 1,000 W, so "540 W panels" stays a panel rating).
    if (/^(watt|watts|w|vaat|vat|wat)$/.test(next ?? '') && v >= 1000) {
      if (q.kw === undefined) q.kw = v / 1000;
      used.add(i);
      continue;
    }
    if (next === 'unit') {
      if (q.units === undefined) {
        // The period may come before the figure, with a hedge between ("saal me karib 8400 unit").
        const around = [...tokens.slice(i + 2, i + 6), ...tokens.slice(Math.max(0, i - 3), i)];
        const per = around.find((w) => PER_MONTH.has(w) || PER_YEAR.has(w) || PER_DAY.has(w));
        q.units = { value: v, per: per === undefined ? 'month' : PER_YEAR.has(per) ? 'year' : PER_DAY.has(per) ? 'day' : 'month', stated: per !== undefined };
      }
      used.add(i);
      continue;
    }
    // "20 x 20 feet", "6 by 5 m": a roof's sides.
    if (/^(x|by|into|\*)$/.test(next ?? '') && isNum(tokens[i + 2]) && /^(feet|ft|phut|phiit|fiit|fut|m|meter|metre|miitar|mitar|mtr)$/.test(tokens[i + 3] ?? '')) {
      if (q.area === undefined) {
        const a = v * Number(tokens[i + 2]);
        const metres = /^(m|meter|metre|miitar|mitar|mtr)$/.test(tokens[i + 3]!);
        q.area = metres ? { value: a, as: 'm2', m2: a } : { value: a, as: 'sqft', m2: a * M2_PER_SQFT };
      }
      used.add(i);
      i += 3;
      continue;
    }
    // "300 स्क्वायर फीट" (skvaayar phiit), "300 square feet" when the units step missed it.
    if (/^(skvaayar|skvayar|skwayar|square|sq)$/.test(next ?? '') && /^(feet|ft|phut|phiit|fiit|fut|phit|fit|miitar|mitar|meter|metre|m)$/.test(tokens[i + 2] ?? '')) {
      if (q.area === undefined) {
        const metres = /^(miitar|mitar|meter|metre|m)$/.test(tokens[i + 2]!);
        q.area = metres ? { value: v, as: 'm2', m2: v } : { value: v, as: 'sqft', m2: v * M2_PER_SQFT };
      }
      used.add(i);
      continue;
    }
    if (next === 'sqft' || next === 'sqm' || next === 'gaj' || (next === 'sq' && /^(yd|yard|yards)$/.test(tokens[i + 2] ?? ''))
      || (/^(feet|ft|phut|phiit|fiit|fut)$/.test(next ?? '') && v >= 60)) {
      if (q.area === undefined) {
        const as = next === 'sqm' ? 'm2' : next === 'gaj' || next === 'sq' ? 'sqyd' : 'sqft';
        q.area = { value: v, as, m2: as === 'm2' ? v : as === 'sqyd' ? v * M2_PER_SQYD : v * M2_PER_SQFT };
      }
      used.add(i);
      continue;
    }
    // "120 flats", and the count said after the word when the sentence ends or only says it is so ("flats 160 ho gaye").
    if (Number.isInteger(v) && ((next && HOUSEHOLD_WORDS.has(next))
      || (prev && HOUSEHOLD_WORDS.has(prev) && v >= 2 && (next === undefined || COUNT_IS.has(next))))) {
      if (q.households === undefined) q.households = v;
      used.add(i);
      continue;
    }
    const mult = next !== undefined ? MULTIPLIERS[next] : undefined;
    const hasRs = prev === 'rs' || (mult !== undefined ? tokens[i + 2] === 'rs' : next === 'rs');
    if (mult !== undefined || hasRs) {
      // "k" and "l" are multipliers only right after a number with a money sign near or a role word, or, for "k", a
      // number of two digits or more ("the same 78k"; "3k" may be a size written short).
      const weak = next === 'l' || (next === 'k' && v < 10);
      const role = roleAt(tokens, i, i + (mult !== undefined ? 2 : 1));
      if (weak && !hasRs && role === 'unknown') continue;
      // "1 lakh 80 hazar": one amount.
      let value = v * (mult ?? 1);
      if (next === 'lakh' && isNum(tokens[i + 2]) && tokens[i + 3] === 'hazar') {
        value += Number(tokens[i + 2]) * 1_000;
        i += 2;
      }
      q.amounts.push({ value: Math.round(value), role: role === 'unknown' ? roleAt(tokens, i, i + 2) : role });
      used.add(i);
      continue;
    }
    // A bare number next to a role word is an amount, unless it reads as a year ("subsidy in 2027", "2026 tak"; "bill 2000" is an amount).
    const isYear = Number.isInteger(v) && v >= 1990 && v <= 2099
      && (/^(in|since|from|till|until|by|of|year|saal|sal|varsh|after|before|se|march|april|june|july|february|january)$/.test(prev ?? '')
        || /^(tak|mein|me|main|se|ke|ki|ka|tk|onwards|mai)$/.test(next ?? ''));
    if (v >= 100 && !isYear && !used.has(i)) {
      const role = roleAt(tokens, i, i + 1);
      // A bare five- or six-digit figure with no unit after it is rupees in this domain ("sirf 78000 milta hai").
      if (role !== 'unknown' || (v >= 10_000 && v < 10_000_000)) q.amounts.push({ value: v, role });
    }
  }
  // A size written as a range is no single size ("SBI loan above 3 kW" is not a loan for 3 kW).
  const kwRange = quantityRanges(text).find((r) => r.unit === 'kw');
  if (kwRange && !kwRange.point) {
    delete q.kw;
    q.kwRange = { lo: kwRange.lo, hi: kwRange.hi };
  }
  return q;
}

// ---------------------------------------------------------------------------
// The quantities a bank entry's calculator reads (lib/answers/entry-calc.ts)

/** The quantities a bank entry's calculator uses (a view of `QuestionQuantities`). */
export interface Quantities {
  /** System size, kW; not set when the size is a range ("up to 3 kW"). */
  kW?: number;
  /** Monthly units (kWh). A per-day figure is multiplied by 30, a yearly one divided by 12. */
  monthlyUnits?: number;
  /** Monthly bill, rupees: the amount said of a bill (a quote or a subsidy figure is none). */
  billRupees?: number;
  /** The first state or UT named (or reached through a city). */
  state?: StateKey;
}

/**
 * The quantities a bank entry's calculator needs, read by `readQuantities`
 * (one reader for the calculator and query understanding) and the state
 * reader: the size, the monthly use (a day's units x 30, a year's / 12), the
 * monthly bill (the amount said of a bill) and the state (lib/states.ts).
 * @param text any question, any of the three languages and both scripts.
 */
export function extractQuantities(text: string): Quantities {
  const r = readQuantities(text);
  const q: Quantities = {};
  if (r.kw !== undefined) q.kW = r.kw;
  if (r.units) q.monthlyUnits = r.units.value * (r.units.per === 'day' ? 30 : r.units.per === 'year' ? 1 / 12 : 1);
  const bill = r.amounts.find((a) => a.role === 'bill');
  if (bill) q.billRupees = bill.value;
  const state = findState(text)?.key;
  if (state) q.state = state;
  return q;
}
