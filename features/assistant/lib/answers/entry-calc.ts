import type { ChatLanguage } from '../../schemas';
import {
  AS_OF, centralSubsidy, costRange, paybackRange, PORTAL, ROOF_M2_PER_KW, SPECIAL_CATEGORY_STATES, STATE_NAMES, stateTopUp, systemSizeFromUnits,
  UNITS_PER_KW_MONTH, YEARLY_SAVING_300_UNITS, type StateKey,
} from '../calculator';
import type { Quantities } from '../quantities';
import { formatRupees, kwS, rs, say, spaced } from './writer';

/**
 * The answer of a bank entry that names a calculator (schemas.ts calcSchema:
 * system size, subsidy, cost, payback), worked out from the question's
 * quantities with the rules of lib/calculator.ts; texts from messages
 * `assistant.answers.entry.*`. Pure, no I/O.
 */

/** Calculators a bank entry can name (schemas.ts calcSchema). */
export type CalcKind = 'system_size' | 'subsidy' | 'cost' | 'payback';

interface Sized { kW: number; fromUnits?: number }

function sizeOf(q: Quantities): Sized | null {
  if (q.kW !== undefined && q.kW > 0) return { kW: q.kW };
  if (q.monthlyUnits !== undefined && q.monthlyUnits > 0) return { kW: systemSizeFromUnits(q.monthlyUnits).kW, fromUnits: q.monthlyUnits };
  return null;
}

function subsidyLines(size: Sized, state: StateKey | undefined, lang: ChatLanguage): string {
  const special = state !== undefined && SPECIAL_CATEGORY_STATES.has(state);
  const central = centralSubsidy(size.kW, { specialCategory: special });
  const slab = say(lang, special ? 'entry.slabSpecial' : 'entry.slabStandard');
  let out = say(lang, 'entry.central', { kw: kwS(size.kW), central: rs(central), slab, asOf: AS_OF });
  if (state) {
    const top = stateTopUp(state, size.kW);
    const name = lang === 'hindi' ? STATE_NAMES[state].hindi : STATE_NAMES[state].english;
    if (top.kind === 'amount') out += spaced(say(lang, 'entry.topUp', { name, amount: rs(top.amount), total: rs(central + top.amount) }));
    else if (top.kind === 'condition') out += spaced(top.text[lang]);
    else out += spaced(say(lang, 'entry.noTopUp', { name }));
  }
  return out + spaced(say(lang, 'entry.checkPortal', { portal: PORTAL }));
}

function sizeLine(size: Sized, lang: ChatLanguage): string {
  const args = {
    kw: kwS(size.kW),
    roof: `${Math.round(size.kW * ROOF_M2_PER_KW.min)}-${Math.round(size.kW * ROOF_M2_PER_KW.max)}`,
    units: size.fromUnits !== undefined ? formatRupees(size.fromUnits) : formatRupees(size.kW * UNITS_PER_KW_MONTH),
  };
  return say(lang, size.fromUnits !== undefined ? 'entry.sizeForUnits' : 'entry.sizeMakes', args);
}

function costLine(size: Sized, state: StateKey | undefined, lang: ChatLanguage): string {
  const c = costRange(size.kW);
  const special = state !== undefined && SPECIAL_CATEGORY_STATES.has(state);
  const central = centralSubsidy(size.kW, { specialCategory: special });
  return say(lang, 'entry.cost', {
    kw: kwS(size.kW), low: rs(c.low), high: rs(c.high), basis: c.scaled ? spaced(say(lang, 'entry.costScaled')) : '',
    central: rs(central), asOf: AS_OF, netLow: rs(Math.max(0, c.low - central)), netHigh: rs(Math.max(0, c.high - central)),
  });
}

function paybackLine(size: Sized, q: Quantities, lang: ChatLanguage): string {
  const c = costRange(size.kW);
  const special = q.state !== undefined && SPECIAL_CATEGORY_STATES.has(q.state);
  const central = centralSubsidy(size.kW, { specialCategory: special });
  const net = { low: Math.max(0, c.low - central), high: Math.max(0, c.high - central) };
  const yearly = q.billRupees !== undefined ? q.billRupees * 12 : YEARLY_SAVING_300_UNITS;
  const p = paybackRange(net, yearly);
  const saving = q.billRupees !== undefined
    ? say(lang, 'entry.paybackBill', { bill: rs(q.billRupees), yearly: rs(yearly) })
    : say(lang, 'payback.basisSaving', { saving: rs(YEARLY_SAVING_300_UNITS) });
  return say(lang, 'entry.payback', {
    kw: kwS(size.kW), netLow: rs(net.low), netHigh: rs(net.high), low: String(p.low), high: String(p.high), saving,
  });
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
