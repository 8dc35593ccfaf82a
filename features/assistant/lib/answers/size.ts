import type { ChatLanguage } from '../../schemas';
import { systemSizeFromUnits } from '../calculator';
import type { Understanding } from '../understand';
import { computed, formatRupees, kwS, num, say, type Computed } from './writer';

/**
 * Answers about size and generation: roof area for a size, the size a roof
 * fits, units a year, a month or a day, and the size for a use. Rules from
 * docs/facts/solar-india.md (Solar Panel [25][26], System Size [42]); texts
 * from messages `assistant.answers.*`.
 */

const floorHalf = (n: number) => Math.floor(n * 2 + 1e-9) / 2;

/** Square feet of roof per kW as the fact sheet states them beside 10-12 m2 (Solar Panel [25]: "100-130 sq ft"). */
const SQFT_PER_KW = { min: 100, max: 130 } as const;

/**
 * Area for N kW: N x 10-12 m2, and N x 100-130 sq ft, the fact sheet's own figures (Solar Panel [25]), so a reply
 * agrees with the sheet and the reels ("7 kW: 70-84 m2, 700-910 sq ft").
 */
export function areaForKw(kw: number, lang: ChatLanguage): Computed {
  const lo = kw * 10;
  const hi = kw * 12;
  const args = { kw: kwS(kw), lo: num(lo), hi: num(hi), sqftLo: formatRupees(Math.round(kw * SQFT_PER_KW.min)), sqftHi: formatRupees(Math.round(kw * SQFT_PER_KW.max)) };
  const formula = `${kwS(kw)} kW x 10-12 m2 = ${num(lo)}-${num(hi)} m2`;
  return computed(say(lang, 'area.text', args), say(lang, 'area.working', { ...args, formula }), [25], ['Solar Panel [25]']);
}

/**
 * kW that fit an area: area / 12 to area / 10 m2 per kW (fact sheet, Solar
 * Panel [25]), each rounded down to a whole or half kW, so the estimate never
 * asks more roof than there is. Below 10 m2 not even 1 kW fits.
 */
export function kwForArea(area: NonNullable<Understanding['area']>, lang: ChatLanguage): Computed {
  const m2 = area.m2;
  const lo = floorHalf(m2 / 12);
  const hi = floorHalf(m2 / 10);
  const given = area.as === 'm2' ? `${num(m2)} m2`
    : say(lang, area.as === 'sqft' ? 'fit.givenSqft' : 'fit.givenSqyd', { value: formatRupees(area.value), m2: num(m2) });
  const range = lo === hi ? `${kwS(lo)} kW` : `${kwS(lo)}-${kwS(hi)} kW`;
  const working = say(lang, 'fit.working', { given, m2: num(m2), lo: num(m2 / 12), hi: num(m2 / 10), range });
  const text = hi < 1 ? say(lang, 'fit.tooSmall', { m2: num(m2) }) : say(lang, 'fit.text', { m2: num(m2), range });
  return computed(text, working, [25], ['Solar Panel [25]']);
}

/** A year's units: N kW x 1,400-1,800 (fact sheet, Solar Panel [26]). */
export function yearlyUnits(kw: number, lang: ChatLanguage): Computed {
  const lo = formatRupees(Math.round(kw * 1400));
  const hi = formatRupees(Math.round(kw * 1800));
  const formula = `${kwS(kw)} kW x 1,400-1,800 = ${lo}-${hi}`;
  return computed(say(lang, 'yearly.text', { kw: kwS(kw), lo, hi }), say(lang, 'yearly.working', { formula }), [26], ['Solar Panel [26]']);
}

/** A month's units: N kW x 120 (fact sheet, System Size [42]: kW = monthly units / 120, 1 kW about 4 units a day). */
export function monthlyUnits(kw: number, lang: ChatLanguage): Computed {
  const n = formatRupees(Math.round(kw * 120));
  const formula = `${kwS(kw)} kW x 120 = ${n}`;
  return computed(say(lang, 'monthly.text', { kw: kwS(kw), units: n }), say(lang, 'monthly.working', { formula }), [42], ['System Size [42]']);
}

/** A clear day's units: N kW x 4-5.5 (fact sheet, Solar Panel [25]). */
export function dailyUnits(kw: number, lang: ChatLanguage): Computed {
  const lo = num(Math.round(kw * 4 * 10) / 10);
  const hi = num(Math.round(kw * 5.5 * 10) / 10);
  const formula = `${kwS(kw)} kW x 4-5.5 = ${lo}-${hi}`;
  return computed(say(lang, 'daily.text', { kw: kwS(kw), lo, hi }), say(lang, 'daily.working', { formula }), [25], ['Solar Panel [25]']);
}

/**
 * Size for a use: monthly units / 120 rounded to half a kW, at least 1 kW
 * (fact sheet, System Size [42]); a day's units x 30 first; a year's units /
 * 1,800-1,400 per kW (Solar Panel [26]).
 */
export function sizeForUnits(units: NonNullable<Understanding['units']>, lang: ChatLanguage): Computed {
  if (units.per === 'year') {
    const lo = Math.max(1, Math.round((units.value / 1800) * 2) / 2);
    const hi = Math.max(1, Math.round((units.value / 1400) * 2) / 2);
    const range = lo === hi ? `${kwS(lo)} kW` : `${kwS(lo)}-${kwS(hi)} kW`;
    const args = { units: formatRupees(units.value), range, lo: num(units.value / 1800), hi: num(units.value / 1400) };
    return computed(say(lang, 'sizeYear.text', args), say(lang, 'sizeYear.working', args), [26], ['Solar Panel [26]']);
  }
  const monthly = units.per === 'day' ? units.value * 30 : units.value;
  const { exact, kW } = systemSizeFromUnits(monthly);
  const pre = units.per === 'day' ? `${num(units.value)} x 30 = ${formatRupees(monthly)}; ` : '';
  const args = { pre, units: formatRupees(monthly), exact: num(exact), kw: kwS(kW) };
  return computed(say(lang, 'sizeMonth.text', args), say(lang, 'sizeMonth.working', args), [42], ['System Size [42]']);
}
