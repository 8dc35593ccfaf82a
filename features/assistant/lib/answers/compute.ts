import type { ChatLanguage } from '../../schemas';
import { systemSizeFromUnits } from '../calculator';
import type { Intent, Understanding } from '../understand';
import { costFor, loanSplitFor, loanTermsFor, netCostFor, paybackFor } from './money';
import { areaForKw, dailyUnits, kwForArea, monthlyUnits, sizeForUnits, yearlyUnits } from './size';
import { societySubsidyFor, stateSubsidyFor, subsidyFor } from './subsidy';
import type { Computed } from './writer';

/**
 * Works out the number a question's intent asks for (lib/understand.ts) from
 * the fact sheet's rules (docs/facts/solar-india.md), through the answer
 * modules of this folder. Pure, no I/O.
 */

/**
 * The size a computation uses: the kW the message states, else the size for
 * the units it states (monthly units / 120, System Size [42]), so "300 units
 * a month: what size and how much subsidy?" gets the subsidy for 2.5 kW.
 */
function withSize(u: Understanding): Understanding {
  if (u.kw !== undefined || !u.units || !(u.units.value > 0)) return u;
  const monthly = u.units.per === 'day' ? u.units.value * 30 : u.units.per === 'year' ? u.units.value / 12 : u.units.value;
  return { ...u, kw: systemSizeFromUnits(monthly).kW };
}

/** The size a question names, or the one its monthly use needs (kW = units / 120, System Size [42]); undefined when neither. */
function sizeOf(u: Understanding): number | undefined {
  if (u.kw !== undefined) return u.kw > 0 ? u.kw : undefined;
  if (!u.units || u.units.value <= 0) return undefined;
  const monthly = u.units.value * (u.units.per === 'day' ? 30 : u.units.per === 'year' ? 1 / 12 : 1);
  return systemSizeFromUnits(monthly).kW;
}

/**
 * Works out the number an intent asks for, in the asker's language, with a
 * one-line working and the fact-sheet rule it rests on; null when the
 * message lacks what the rule needs or the fact sheet does not determine the
 * number (a size from a bill needs the tariff; surplus settlement has no
 * number; a loan above 10 kW has no rule in the sheet).
 * @example computeIntent(understand('3 kW ke liye kitni jagah', 'hinglish'), 'area_for_kw', 'hinglish')?.working
 *   // '3 kW x 10-12 m2 = 30-36 m2, lagbhag 300-390 sq ft'
 */
export function computeIntent(given: Understanding, intent: Intent, language: ChatLanguage): Computed | null {
  // A size of zero or less (or not finite) is no size.
  let sane: Understanding = given;
  if (given.kw !== undefined && !(given.kw > 0 && Number.isFinite(given.kw))) {
    sane = { ...given };
    delete sane.kw;
  }
  const u = intent === 'size_for_units' ? sane : withSize(sane);
  switch (intent) {
    case 'area_for_kw': return u.kw !== undefined && u.kw > 0 ? areaForKw(u.kw, language) : null;
    case 'kw_for_area': return u.area && u.area.m2 > 0 ? kwForArea(u.area, language) : null;
    case 'yearly_units': { const kw = sizeOf(u); return kw !== undefined ? yearlyUnits(kw, language) : null; }
    case 'monthly_units': { const kw = sizeOf(u); return kw !== undefined ? monthlyUnits(kw, language) : null; }
    case 'daily_units': { const kw = sizeOf(u); return kw !== undefined ? dailyUnits(kw, language) : null; }
    case 'size_for_units': return u.units && u.units.value > 0 ? sizeForUnits(u.units, language) : null;
    case 'size_for_bill': return null;
    case 'subsidy': return subsidyFor(u, language);
    case 'state_subsidy': return stateSubsidyFor(u, language);
    case 'net_cost': return netCostFor(u, language);
    case 'loan_split': return loanSplitFor(u, language);
    case 'loan_terms': return loanTermsFor(u, language);
    case 'society_subsidy': return societySubsidyFor(u, language);
    case 'cost': return costFor(u, language);
    case 'payback': return paybackFor(u, language);
    case 'surplus_settlement': return null;
    default: return null;
  }
}
