import type { ChatLanguage } from '../schemas';
import { formatRupees, sayEach } from './answers/writer';
import { SPECIAL_CATEGORY_STATES, STATES, stateNamesOf, type StateKey } from './states';

export { formatRupees, SPECIAL_CATEGORY_STATES, type StateKey };

/**
 * The assistant's calculator: system
 * size, central subsidy, state top-ups, cost and payback. Every rule and
 * number comes from docs/facts/solar-india.md (section and source
 * numbers in each comment); scheme rules are "as of 2026" and the answers
 * point to pmsuryaghar.gov.in. Amounts are whole rupees. Pure functions.
 * Answers are written from these rules by lib/answers/ (a bank entry's
 * calculator: lib/answers/entry-calc.ts).
 */

/** Monthly units one kW makes, on average (fact sheet, System Size: kW = monthly units / 120 [42]). */
export const UNITS_PER_KW_MONTH = 120;
/** Shadow-free roof per kW, square metres (fact sheet, Solar Panel [25]). */
export const ROOF_M2_PER_KW = { min: 10, max: 12 } as const;
/** Scheme rules are quoted "as of" this year (fact sheet, preamble). */
export const AS_OF = '2026';
/** The scheme's portal, where every subsidy answer sends the asker to check the current rule. */
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
    // Conditions the fact sheet gives only in words (messages assistant.answers.topUp.*).
    case 'rajasthan': return { kind: 'condition', text: sayEach('topUp.rajasthan') };
    case 'andhra-pradesh': return { kind: 'condition', text: sayEach('topUp.andhraPradesh') };
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

/** Every name the state reader knows per state (names, Hindi, Hinglish, cities; lib/states.ts). */
export const STATE_ALIASES: Array<[StateKey, string[]]> = STATES.map((x) => [x.key, stateNamesOf(x.key).map((n) => n.toLowerCase())]);
