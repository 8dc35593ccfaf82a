import type { ChatLanguage } from '../../schemas';
import { centralSubsidy, stateTopUp } from '../calculator';
import { stateName, type StateKey } from '../states';
import type { Understanding } from '../understand';
import { computed, kwS, num, rs, say, spaced, type Computed } from './writer';

/**
 * Answers about subsidy: the central subsidy for a size or a state's
 * category, a state's top-up, a housing society's subsidy. Rules from
 * docs/facts/solar-india.md (Subsidy [1][5][30]-[37]); texts from messages
 * `assistant.answers.*`.
 */

/** Central subsidy working: "2 kW x Rs 30,000 + 1 kW x Rs 18,000 = Rs 78,000", with the cap above 3 kW. */
function centralWorking(kw: number, special: boolean, lang: ChatLanguage): string {
  const [perKw, third, cap] = special ? [33_000, 19_800, 85_800] : [30_000, 18_000, 78_000];
  const a = Math.min(kw, 2);
  const b = Math.min(Math.max(kw - 2, 0), 1);
  const parts = [`${kwS(a)} kW x ${rs(perKw)}`];
  if (b > 0) parts.push(`${kwS(b)} kW x ${rs(third)}`);
  const total = centralSubsidy(kw, { specialCategory: special });
  return `${parts.join(' + ')} = ${rs(total)}${kw > 3 ? ` ${say(lang, 'subsidy.cap', { cap: rs(cap) })}` : ''}`;
}

const STANDARD_WORKING = '2 kW x Rs 30,000 + 1 kW x Rs 18,000 = Rs 78,000';
const SPECIAL_WORKING = '2 kW x Rs 33,000 + 1 kW x Rs 19,800 = Rs 85,800';

/**
 * Central subsidy for N kW (fact sheet, Subsidy [1][5][30]); the
 * special-category rates for those states [5]. Without a size, a named
 * state gets its category's rule in words; with neither, both rules.
 */
export function subsidyFor(u: Understanding, lang: ChatLanguage): Computed | null {
  const special = u.state?.specialCategory ?? u.specialGroup ?? false;
  const ids = special ? [5] : [1, 5, 30];
  const sections = [special ? 'Subsidy [5]' : 'Subsidy [1][5][30]'];
  const where = u.state ? stateName(u.state.key, lang) : '';
  if (u.kw === undefined && !u.state) {
    const working = say(lang, 'subsidy.ruleWorking', { standard: STANDARD_WORKING, special: SPECIAL_WORKING });
    return computed(say(lang, 'subsidy.rule'), working, [1, 5, 30], ['Subsidy [1][5][30]']);
  }
  if (u.kw === undefined && u.state) {
    const text = say(lang, special ? 'subsidy.specialState' : 'subsidy.standardState', { where });
    return computed(text, special ? SPECIAL_WORKING : STANDARD_WORKING, ids, sections);
  }
  const kw = u.kw!;
  const total = centralSubsidy(kw, { specialCategory: special });
  const cat = special && !u.state ? say(lang, 'subsidy.inSpecialStates') : special ? say(lang, 'subsidy.specialRateIn', { where }) : '';
  const text = say(lang, 'subsidy.forSize', { kw: kwS(kw), total: rs(total), category: spaced(cat) });
  return computed(text, centralWorking(kw, special, lang), ids, sections);
}

/** A state's top-up rule (message key under `topUp.rule`) and its source (fact sheet, Subsidy [32]-[37]). */
const TOP_UP_RULE: Partial<Record<StateKey, { id: number; rule?: 'uttarPradesh' | 'delhi' | 'assam' | 'ladakh' }>> = {
  'uttar-pradesh': { id: 32, rule: 'uttarPradesh' },
  delhi: { id: 33, rule: 'delhi' },
  assam: { id: 34, rule: 'assam' },
  ladakh: { id: 35, rule: 'ladakh' },
  rajasthan: { id: 36 },
  'andhra-pradesh': { id: 37 },
};
/** States whose top-up the fact sheet lists as unverified: no figure is given. */
const TOP_UP_UNVERIFIED = new Set<StateKey>(['gujarat', 'haryana', 'uttarakhand']);

/**
 * A state's top-up in words, in `lang`: the amount for `kw` where the fact
 * sheet gives one (with its rule), the rule alone without a size, the
 * condition (Rajasthan, Andhra Pradesh), "reported, not confirmed", or "none
 * confirmed" (fact sheet, Subsidy [32]-[37]).
 * @returns the text; `amount` (rupees) and `working` when a figure is given; `id` the source number where the sheet has one.
 */
export function stateTopUpText(key: StateKey, kw: number | undefined, lang: ChatLanguage): { text: string; working?: string; amount?: number; id?: number } {
  const name = stateName(key, lang);
  const rule = TOP_UP_RULE[key];
  if (rule && !rule.rule) {
    const t = stateTopUp(key, kw ?? 0);
    return { text: t.kind === 'condition' ? t.text[lang] : '', id: rule.id };
  }
  if (rule?.rule) {
    const ruleText = say(lang, `topUp.rule.${rule.rule}`);
    if (kw === undefined) return { text: say(lang, 'topUp.noSize', { name, rule: ruleText }), id: rule.id };
    // For a size of its own, Assam's rule is its rate alone: its example at 3 kW would be another size's figure.
    const sizedRule = rule.rule === 'assam' ? say(lang, 'topUp.rule.assamRate') : ruleText;
    const t = stateTopUp(key, kw);
    const amount = t.kind === 'amount' ? t.amount : 0;
    return { text: say(lang, 'topUp.forSize', { name, kw: kwS(kw), amount: rs(amount), rule: sizedRule }), amount, id: rule.id, working: `${name} ${rs(amount)}` };
  }
  return { text: say(lang, TOP_UP_UNVERIFIED.has(key) ? 'topUp.unverified' : 'topUp.none', { name }) };
}

/** A state's top-up, with the central subsidy where the size is known (fact sheet, Subsidy [32]-[37]); null without a state. */
export function stateSubsidyFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (!u.state) return null;
  const top = stateTopUpText(u.state.key, u.kw, lang);
  const ids = top.id ? [top.id] : [];
  const sections = top.id ? [`Subsidy [${top.id}]`] : ['Subsidy'];
  if (u.kw !== undefined && top.amount !== undefined) {
    const central = centralSubsidy(u.kw, { specialCategory: u.state.specialCategory });
    const args = { topUp: top.text, central: rs(central), amount: rs(top.amount), total: rs(central + top.amount), kw: kwS(u.kw),
      state: stateName(u.state.key, lang === 'hindi' ? 'hindi' : 'english') };
    return computed(say(lang, 'stateSubsidy.total', args), say(lang, 'stateSubsidy.totalWorking', args), [1, 5, ...ids], ['Subsidy [1][5]', ...sections]);
  }
  const nm = stateName(u.state.key, lang);
  const working = top.id ? say(lang, 'stateSubsidy.source', { name: nm, id: String(top.id) }) : say(lang, 'stateSubsidy.noFigure', { name: nm });
  if (top.amount !== undefined || (top.id && u.kw === undefined)) return computed(top.text, working, ids, sections);
  // No state figure to add: what the home does get is the central subsidy, and where to confirm the state's part.
  const special = u.state.specialCategory;
  const central = u.kw !== undefined ? rs(centralSubsidy(u.kw, { specialCategory: special })) : rs(special ? 85_800 : 78_000);
  const size = u.kw !== undefined ? say(lang, 'stateSubsidy.forKw', { kw: kwS(u.kw) }) : say(lang, 'stateSubsidy.atMost');
  return computed(say(lang, 'stateSubsidy.central', { topUp: top.text, size, central }), working, [1, 5, ...ids], ['Subsidy [1][5]', ...sections]);
}

/**
 * A housing society's subsidy (fact sheet, Subsidy [30][31]): Rs 18,000/kW
 * for common facilities (incl. EV charging), up to 500 kW at 3 kW per house.
 */
export function societySubsidyFor(u: Understanding, lang: ChatLanguage): Computed | null {
  if (u.kw === undefined && u.households !== undefined && u.households > 0) {
    // The homes alone set the most the society can claim: 3 kW per house, at most 500 kW.
    const most = Math.min(500, u.households * 3);
    const amount = Math.round(most * 18_000);
    const working = `${num(u.households)} x 3 kW = ${kwS(u.households * 3)} kW${u.households * 3 > 500 ? ', limited to 500 kW' : ''}; ${kwS(most)} kW x Rs 18,000 = ${rs(amount)}`;
    const text = say(lang, 'society.forHomes', { homes: num(u.households), kw: kwS(most), amount: rs(amount) });
    return computed(text, working, [30, 31], ['Subsidy [30][31]']);
  }
  if (u.kw === undefined) return null;
  const cap = u.households !== undefined ? Math.min(500, u.households * 3) : 500;
  const eligible = Math.min(u.kw, cap);
  const amount = Math.round(eligible * 18_000);
  // Above the cap the amount is for the capped size, and the size asked is said beside it.
  const capNote = u.kw > cap ? spaced(say(lang, 'society.capNote', { asked: kwS(u.kw) })) : '';
  const text = say(lang, 'society.forSize', { amount: rs(amount), kw: kwS(eligible), capNote });
  return computed(text, `${kwS(eligible)} kW x Rs 18,000 = ${rs(amount)}`, [30, 31], ['Subsidy [30][31]']);
}
