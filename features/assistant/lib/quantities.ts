import { normalizeText } from './normalize';

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
  take(new RegExp(String.raw`(?:rs\s*)?${NUM}\s*${UNIT}\s+(${AND_ABOVE}|${SE_ABOVE}|${ABOVE.slice(1, -1)})(?![a-z])`, 'g'), (m) => {
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
