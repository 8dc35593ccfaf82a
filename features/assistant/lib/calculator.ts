import type { ChatLanguage } from '../schemas';
import { normalizeText } from './normalize';
import { findState as findPlace, SPECIAL_CATEGORY_STATES, STATES, stateNamesOf, type StateKey } from './states';

export { SPECIAL_CATEGORY_STATES, type StateKey };

/**
 * The assistant's calculator: system
 * size, central subsidy, state top-ups, cost and payback. Every rule and
 * number comes from docs/facts/solar-india.md (section and source
 * numbers in each comment); scheme rules are "as of 2026" and the answers
 * point to pmsuryaghar.gov.in. Amounts are whole rupees. Pure functions.
 */

/** Monthly units one kW makes, on average (fact sheet, System Size: kW = monthly units / 120 [42]). */
export const UNITS_PER_KW_MONTH = 120;
/** Shadow-free roof per kW, square metres (fact sheet, Solar Panel [25]). */
export const ROOF_M2_PER_KW = { min: 10, max: 12 } as const;
/** Scheme rules are quoted "as of" this year (fact sheet, preamble). */
export const AS_OF = '2026';
export const PORTAL = 'pmsuryaghar.gov.in';

/**
 * System size for a monthly consumption: kW = units / 120 (fact sheet,
 * System Size [42]), rounded to the nearest half kW, at least 1 kW (the
 * smallest size the scheme's slabs and vendors quote).
 * @param monthlyUnits average units (kWh) a month, > 0.
 * @returns `exact` kW before rounding and `kW` the rounded size.
 * @throws RangeError for a non-positive or non-finite input.
 */
export function systemSizeFromUnits(monthlyUnits: number): { exact: number; kW: number } {
  if (!Number.isFinite(monthlyUnits) || monthlyUnits <= 0) throw new RangeError('monthlyUnits must be a positive number');
  const exact = monthlyUnits / UNITS_PER_KW_MONTH;
  return { exact, kW: Math.max(1, Math.round(exact * 2) / 2) };
}

/**
 * Central financial assistance (CFA) under PM Surya Ghar, as of 2026
 * (fact sheet, Subsidy [1][5][30]): Rs 30,000/kW for the first 2 kW,
 * Rs 18,000 for the third kW, capped at Rs 78,000 for 3 kW and above.
 * Special-category states: Rs 33,000/kW and Rs 19,800, cap Rs 85,800 [5].
 * A fractional size is paid pro rata within its slab.
 * @param kW system size in kW, >= 0.
 * @throws RangeError for a negative or non-finite size.
 */
export function centralSubsidy(kW: number, opts: { specialCategory?: boolean } = {}): number {
  if (!Number.isFinite(kW) || kW < 0) throw new RangeError('kW must be a non-negative number');
  const [perKw, third] = opts.specialCategory ? [33_000, 19_800] : [30_000, 18_000];
  const firstTwo = Math.min(kW, 2) * perKw;
  const thirdKw = Math.min(Math.max(kW - 2, 0), 1) * third;
  return Math.round(firstTwo + thirdKw);
}

/** Display names of the states and UTs, per language (from lib/states.ts). */
export const STATE_NAMES: Record<StateKey, { english: string; hindi: string }> = Object.fromEntries(
  STATES.map((x) => [x.key, { english: x.english, hindi: x.hindi }]),
) as Record<StateKey, { english: string; hindi: string }>;

/** State top-up: an amount in rupees, or a condition the fact sheet gives only as text. */
export type StateTopUp =
  | { kind: 'amount'; amount: number }
  | { kind: 'condition'; text: Record<ChatLanguage, string> }
  | { kind: 'unknown' };

/**
 * The state's own subsidy on top of the central one, as of 2026, where the
 * fact sheet has it (Subsidy [32]-[37]): Uttar Pradesh +Rs 15,000/kW up to
 * Rs 30,000; Delhi +Rs 10,000/kW up to Rs 30,000; Assam +Rs 15,000/kW up to
 * 3 kW (Rs 45,000); Ladakh +Rs 20,000/kW for the first 2 kW and +Rs 10,000
 * for the third. Rajasthan and Andhra Pradesh have conditions (text).
 * Other states: unknown (Gujarat, Haryana, Uttarakhand are unverified).
 * @param kW system size in kW, >= 0.
 */
export function stateTopUp(state: StateKey, kW: number): StateTopUp {
  const k = Math.max(0, kW);
  switch (state) {
    case 'uttar-pradesh': return { kind: 'amount', amount: Math.round(Math.min(15_000 * k, 30_000)) };
    case 'delhi': return { kind: 'amount', amount: Math.round(Math.min(10_000 * k, 30_000)) };
    case 'assam': return { kind: 'amount', amount: Math.round(15_000 * Math.min(k, 3)) };
    case 'ladakh': return { kind: 'amount', amount: Math.round(20_000 * Math.min(k, 2) + 10_000 * Math.min(Math.max(k - 2, 0), 1)) };
    case 'rajasthan': return {
      kind: 'condition',
      text: {
        english: 'Rajasthan adds Rs 17,000 for a 1.1 kW system, only under the Chief Minister\'s free-electricity scheme.',
        hindi: 'राजस्थान 1.1 kW सिस्टम पर Rs 17,000 अतिरिक्त देता है, केवल मुख्यमंत्री निःशुल्क बिजली योजना में।',
        hinglish: 'Rajasthan 1.1 kW system par Rs 17,000 extra deta hai, sirf CM free bijli yojana mein.',
      },
    };
    case 'andhra-pradesh': return {
      kind: 'condition',
      text: {
        english: 'Andhra Pradesh gives a free 2 kW system to SC/ST homes and Rs 20,000 extra to BC homes.',
        hindi: 'आंध्र प्रदेश SC/ST घरों को 2 kW सिस्टम मुफ्त और BC घरों को Rs 20,000 अतिरिक्त देता है।',
        hinglish: 'Andhra Pradesh SC/ST gharon ko 2 kW system free aur BC gharon ko Rs 20,000 extra deta hai.',
      },
    };
    default: return { kind: 'unknown' };
  }
}

/**
 * Vendor prices for 3 kW before subsidy (fact sheet, System Cost
 * [38][39][40]: Rs 1.65-1.85 lakh, 1.9-2.3 lakh, 1.79-2.54 lakh), as the
 * overall low and high. A **vendor estimate**.
 */
export const VENDOR_3KW_PRICE = { low: 165_000, high: 254_000 } as const;

/**
 * Cost before subsidy, a **vendor estimate**: the 3 kW vendor range of the
 * fact sheet, scaled in proportion to the size and rounded to Rs 1,000. Only
 * the 3 kW figure is published; other sizes are a rough scaling.
 * @param kW system size in kW, > 0.
 * @returns { low, high } rupees, `scaled` true when kW is not 3.
 * @throws RangeError for a non-positive size.
 */
export function costRange(kW: number): { low: number; high: number; scaled: boolean } {
  if (!Number.isFinite(kW) || kW <= 0) throw new RangeError('kW must be a positive number');
  const r = (n: number) => Math.round(n / 1000) * 1000;
  return { low: r((VENDOR_3KW_PRICE.low * kW) / 3), high: r((VENDOR_3KW_PRICE.high * kW) / 3), scaled: kW !== 3 };
}

/** Estimated yearly saving for a home using up to 300 units a month (fact sheet, Benefits [2]), rupees. */
export const YEARLY_SAVING_300_UNITS = 15_000;
/** Vendors' payback claim (fact sheet, System Cost [41]), a **vendor estimate**. */
export const VENDOR_PAYBACK_YEARS = { low: 3, high: 5 } as const;

/**
 * Payback in years, an estimate: net cost (after subsidy) divided by the
 * yearly saving, rounded to half years (fact sheet, System Cost: the
 * illustration "net cost / yearly saving").
 * @param netCost { low, high } rupees after subsidy.
 * @param yearlySaving rupees a year, > 0.
 * @throws RangeError for a non-positive saving.
 */
export function paybackRange(netCost: { low: number; high: number }, yearlySaving: number): { low: number; high: number } {
  if (!Number.isFinite(yearlySaving) || yearlySaving <= 0) throw new RangeError('yearlySaving must be positive');
  const half = (n: number) => Math.max(0.5, Math.round((n / yearlySaving) * 2) / 2);
  return { low: half(Math.max(0, netCost.low)), high: half(Math.max(0, netCost.high)) };
}

// ---------------------------------------------------------------------------
// Reading quantities from a question

/** Quantities a question states. */
export interface Quantities {
  kW?: number;
  /** Monthly units (kWh). A per-day figure is multiplied by 30. */
  monthlyUnits?: number;
  /** Monthly bill, rupees. */
  billRupees?: number;
  state?: StateKey;
}

/** Every name the state reader knows per state (names, Hindi, Hinglish, cities; lib/states.ts). */
export const STATE_ALIASES: Array<[StateKey, string[]]> = STATES.map((x) => [x.key, stateNamesOf(x.key).map((n) => n.toLowerCase())]);

function findState(original: string): StateKey | undefined {
  return findPlace(original)?.key;
}

/**
 * Reads the quantities a question states: kW ("3kw", "3 kilowatt", "तीन
 * किलोवाट"), monthly units ("300 unit", "10 units a day" -> 300), the monthly
 * bill in rupees ("bill 2500", "₹2,500", "2 hazar" -> 2000, "1.5 lakh") and a
 * state name in English, Hindi or Hinglish. Works on `normalizeText`.
 */
export function extractQuantities(text: string): Quantities {
  const n = ` ${normalizeText(text)} `;
  const q: Quantities = {};
  const kw = / (\d+(?:\.\d+)?) kw /.exec(n);
  if (kw) q.kW = Number(kw[1]);
  const units = /((?:\S+ ){0,2})(\d+(?:\.\d+)?) unit ((?:\S+ ){0,3})/.exec(n);
  if (units) {
    const perDay = /\b(?:day|daily|din|roz|roj|rojana|pratidin|dainik)\b/.test(`${units[1]} ${units[3]}`);
    q.monthlyUnits = Number(units[2]) * (perDay ? 30 : 1);
  }
  const money = / rs (\d+(?:\.\d+)?)( hazar| lakh)?| (\d+(?:\.\d+)?)( hazar| lakh)? rs /.exec(n)
    ?? / bill\S* (?:\S+ ){0,3}?(\d+(?:\.\d+)?)( hazar| lakh)? /.exec(n)
    ?? / (\d+(?:\.\d+)?)( hazar| lakh)? (?:\S+ ){0,2}?bill/.exec(n);
  if (money) {
    const value = Number(money[1] ?? money[3]);
    const mult = (money[2] ?? money[4] ?? '').trim();
    const rupees = value * (mult === 'hazar' ? 1000 : mult === 'lakh' ? 100_000 : 1);
    // A number right before "unit" or "kw" is not a bill amount.
    const isOther = (q.monthlyUnits !== undefined && value === Number(units?.[2])) || (q.kW !== undefined && value === q.kW);
    if (!isOther || /rs/.test(money[0])) q.billRupees = rupees;
  }
  const state = findState(text);
  if (state) q.state = state;
  return q;
}

// ---------------------------------------------------------------------------
// Writing the computed answer

/** Calculators a bank entry can name (schemas.ts calcSchema). */
export type CalcKind = 'system_size' | 'subsidy' | 'cost' | 'payback';

/** Rupees in the Indian grouping: 108000 -> "1,08,000". */
export function formatRupees(n: number): string {
  const s = String(Math.round(n));
  if (s.length <= 3) return s;
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

const fmtKw = (k: number) => String(Math.round(k * 100) / 100);
const rs = (n: number) => `Rs ${formatRupees(n)}`;

interface Sized { kW: number; fromUnits?: number }

function sizeOf(q: Quantities): Sized | null {
  if (q.kW !== undefined && q.kW > 0) return { kW: q.kW };
  if (q.monthlyUnits !== undefined && q.monthlyUnits > 0) return { kW: systemSizeFromUnits(q.monthlyUnits).kW, fromUnits: q.monthlyUnits };
  return null;
}

type Texts = Record<ChatLanguage, string>;

function subsidyLines(size: Sized, state: StateKey | undefined, lang: ChatLanguage): string {
  const special = state !== undefined && SPECIAL_CATEGORY_STATES.has(state);
  const central = centralSubsidy(size.kW, { specialCategory: special });
  const kw = fmtKw(size.kW);
  const slab: Texts = special
    ? {
      english: `(special-category state: Rs 33,000/kW for the first 2 kW, Rs 19,800 for the third, up to Rs 85,800)`,
      hindi: `(विशेष श्रेणी राज्य: पहले 2 kW पर Rs 33,000/kW, तीसरे kW पर Rs 19,800, अधिकतम Rs 85,800)`,
      hinglish: `(special category state: pehle 2 kW par Rs 33,000/kW, teesre kW par Rs 19,800, maximum Rs 85,800)`,
    }
    : {
      english: `(Rs 30,000/kW for the first 2 kW, Rs 18,000 for the third, up to Rs 78,000)`,
      hindi: `(पहले 2 kW पर Rs 30,000/kW, तीसरे kW पर Rs 18,000, अधिकतम Rs 78,000)`,
      hinglish: `(pehle 2 kW par Rs 30,000/kW, teesre kW par Rs 18,000, maximum Rs 78,000)`,
    };
  const lines: Texts = {
    english: `Central subsidy for ${kw} kW: about ${rs(central)} ${slab.english}, as of ${AS_OF}.`,
    hindi: `${kw} kW पर केंद्र की सब्सिडी: लगभग ${rs(central)} ${slab.hindi}, ${AS_OF} के नियमों के अनुसार।`,
    hinglish: `${kw} kW par central subsidy: lagbhag ${rs(central)} ${slab.hinglish}, ${AS_OF} ke niyam ke hisaab se.`,
  };
  let out = lines[lang];
  if (state) {
    const top = stateTopUp(state, size.kW);
    const name = lang === 'hindi' ? STATE_NAMES[state].hindi : STATE_NAMES[state].english;
    if (top.kind === 'amount') {
      const total = central + top.amount;
      out += ' ' + {
        english: `${name} adds about ${rs(top.amount)}, so about ${rs(total)} in all.`,
        hindi: `${name} लगभग ${rs(top.amount)} अतिरिक्त देता है, यानी कुल लगभग ${rs(total)}।`,
        hinglish: `${name} lagbhag ${rs(top.amount)} extra deta hai, yaani total lagbhag ${rs(total)}.`,
      }[lang];
    } else if (top.kind === 'condition') {
      out += ' ' + top.text[lang];
    } else {
      out += ' ' + {
        english: `We have no confirmed state top-up for ${name}.`,
        hindi: `${name} की अतिरिक्त राज्य सब्सिडी की हमारे पास पुष्ट जानकारी नहीं है।`,
        hinglish: `${name} ki extra state subsidy ki confirmed jaankari hamare paas nahi hai.`,
      }[lang];
    }
  }
  out += ' ' + {
    english: `Check the current rule on ${PORTAL}.`,
    hindi: `मौजूदा नियम ${PORTAL} पर देखें।`,
    hinglish: `Current niyam ${PORTAL} par check karein.`,
  }[lang];
  return out;
}

function sizeLine(size: Sized, lang: ChatLanguage): string {
  const kw = fmtKw(size.kW);
  const roof = `${Math.round(size.kW * ROOF_M2_PER_KW.min)}-${Math.round(size.kW * ROOF_M2_PER_KW.max)}`;
  if (size.fromUnits !== undefined) {
    const u = formatRupees(size.fromUnits);
    return {
      english: `For ${u} units a month you need about ${kw} kW (kW = monthly units / 120; 1 kW makes about 4 units a day). It needs about ${roof} m2 of shadow-free roof.`,
      hindi: `${u} यूनिट प्रति माह के लिए लगभग ${kw} kW का सिस्टम चाहिए (kW = मासिक यूनिट / 120; 1 kW रोज़ लगभग 4 यूनिट बनाता है)। इसके लिए लगभग ${roof} m2 छाया-रहित छत चाहिए।`,
      hinglish: `${u} unit/mahina ke liye lagbhag ${kw} kW chahiye (kW = units / 120; 1 kW roz lagbhag 4 unit banata hai). Iske liye lagbhag ${roof} m2 bina chhaya wali chhat chahiye.`,
    }[lang];
  }
  return {
    english: `A ${kw} kW system makes about ${formatRupees(size.kW * UNITS_PER_KW_MONTH)} units a month (1 kW makes about 4 units a day) and needs about ${roof} m2 of shadow-free roof.`,
    hindi: `${kw} kW सिस्टम महीने में लगभग ${formatRupees(size.kW * UNITS_PER_KW_MONTH)} यूनिट बनाता है (1 kW रोज़ लगभग 4 यूनिट) और लगभग ${roof} m2 छाया-रहित छत चाहिए।`,
    hinglish: `${kw} kW system mahine mein lagbhag ${formatRupees(size.kW * UNITS_PER_KW_MONTH)} unit banata hai (1 kW roz lagbhag 4 unit) aur lagbhag ${roof} m2 bina chhaya wali chhat chahiye.`,
  }[lang];
}

function costLine(size: Sized, state: StateKey | undefined, lang: ChatLanguage): string {
  const c = costRange(size.kW);
  const special = state !== undefined && SPECIAL_CATEGORY_STATES.has(state);
  const central = centralSubsidy(size.kW, { specialCategory: special });
  const kw = fmtKw(size.kW);
  const basis: Texts = c.scaled
    ? {
      english: ' (scaled from vendor prices for 3 kW of Rs 1.65-2.54 lakh)',
      hindi: ' (3 kW के विक्रेता दाम Rs 1.65-2.54 लाख से अनुपात में)',
      hinglish: ' (3 kW ke vendor daam Rs 1.65-2.54 lakh se anupaat mein)',
    }
    : { english: '', hindi: '', hinglish: '' };
  return {
    english: `Estimate: a ${kw} kW system costs roughly ${rs(c.low)}-${rs(c.high)} before subsidy, going by vendor prices${basis.english}; after the central subsidy of about ${rs(central)} (as of ${AS_OF}) you pay roughly ${rs(Math.max(0, c.low - central))}-${rs(Math.max(0, c.high - central))}. Get quotes from DISCOM-registered vendors.`,
    hindi: `अनुमान: ${kw} kW सिस्टम की कीमत सब्सिडी से पहले लगभग ${rs(c.low)}-${rs(c.high)} है, विक्रेताओं के दाम के हिसाब से${basis.hindi}; केंद्र की लगभग ${rs(central)} सब्सिडी (${AS_OF} के अनुसार) के बाद लगभग ${rs(Math.max(0, c.low - central))}-${rs(Math.max(0, c.high - central))}। DISCOM-पंजीकृत विक्रेताओं से कोटेशन लें।`,
    hinglish: `Andaaza: ${kw} kW system ka kharcha subsidy se pehle lagbhag ${rs(c.low)}-${rs(c.high)} hai, vendor daam ke hisaab se${basis.hinglish}; central subsidy lagbhag ${rs(central)} (${AS_OF} ke hisaab se) ke baad lagbhag ${rs(Math.max(0, c.low - central))}-${rs(Math.max(0, c.high - central))}. DISCOM-registered vendors se quote lein.`,
  }[lang];
}

function paybackLine(size: Sized, q: Quantities, lang: ChatLanguage): string {
  const c = costRange(size.kW);
  const special = q.state !== undefined && SPECIAL_CATEGORY_STATES.has(q.state);
  const central = centralSubsidy(size.kW, { specialCategory: special });
  const net = { low: Math.max(0, c.low - central), high: Math.max(0, c.high - central) };
  const yearly = q.billRupees !== undefined ? q.billRupees * 12 : YEARLY_SAVING_300_UNITS;
  const p = paybackRange(net, yearly);
  const savingText: Texts = q.billRupees !== undefined
    ? {
      english: `if solar cuts your ${rs(q.billRupees)} monthly bill to zero (${rs(yearly)} a year; a zero bill is not guaranteed)`,
      hindi: `अगर सोलर आपका ${rs(q.billRupees)} मासिक बिल शून्य कर दे (${rs(yearly)} सालाना; शून्य बिल की गारंटी नहीं है)`,
      hinglish: `agar solar aapka ${rs(q.billRupees)} mahine ka bill zero kar de (${rs(yearly)} saal ka; zero bill ki guarantee nahi hai)`,
    }
    : {
      english: `at the estimated saving of about ${rs(YEARLY_SAVING_300_UNITS)} a year for a home using up to 300 units a month`,
      hindi: `300 यूनिट प्रति माह तक वाले घर की अनुमानित बचत लगभग ${rs(YEARLY_SAVING_300_UNITS)} सालाना के हिसाब से`,
      hinglish: `300 unit/mahina tak wale ghar ki andaazan bachat lagbhag ${rs(YEARLY_SAVING_300_UNITS)} saal ke hisaab se`,
    };
  return {
    english: `Estimate: a ${fmtKw(size.kW)} kW system costing roughly ${rs(net.low)}-${rs(net.high)} after the central subsidy pays back in about ${p.low}-${p.high} years ${savingText.english}. Vendors claim 3-5 years; these are estimates, not promises.`,
    hindi: `अनुमान: सब्सिडी के बाद लगभग ${rs(net.low)}-${rs(net.high)} वाला ${fmtKw(size.kW)} kW सिस्टम लगभग ${p.low}-${p.high} साल में पैसा वसूल करता है, ${savingText.hindi}। विक्रेता 3-5 साल बताते हैं; ये अनुमान हैं, वादा नहीं।`,
    hinglish: `Andaaza: subsidy ke baad lagbhag ${rs(net.low)}-${rs(net.high)} wala ${fmtKw(size.kW)} kW system lagbhag ${p.low}-${p.high} saal mein paisa vasool karta hai, ${savingText.hinglish}. Vendors 3-5 saal batate hain; ye andaaze hain, vaada nahi.`,
  }[lang];
}

/**
 * Writes a computed answer for a bank entry that names a calculator, in the
 * asker's language, from the quantities of the question. Returns null when
 * the question lacks what the calculator needs (the entry's vetted answer is
 * used then). Subsidy figures say "as of 2026" and point to
 * pmsuryaghar.gov.in; cost and payback are labelled estimates.
 * Example: ("system_size", {monthlyUnits: 300}, "hinglish") ->
 * "300 unit/mahina ke liye lagbhag 2.5 kW chahiye (kW = units / 120; ...) ...".
 */
export function computeAnswer(calc: CalcKind, q: Quantities, language: ChatLanguage): string | null {
  const size = sizeOf(q);
  switch (calc) {
    case 'system_size': {
      if (!size || size.fromUnits === undefined) return null;
      return `${sizeLine(size, language)} ${subsidyLines(size, q.state, language)}`;
    }
    case 'subsidy': {
      if (!size) return null;
      const pre = size.fromUnits !== undefined ? `${sizeLine(size, language)} ` : '';
      return `${pre}${subsidyLines(size, q.state, language)}`;
    }
    case 'cost': {
      if (!size) return null;
      const pre = size.fromUnits !== undefined ? `${sizeLine(size, language)} ` : '';
      return `${pre}${costLine(size, q.state, language)}`;
    }
    case 'payback': {
      if (!size && q.billRupees === undefined) return null;
      // Without a size, a bill alone cannot give units (the tariff is unknown): assume 3 kW, the common home size, and say so.
      const s = size ?? { kW: 3 };
      return paybackLine(s, q, language);
    }
    default: return null;
  }
}
