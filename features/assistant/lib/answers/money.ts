import type { ChatLanguage } from '../../schemas';
import { centralSubsidy, costRange, paybackRange, YEARLY_SAVING_300_UNITS } from '../calculator';
import { stateName } from '../states';
import type { Understanding } from '../understand';
import { stateTopUpText } from './subsidy';
import { computed, kwS, rs, say, spaced, type Computed } from './writer';

/**
 * Answers about money: net cost on a quote, SBI's loan split and terms,
 * cost before subsidy and payback. Rules from docs/facts/solar-india.md
 * (Subsidy [1][5][32]-[35], Buying Solar [7][10], System Cost [38]-[41],
 * Benefits [2]); texts from messages `assistant.answers.*`.
 */

/**
 * Net cost on a quote: quote - central subsidy - the state's top-up where the
 * fact sheet gives it (Subsidy [1][5][32]-[35]); elsewhere the state part is
 * said to be unknown and only the central subsidy is taken off. Without a
 * quote, the vendor price range is used and labelled an estimate (System Cost [38]-[40]).
 * Null without a size.
 */
export function netCostFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const quote = u.amounts.find((a) => a.role === 'quote') ?? u.amounts.find((a) => a.role === 'unknown');
  const special = u.state?.specialCategory ?? false;
  const central = centralSubsidy(u.kw, { specialCategory: special });
  const top = u.state ? stateTopUpText(u.state.key, u.kw, lang) : undefined;
  const stateAmt = top?.amount ?? 0;
  const stateNote = top && top.amount === undefined ? spaced(top.text) : '';
  const ids = [1, 5, ...(top?.id && top.amount !== undefined ? [top.id] : [])];
  if (!quote) {
    const c = costRange(u.kw);
    const lo = Math.max(0, c.low - central - stateAmt);
    const hi = Math.max(0, c.high - central - stateAmt);
    const working = `${rs(c.low)}-${rs(c.high)} - ${rs(central)}${stateAmt ? ` - ${rs(stateAmt)}` : ''} = ${rs(lo)}-${rs(hi)}`;
    const text = say(lang, 'netCost.estimate', {
      kw: kwS(u.kw), low: rs(c.low), high: rs(c.high), subsidy: rs(central + stateAmt), netLow: rs(lo), netHigh: rs(hi), stateNote,
    });
    return computed(text, working, [...ids, 38, 39, 40], ['Subsidy [1][5]', 'System Cost [38][39][40]']);
  }
  const net = Math.max(0, quote.value - central - stateAmt);
  const statePart = stateAmt ? ` - ${rs(stateAmt)} (${stateName(u.state!.key, lang)})` : '';
  const working = say(lang, 'netCost.working', { quote: rs(quote.value), central: rs(central), statePart, net: rs(net) });
  const text = say(lang, 'netCost.onQuote', { quote: rs(quote.value), kw: kwS(u.kw), subsidy: rs(central + stateAmt), net: rs(net), stateNote });
  return computed(text, working, [...ids, 7], ['Subsidy [1][5]', 'Buying Solar [7]']);
}

/**
 * SBI's rule (fact sheet, Buying Solar [10]): up to 3 kW, 10% margin and a
 * loan of at most Rs 2 lakh; above 3 kW to 10 kW, 20% margin and at most Rs 6
 * lakh; what the cap leaves is the own share too. Above 10 kW the sheet has
 * no rule (null).
 */
export function sbiSlab(kw: number): { margin: number; cap: number; rate: string } | null {
  if (!(kw > 0) || kw > 10) return null;
  return kw <= 3 ? { margin: 0.1, cap: 200_000, rate: '6.75%' } : { margin: 0.2, cap: 600_000, rate: '8.90%' };
}

/** The SBI band's name in `lang`: up to 3 kW, or 3-10 kW. */
const bandName = (kw: number, lang: ChatLanguage) => say(lang, kw <= 3 ? 'loan.bandSmall' : 'loan.bandLarge');

/** Own share and loan on a quote under SBI's margin rule (Buying Solar [10]); the terms alone without a quote; null without a size or above 10 kW. */
export function loanSplitFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const slab = sbiSlab(u.kw);
  if (!slab) return null;
  const quote = u.amounts.find((a) => a.role === 'quote') ?? u.amounts.find((a) => a.role === 'unknown');
  if (!quote) return loanTermsFor(u, lang);
  const byMargin = Math.round(quote.value * (1 - slab.margin));
  const loan = Math.min(byMargin, slab.cap);
  const args = {
    quote: rs(quote.value), pct: String(Math.round((1 - slab.margin) * 100)), byMargin: rs(byMargin), loan: rs(loan), own: rs(quote.value - loan),
    cap: rs(slab.cap), margin: String(Math.round(slab.margin * 100)), band: bandName(u.kw, lang), rate: slab.rate,
  };
  const loanPart = byMargin > slab.cap ? say(lang, 'loanSplit.capped', args) : spaced(say(lang, 'loanSplit.loan'));
  return computed(say(lang, 'loanSplit.text', args), say(lang, 'loanSplit.working', { ...args, loanPart }), [10], ['Buying Solar [10]']);
}

/** The SBI band a size range falls in: up to 3 kW, or above 3 to 10 kW; null when it spans both or goes past 10 kW. */
function bandOfRange(r: { lo: number; hi: number }): 'small' | 'large' | null {
  if (r.hi <= 3) return 'small';
  if (r.lo >= 3 && (r.hi <= 10 || !Number.isFinite(r.hi))) return 'large';
  return null;
}

/** SBI's loan terms for a size or a size range's band (Buying Solar [10]); null without either or above 10 kW. */
export function loanTermsFor(u: Understanding, lang: ChatLanguage): Computed | null {
  // A range stands for the SBI band it falls in: "up to 3 kW" the first, "above 3 kW" and "3-10 kW" the second.
  const band = u.kw === undefined && u.kwRange ? bandOfRange(u.kwRange) : null;
  const kw = u.kw ?? (band === 'small' ? 3 : band === 'large' ? 10 : undefined);
  if (kw === undefined) return null;
  const slab = sbiSlab(kw);
  if (!slab) return null;
  const size = u.kw !== undefined ? `${kwS(kw)} kW` : say(lang, kw <= 3 ? 'loanTerms.sizeSmall' : 'loanTerms.sizeLarge');
  const args = {
    size, margin: String(Math.round(slab.margin * 100)), cap: rs(slab.cap), rate: slab.rate, band: bandName(kw, lang),
    pre: u.kw !== undefined ? `${kwS(kw)} kW, ` : '', income: kw > 3 ? spaced(say(lang, 'loanTerms.income')) : '',
  };
  return computed(say(lang, 'loanTerms.text', args), say(lang, 'loanTerms.working', args), [10], ['Buying Solar [10]']);
}

/** Cost before subsidy, a vendor estimate (fact sheet, System Cost [38]-[40]), scaled from 3 kW; null without a size. */
export function costFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const c = costRange(u.kw);
  const args = { kw: kwS(u.kw), low: rs(c.low), high: rs(c.high), scaled: c.scaled ? spaced(say(lang, 'cost.scaled')) : '' };
  const working = say(lang, c.scaled ? 'cost.scaledWorking' : 'cost.working', args);
  return computed(say(lang, 'cost.text', args), working, [38, 39, 40], ['System Cost [38][39][40]']);
}

/** Payback, an estimate: net cost / yearly saving (fact sheet, System Cost illustration; Benefits [2]); null without a size. */
export function paybackFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined) return null;
  const quote = u.amounts.find((a) => a.role === 'quote');
  const bill = u.amounts.find((a) => a.role === 'bill');
  const special = u.state?.specialCategory ?? false;
  const central = centralSubsidy(u.kw, { specialCategory: special });
  const c = quote ? { low: quote.value, high: quote.value } : costRange(u.kw);
  const net = { low: Math.max(0, c.low - central), high: Math.max(0, c.high - central) };
  const yearly = bill ? bill.value * 12 : YEARLY_SAVING_300_UNITS;
  const p = paybackRange(net, yearly);
  const args = {
    net: net.low === net.high ? rs(net.low) : `${rs(net.low)}-${rs(net.high)}`,
    years: p.low === p.high ? `${p.low}` : `${p.low}-${p.high}`,
    yearly: rs(yearly),
    basis: bill ? say(lang, 'payback.basisBill', { bill: rs(bill.value) }) : say(lang, 'payback.basisSaving', { saving: rs(YEARLY_SAVING_300_UNITS) }),
  };
  return computed(say(lang, 'payback.text', args), say(lang, 'payback.working', args), [2, 41], ['Benefits [2]', 'System Cost [41]']);
}
