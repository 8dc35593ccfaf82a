import type { ChatLanguage } from '../schemas';
import { societySubsidyFor, subsidyFor, stateTopUpText } from './answers/subsidy';
import { sbiSlab } from './answers/money';
import { computed, formatRupees, rs, say, type Computed } from './answers/writer';
import { centralSubsidy, stateTopUp } from './calculator';
import { SPECIAL_CATEGORY_STATES, stateName, type StateKey } from './states';
import type { Claim, Understanding } from './understand';

/**
 * Checking a figure a message asserts about the scheme (lib/understand.ts
 * reads the claims) against the fact sheet (docs/facts/solar-india.md), with
 * the true figure in the asker's language from messages
 * `assistant.answers.claims.*`. Pure, no I/O.
 */

/** A checked claim: whether the fact sheet bears it out (null: it depends, said in the text), and the true figure. */
export interface ClaimCheck extends Computed {
  holds: boolean | null;
}

const SUBSIDY_MAX = 85_800 + 50_000;
/** States whose top-up the fact sheet gives as an amount (Subsidy [32]-[35]). */
const STATES_WITH_TOP_UP: StateKey[] = ['uttar-pradesh', 'delhi', 'assam', 'ladakh']; // the largest total the sheet gives: Ladakh, special-category central + state (Subsidy [5][35])

/** The correction's first sentence and the rest, one space apart (no lead: the rest alone). */
const led = (lead: string, rest: string) => (lead ? `${lead} ${rest}` : rest);

/** A housing society's rate, rupees per kW of common load (Subsidy [30][31]). */
const SOCIETY_PER_KW = 18_000;

/**
 * A subsidy figure said of a housing society: it holds when it is the
 * society rate (Rs 18,000/kW) or the society's total for its size (at most
 * 500 kW, 3 kW per house); a home's rate (Rs 30,000/kW) or any other figure
 * does not. The true figure follows (society.forSize / forHomes, or the rule).
 */
function checkSocietyClaim(claim: Claim, u: Understanding, lang: ChatLanguage): ClaimCheck {
  const said = rs(claim.value);
  const kw = claim.kw ?? u.kw;
  const one = societySubsidyFor(kw !== undefined ? { ...u, kw } : u, lang);
  const cap = u.households !== undefined ? Math.min(500, u.households * 3) : 500;
  const total = kw !== undefined ? Math.round(Math.min(kw, cap) * SOCIETY_PER_KW) : undefined;
  const holds = claim.value === SOCIETY_PER_KW || claim.value === total;
  const base = one ?? computed(say(lang, 'society.rule'), '', [30, 31], ['Subsidy [30][31]']);
  const lead = holds ? say(lang, 'claims.yes') : say(lang, 'claims.subsidyNot', { said });
  return { ...base, text: led(lead, base.text), holds };
}

/**
 * Checks a figure the message asserts against the fact sheet and gives the
 * true one, in the asker's language:
 * - subsidy: central for the size (special-category rates where the state is
 *   one), plus the state's top-up where the sheet gives it (Subsidy [1][5][30][32]-[35]);
 *   said of a housing society, the society rate and total (checkSocietyClaim);
 *   without a size, the rule and its caps; more than any total the sheet gives is false;
 * - interest: SBI 6.75% up to 3 kW, 8.90% for 3-10 kW, about 7% at launch, about 6% reported in Oct 2025 (Buying Solar [1][9][10][11]);
 * - free units: "up to 300 free units" are units the home's own panels make (Benefits [1]);
 * - loan cap: SBI Rs 2 lakh up to 3 kW, Rs 6 lakh for 3-10 kW (Buying Solar [10]);
 * - income cap: not among the published eligibility rules (Buying Solar [2]; the cap on web stories [6] is
 *   unverified and never repeated); SBI's 3-10 kW loan asks a
 *   minimum income of Rs 3 lakh [10].
 */
export function checkClaim(claim: Claim, u: Understanding, lang: ChatLanguage): ClaimCheck {
  const said = rs(claim.value);
  switch (claim.what) {
    case 'subsidy': {
      if (u.building === 'society') return checkSocietyClaim(claim, u, lang);
      const kw = claim.kw ?? u.kw;
      const base = subsidyFor(kw !== undefined ? { ...u, kw } : { ...u, state: u.state }, lang)!;
      let holds: boolean | null;
      let topText = '';
      if (kw !== undefined) {
        const central = centralSubsidy(kw, { specialCategory: u.state?.specialCategory ?? u.specialGroup ?? false });
        const top = u.state ? stateTopUpText(u.state.key, kw, lang) : undefined;
        holds = claim.value === central || (top?.amount !== undefined && claim.value === central + top.amount);
        if (top) topText = ` ${top.text}`;
        if (!u.state && !holds) {
          // No state named: a figure that is some state's total (central + top-up) depends on the state, it is not false.
          const matching = STATES_WITH_TOP_UP.filter((k) => {
            const t = stateTopUp(k, kw);
            return t.kind === 'amount' && centralSubsidy(kw, { specialCategory: SPECIAL_CATEGORY_STATES.has(k) }) + t.amount === claim.value;
          });
          if (matching.length) {
            holds = null;
            const names = matching.map((k) => stateName(k, lang)).join(` ${say(lang, 'claims.and')} `);
            topText = ` ${say(lang, 'claims.subsidyInStates', { said, names })}`;
          }
        }
      } else {
        // Said of a special-category state (or the group), only their figures hold; of another state, only the standard ones.
        const specialCtx = u.state ? u.state.specialCategory : u.specialGroup;
        const [standard, higher] = [[30_000, 60_000, 78_000], [33_000, 66_000, 85_800]];
        const known = specialCtx === true ? higher : u.state ? standard : [...standard, ...higher];
        const other = specialCtx === true ? standard : u.state ? higher : [];
        holds = claim.value > SUBSIDY_MAX || other.includes(claim.value) ? false : known.includes(claim.value) ? true : null;
      }
      const lead = holds === false ? say(lang, 'claims.subsidyNot', { said }) : holds === true ? say(lang, 'claims.yes') : '';
      return { ...base, text: `${led(lead, base.text)}${topText}`, holds };
    }
    case 'subsidy_percent': {
      // 60% and 40% are the rule's shares of the benchmark cost; of a vendor's price, no share holds.
      const holds = (claim.value === 60 || claim.value === 40) && !claim.ofPrice ? null : false;
      const lead = holds !== false ? '' : claim.value === 60 || claim.value === 40
        ? say(lang, 'claims.notRight') : say(lang, 'claims.percentNot', { value: String(claim.value) });
      return {
        holds,
        text: led(lead, say(lang, 'claims.percentRule')),
        working: '60% (first 2 kW) = Rs 30,000/kW; 40% (third kW) = Rs 18,000', sources: ['Subsidy [1][5][30]'], sourceIds: [1, 5, 30],
      };
    }
    case 'interest': {
      const holds = [6, 6.75, 7, 8.9].includes(claim.value);
      const w = 'SBI: 6.75% (up to 3 kW), 8.90% (3-10 kW); repo rate + 0.5%, about 7% at launch';
      const lead = holds ? '' : say(lang, 'claims.interestNot', { value: String(claim.value) });
      return { holds, text: led(lead, say(lang, 'claims.interestRule')), working: w, sources: ['Buying Solar [1][9][10][11]'], sourceIds: [1, 9, 10, 11] };
    }
    case 'free_units': {
      const holds = claim.value === 300 ? null : false;
      const lead = holds === false ? say(lang, 'claims.freeNot', { value: formatRupees(claim.value) }) : '';
      return {
        holds,
        text: led(lead, say(lang, 'claims.freeRule')),
        working: '300 units/month = units made by the home\'s own panels', sources: ['Benefits [1][3]'], sourceIds: [1, 3],
      };
    }
    case 'loan_cap': {
      const kw = claim.kw ?? u.kw;
      const slab = kw !== undefined ? sbiSlab(kw) : null;
      const holds = slab ? claim.value === slab.cap : [200_000, 600_000].includes(claim.value) ? null : false;
      const lead = holds === false ? say(lang, 'claims.loanCapNot', { said }) : '';
      return {
        holds,
        text: led(lead, say(lang, 'claims.loanCapRule')),
        working: 'SBI: <= 3 kW loan <= Rs 2,00,000; 3-10 kW loan <= Rs 6,00,000', sources: ['Buying Solar [10]'], sourceIds: [10],
      };
    }
    case 'income_cap':
    default: {
      const sbiMin = claim.value === 300_000;
      return {
        holds: sbiMin ? null : false,
        text: say(lang, 'claims.incomeRule'),
        working: 'Eligibility: citizen, own house and roof, valid connection, no other solar subsidy', sources: ['Buying Solar [2][10]'], sourceIds: [2, 10],
      };
    }
  }
}
