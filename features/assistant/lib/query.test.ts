import { describe, expect, it } from 'vitest';
import type { ChatLanguage } from '../schemas';
import { computeIntent } from './answers/compute';
import { checkClaim } from './claims';
import { oneSlipApart } from './lexicon';
import { understand, type Intent } from './understand';
import { SPECIAL_CATEGORY_STATES, STATES } from './states';

const u = (text: string, lang: ChatLanguage = 'english') => understand(text, lang);
const calc = (text: string, intent: Intent, lang: ChatLanguage = 'english') => computeIntent(understand(text, lang), intent, lang);

describe('understand: quantities in three languages', () => {
  it('reads kW, units, area and amounts with their role', () => {
    expect(u('3 kW ke liye kitni jagah chahiye?', 'hinglish').kw).toBe(3);
    expect(u('तीन किलोवाट के लिए कितनी छत चाहिए?', 'hindi').kw).toBe(3);
    expect(u('dhai kilowatt ka system', 'hinglish').kw).toBe(2.5);
    expect(u('I use 300 units a month').units).toEqual({ value: 300, per: 'month', stated: true });
    expect(u('३६०० यूनिट सालाना', 'hindi').units).toEqual({ value: 3600, per: 'year', stated: true });
    expect(u('10 unit roz', 'hinglish').units).toEqual({ value: 10, per: 'day', stated: true });
    expect(u('मेरी छत 400 वर्ग फुट है', 'hindi').area).toMatchObject({ as: 'sqft', value: 400 });
    expect(u('roof 40 m2').area).toMatchObject({ as: 'm2', m2: 40 });
    expect(u('vendor ne ₹1,80,000 quote diya', 'hinglish').amounts).toEqual([{ value: 180_000, role: 'quote' }]);
    expect(u('डेढ़ लाख का कोटेशन', 'hindi').amounts).toEqual([{ value: 150_000, role: 'quote' }]);
    expect(u('my bill is 3000 rupees').amounts).toEqual([{ value: 3000, role: 'bill' }]);
    expect(u('2 lakh ka loan', 'hinglish').amounts).toEqual([{ value: 200_000, role: 'loan' }]);
  });

  it('reads the state, a city, and an unknown place without guessing', () => {
    expect(u('Himachal Pradesh me 3kw par kitni subsidy', 'hinglish').state?.key).toBe('himachal-pradesh');
    expect(u('subsidy in Atlantis state?').state).toBeNull();
    expect(u('subsidy in Atlantis state?').unknownStateText).toBe('Atlantis state');
    expect(u('I live in London, can I get the subsidy?').unknownStateText).toBe('london');
    expect(u('subsidy in UK').unknownStateText).toBe('uk');
    expect(u('subsidy in Lucknow').unknownStateText).toBeUndefined();
  });

  it('reads the building type', () => {
    expect(u('Our housing society wants 50 kW').building).toBe('society');
    expect(u('हमारी सोसाइटी के लिए', 'hindi').building).toBe('society');
    expect(u('RWA common area solar').building).toBe('society');
  });
});

describe('understand: intents', () => {
  const intents = (text: string, lang: ChatLanguage = 'english') => u(text, lang).intents;
  it('tells the computed questions apart', () => {
    expect(intents('How much roof do I need for a 3 kW system?')).toEqual(['area_for_kw']);
    expect(intents('3 किलोवाट के लिए कितनी जगह चाहिए?', 'hindi')).toEqual(['area_for_kw']);
    expect(intents('My roof is 400 sq ft, how many kW can I install?')).toEqual(['kw_for_area']);
    expect(intents('How many units a year will a 3 kW system generate?')).toEqual(['yearly_units']);
    expect(intents('5 kW saal mein kitne unit banayega', 'hinglish')).toEqual(['yearly_units']);
    expect(intents('3 किलोवाट महीने में कितनी यूनिट बनाएगा?', 'hindi')).toEqual(['monthly_units']);
    expect(intents('What happens to surplus units at the end of the year?')).toEqual(['surplus_settlement']);
    expect(intents('Our housing society wants 50 kW for common areas, how much subsidy?')).toEqual(['society_subsidy']);
    expect(intents('Vendor ne 3 kW ka 2 lakh quote diya, SBI loan kitna milega?', 'hinglish')).toEqual(['loan_split']);
  });

  it('splits a compound question in the order it asks', () => {
    expect(intents('I use 300 units a month, what size do I need and how much subsidy will I get?')).toEqual(['size_for_units', 'subsidy']);
    expect(intents('3kw ka kharcha kitna hai aur kitne saal mein paisa vasool hoga', 'hinglish')).toEqual(['cost', 'payback']);
    expect(intents('Vendor quoted Rs 1.8 lakh for 3 kW in UP. What is my cost after subsidy?')).toContain('net_cost');
  });

  it('records a figure the message asserts', () => {
    expect(u('I heard subsidy is Rs 1 lakh for 3 kW, right?').claims).toEqual([{ what: 'subsidy', value: 100_000, kw: 3 }]);
    expect(u('SBI loan interest is 12%, sahi hai?', 'hinglish').claims).toContainEqual({ what: 'interest', value: 12 });
  });
});

describe('computeIntent against the fact sheet', () => {
  it('area for N kW: N x 10-12 m2 (Solar Panel [25])', () => {
    const c = calc('How much roof do I need for 3 kW?', 'area_for_kw')!;
    expect(c.working).toBe('3 kW x 10-12 m2 = 30-36 m2, about 300-390 sq ft');
    expect(c.sourceIds).toEqual([25]);
    expect(calc('3 kW ke liye kitni jagah', 'area_for_kw', 'hinglish')!.text).toContain('30-36 m2');
  });

  it('kW that fit an area, rounded down to half kW', () => {
    expect(calc('roof 40 m2, how many kW?', 'kw_for_area')!.text).toContain('3-4 kW');
    expect(calc('my roof is 400 sq ft, what size?', 'kw_for_area')!.text).toContain('3-3.5 kW');
    expect(calc('roof 8 m2, how many kW?', 'kw_for_area')!.text).toMatch(/not even a 1 kW/);
  });

  it('units for N kW: a year 1,400-1,800/kW [26], a month 120/kW [42], a clear day 4-5.5/kW [25]', () => {
    expect(calc('3 kW units a year', 'yearly_units')!.text).toContain('4,200-5,400');
    expect(calc('3 kW units a month', 'monthly_units')!.text).toContain('360');
    expect(calc('2 kW units a day', 'daily_units')!.text).toContain('8-11');
    expect(calc('I use 300 units a month', 'size_for_units')!.working).toBe('300 / 120 = 2.5 kW, about 2.5 kW');
  });

  it('central subsidy, special-category rates, state top-ups only where the sheet gives them', () => {
    expect(calc('3 kW subsidy', 'subsidy')!.working).toBe('2 kW x Rs 30,000 + 1 kW x Rs 18,000 = Rs 78,000');
    expect(calc('Himachal 3 kW subsidy', 'subsidy')!.text).toContain('Rs 85,800');
    expect(calc('UP me 3 kW subsidy', 'state_subsidy', 'hinglish')!.text).toContain('Rs 1,08,000');
    expect(calc('Delhi 2 kW subsidy', 'state_subsidy')!.working).toBe('Rs 60,000 (central) + Rs 20,000 (Delhi) = Rs 80,000');
    // No state figure is invented: the only amount said is the central subsidy.
    expect(calc('Gujarat 3 kW state subsidy', 'state_subsidy')!.text.match(/Rs [\d,]+/g)).toEqual(['Rs 78,000']);
    expect(calc('subsidy 3 kW', 'state_subsidy')).toBeNull();
  });

  it('net cost on a quote: central and (UP) state subsidy off; unknown state part said, not invented', () => {
    expect(calc('Rs 1.8 lakh quote for 3 kW in UP, cost after subsidy?', 'net_cost')!.working)
      .toBe('Rs 1,80,000 - Rs 78,000 (central) - Rs 30,000 (Uttar Pradesh) = Rs 72,000');
    const mh = calc('Rs 1.8 lakh quote for 3 kW in Maharashtra, cost after subsidy?', 'net_cost')!;
    expect(mh.working).toBe('Rs 1,80,000 - Rs 78,000 (central) = Rs 1,02,000');
    expect(mh.text).toMatch(/no confirmed state top-up/);
    expect(calc('quote 1.8 lakh, after subsidy?', 'net_cost')).toBeNull();
  });

  it('SBI loan and own share (Buying Solar [10])', () => {
    expect(calc('3 kW quote 2 lakh, loan?', 'loan_split')!.working).toBe('Rs 2,00,000 x 90% = Rs 1,80,000 loan; own share Rs 2,00,000 - Rs 1,80,000 = Rs 20,000');
    expect(calc('3 kW quote 2.5 lakh, loan?', 'loan_split')!.working).toContain('above the Rs 2,00,000 cap: loan Rs 2,00,000; own share Rs 2,50,000 - Rs 2,00,000 = Rs 50,000');
    expect(calc('5 kW quote 3.5 lakh, loan?', 'loan_split')!.working).toBe('Rs 3,50,000 x 80% = Rs 2,80,000 loan; own share Rs 3,50,000 - Rs 2,80,000 = Rs 70,000');
    expect(calc('4 kW quote Rs 8 lakh, loan?', 'loan_split')!.text).toContain('Rs 6,00,000');
    expect(calc('12 kW quote 6 lakh loan', 'loan_split')).toBeNull();
  });

  it('housing society: Rs 18,000/kW up to 500 kW at 3 kW per house (Subsidy [30][31])', () => {
    expect(calc('housing society 50 kW subsidy', 'society_subsidy')!.working).toBe('50 kW x Rs 18,000 = Rs 9,00,000');
    expect(calc('society 600 kW subsidy', 'society_subsidy')!.working).toBe('500 kW x Rs 18,000 = Rs 90,00,000');
    expect(calc('society of 10 flats wants 50 kW subsidy', 'society_subsidy')!.working).toBe('30 kW x Rs 18,000 = Rs 5,40,000');
  });

  it('returns null where the sheet does not determine the number', () => {
    expect(calc('bill 3000, what size?', 'size_for_bill')).toBeNull();
    expect(calc('surplus units at year end?', 'surplus_settlement')).toBeNull();
    expect(calc('how much roof?', 'area_for_kw')).toBeNull();
  });
});

describe('more readings', () => {
  it('reads a roof question asked after the size ("chhat kitni chahiye")', () => {
    expect(u('2kw pe subsidy kitni milegi aur chhat kitni chahiye', 'hinglish').intents).toEqual(['subsidy', 'area_for_kw']);
  });
  it('answers "does N kW fit my roof" with what fits', () => {
    const x = u('Can a 100 sq ft roof take 1 kW?');
    expect(x.intents).toEqual(['kw_for_area']);
    expect(computeIntent(x, 'kw_for_area', 'english')!.text).toMatch(/not even a 1 kW/);
  });
  it('does not size a system for "300 free units"', () => {
    const x = u('Is 300 units free for everyone?');
    expect(x.intents).not.toContain('size_for_units');
    expect(x.claims).toEqual([{ what: 'free_units', value: 300 }]);
  });
  it('takes a subsidy figure as a claim, not a quote', () => {
    const x = u('Vendor says subsidy is 1.5 lakh for 3kw, sach hai?', 'hinglish');
    expect(x.claims).toEqual([{ what: 'subsidy', value: 150_000, kw: 3 }]);
    expect(x.intents).toEqual(['subsidy']);
  });
  it('gives the subsidy for the size the units need', () => {
    expect(calc('I use 300 units a month, how much subsidy?', 'subsidy')!.working).toBe('2 kW x Rs 30,000 + 0.5 kW x Rs 18,000 = Rs 69,000');
  });
  it('states the general rule when neither size nor state is given', () => {
    expect(calc('how much is the subsidy?', 'subsidy')!.text).toContain('Rs 78,000');
  });
});

describe('checkClaim', () => {
  const check = (text: string, lang: ChatLanguage = 'english') => {
    const x = understand(text, lang);
    return checkClaim(x.claims[0]!, x, lang);
  };
  it('a false subsidy figure gets the true one', () => {
    const c = check('I heard subsidy is Rs 1 lakh for 3 kW, right?');
    expect(c.holds).toBe(false);
    expect(c.text).toMatch(/^No: Rs 1,00,000 is not/);
    expect(c.text).toContain('Rs 78,000');
    expect(check('subsidy is 2 lakh, confirm').holds).toBe(false);
  });
  it('a true one is confirmed, with the state total where the sheet gives it', () => {
    expect(check('UP mein 3 kW par subsidy 1.08 lakh hai na?', 'hinglish').holds).toBe(true);
    expect(check('3 kW subsidy is Rs 78,000, right?').holds).toBe(true);
  });
  it('interest and loan caps', () => {
    expect(check('SBI loan interest is 12%, sahi hai?', 'hinglish').holds).toBe(false);
    expect(check('SBI loan interest is 6.75% right?').holds).toBe(true);
    expect(check('for 3 kW the loan is 5 lakh, right?').holds).toBe(false);
  });
  it('an income cap is not repeated', () => {
    const c = check('I heard income must be below 1.5 lakh, is it true?');
    expect(c.holds).toBe(false);
    expect(c.text).not.toContain('1.5');
  });
});

describe('sizes given as ranges', () => {
  it('"above 3 kW" is the 3-10 kW band, "up to 3 kW" the first, never a loan for exactly 3 kW', () => {
    const above = understand('SBI loan above 3 kW', 'english');
    expect(above.kw).toBeUndefined();
    expect(computeIntent(above, 'loan_terms', 'english')!.working).toBe('3-10 kW: 20% margin, loan <= Rs 6,00,000, 8.90%');
    expect(calc('SBI loan up to 3 kW', 'loan_terms')!.working).toBe('up to 3 kW: 10% margin, loan <= Rs 2,00,000, 6.75%');
    expect(calc('SBI 3-10 kW solar loan terms', 'loan_terms')!.text).toContain('Rs 6,00,000');
    expect(calc('SBI loan for 3 kW', 'loan_terms')!.working).toBe('3 kW, up to 3 kW: 10% margin, loan <= Rs 2,00,000, 6.75%');
  });
  it('does not read "documents for the subsidy" or "subsidy in 2027" as a subsidy figure', () => {
    expect(u('Which papers do I need for the solar subsidy?').intents).toEqual([]);
    expect(u('is the solar subsidy available in 2027?').amounts).toEqual([]);
    expect(u('subsidy kitne din mein aati hai', 'hinglish').intents).toEqual([]);
    expect(u('Is the subsidy deducted from the vendor\'s bill?').intents).toEqual([]);
  });
  it('"how much will the government give" is a subsidy question, not generation', () => {
    expect(u('2 किलोवाट लगाऊँ तो सरकार कितना देगी?', 'hindi').intents).toEqual(['subsidy']);
  });
});

describe('unknown places and society wording', () => {
  it('gives an unknown place in the message\'s own words, in both scripts', () => {
    expect(u('अटलांटिस राज्य में सब्सिडी कितनी है?', 'hindi').unknownStateText).toBe('अटलांटिस राज्य');
    expect(u('Bhiwadi mein 3kw par subsidy', 'hinglish').unknownStateText).toBe('Bhiwadi');
    expect(u('Solar mein kitna kharcha hai', 'hinglish').unknownStateText).toBeUndefined();
    expect(u('Which state gives the most subsidy?').unknownStateText).toBeUndefined();
    expect(u('किस राज्य में सबसे ज़्यादा सब्सिडी है?', 'hindi').unknownStateText).toBeUndefined();
  });
  it('"common area" is a society\'s load, not roof area', () => {
    expect(u('society ke common area ke liye 30 kw ka plant, subsidy kitni', 'hinglish').intents).toEqual(['society_subsidy']);
  });
  it('a cost asked with a use is worked out for the size the use needs', () => {
    const x = u('What size system do I need and what will it cost? I use 400 units a month.');
    expect(x.intents).toEqual(['size_for_units', 'cost']);
    expect(computeIntent(x, 'cost', 'english')!.text).toContain('3.5 kW');
  });
});

describe('every state and UT', () => {
  it('gets the central rate of its category for 3 kW (Rs 85,800 special, Rs 78,000 otherwise), in each language', () => {
    for (const s of STATES) {
      const want = SPECIAL_CATEGORY_STATES.has(s.key) ? 'Rs 85,800' : 'Rs 78,000';
      expect(calc(`${s.english} mein 3 kW par subsidy kitni?`, 'subsidy', 'hinglish')!.text, s.english).toContain(want);
      expect(calc(`${s.hindi} में 3 किलोवाट पर सब्सिडी कितनी?`, 'subsidy', 'hindi')!.text, s.hindi).toContain(want);
    }
  });

  it('gets a state figure only where the fact sheet gives one (UP, Delhi, Assam, Ladakh amounts; Rajasthan, Andhra conditions)', () => {
    const withAmount = new Set(['uttar-pradesh', 'delhi', 'assam', 'ladakh']);
    for (const s of STATES) {
      const c = calc(`${s.english} 3 kW state subsidy kitni`, 'state_subsidy', 'english')!;
      if (withAmount.has(s.key)) expect(c.working, s.english).toMatch(/\(central\) \+ Rs/);
      else expect(c.working, s.english).not.toMatch(/\(central\) \+ Rs/);
    }
  });
});

describe('surplus versus generation', () => {
  it('the surplus question is not a generation question, and both are read when both are asked', () => {
    expect(u('What happens to the extra units my 3 kW panels make in a year?').intents).toEqual(['surplus_settlement']);
    expect(u('How many units a year does 3 kW make and what happens to the surplus?').intents).toEqual(['yearly_units', 'surplus_settlement']);
    expect(u('3 kW saal mein kitni unit banata hai aur bachi unit ka kya hota hai', 'hinglish').intents).toEqual(['yearly_units', 'surplus_settlement']);
    expect(u('साल के अंत में बची यूनिट का क्या होता है?', 'hindi').intents).toEqual(['surplus_settlement']);
  });
  it('a saving question with a use is not sized', () => {
    expect(u('I use about 300 units a month, how much will I save?').intents).not.toContain('size_for_units');
  });
});

describe('claims are figures the message asserts, not prices it states', () => {
  it('a system price next to a subsidy question is a quote, not a subsidy claim', () => {
    expect(u('2 lakh ke system par subsidy kitni?', 'hinglish').claims).toEqual([]);
    expect(u('I have a budget of 1.5 lakh, how much subsidy?').claims).toEqual([]);
  });
  it('the government as giver, asserted, is a subsidy claim', () => {
    const x = u('My neighbour says the government gives Rs 1.2 lakh for 3 kW. Is that correct?');
    expect(x.claims).toEqual([{ what: 'subsidy', value: 120_000, kw: 3 }]);
    expect(checkClaim(x.claims[0]!, x, 'english').holds).toBe(false);
    expect(u('सुना है सरकार 3 किलोवाट पर 1 लाख देती है, सच है?', 'hindi').claims).toEqual([{ what: 'subsidy', value: 100_000, kw: 3 }]);
  });
  it('a share said of the vendor\'s price is not the rule\'s share, whatever the percentage', () => {
    const x = u('The subsidy is 60% of the vendor price, right?');
    expect(x.claims).toEqual([{ what: 'subsidy_percent', value: 60, ofPrice: true }]);
    const c = checkClaim(x.claims[0]!, x, 'english');
    expect(c.holds).toBe(false);
    expect(c.text).toMatch(/^No, that is not right\./);
    expect(c.text).toContain('benchmark cost');
  });

  it('a share of the cost is checked against the 60%/40% rule', () => {
    const x = u('Is it true that subsidy is 60% of the cost?');
    expect(x.claims).toEqual([{ what: 'subsidy_percent', value: 60 }]);
    expect(checkClaim(x.claims[0]!, x, 'english').text).toContain('40% for the third kW');
    expect(checkClaim({ what: 'subsidy_percent', value: 90 }, x, 'english').holds).toBe(false);
  });
  it('reads roof sides and Hindi square feet', () => {
    expect(u('My terrace is 20x20 feet. How many kW?').area).toMatchObject({ value: 400, as: 'sqft' });
    expect(u('300 स्क्वायर फीट छत पर कितना किलोवाट लगेगा', 'hindi').intents).toEqual(['kw_for_area']);
    expect(u('रोज़ाना 3 किलोवाट कितनी यूनिट देगा', 'hindi').intents).toEqual(['daily_units']);
    expect(u('हर महीने 350 यूनिट खर्च होती है, कितने किलोवाट का लगवाऊं?', 'hindi').intents).toEqual(['size_for_units']);
    expect(u('Got a quotation of ₹2.4 lakh for 4 kW from a vendor in Jaipur. What will I pay after subsidy?').kw).toBe(4);
  });
});

describe('a price said by a vendor is not a subsidy claim', () => {
  it('"vendor ne 3 kW ka 2 lakh bola, central subsidy ke baad kitna?" is a net cost on a Rs 2 lakh quote', () => {
    const x = u('vendor ne 3 kW ka 2 lakh bola hai, central subsidy ke baad mujhe kitna dena hoga?', 'hinglish');
    expect(x.claims).toEqual([]);
    expect(x.intents).toEqual(['net_cost']);
    expect(computeIntent(x, 'net_cost', 'hinglish')!.working).toBe('Rs 2,00,000 - Rs 78,000 (central) = Rs 1,22,000');
  });
});

describe('checkClaim: a figure that depends on the state is not called false', () => {
  it('Rs 1,08,000 for 3 kW with no state named is the UP and Delhi total', () => {
    const x = u('kya 3 kW pe 1,08,000 subsidy milti hai?', 'hinglish');
    const c = checkClaim(x.claims[0]!, x, 'english');
    expect(c.holds).toBeNull();
    expect(c.text).toContain('Uttar Pradesh and Delhi');
    const hp = u('Himachal me 3 kW par 78,000 subsidy milti hai na?', 'hinglish');
    expect(checkClaim(hp.claims[0]!, hp, 'english').holds).toBe(false);
  });
});

describe('income', () => {
  it('an income cap is a claim only with a limit word', () => {
    expect(u('meri income 5 lakh hai, loan milega na?', 'hinglish').claims).toEqual([]);
    expect(u('I heard income must be below 1.5 lakh, is it true?').claims).toEqual([{ what: 'income_cap', value: 150_000 }]);
  });
});

describe('robustness', () => {
  const all: Intent[] = ['area_for_kw', 'kw_for_area', 'yearly_units', 'monthly_units', 'daily_units', 'size_for_units', 'size_for_bill', 'subsidy',
    'state_subsidy', 'net_cost', 'loan_split', 'loan_terms', 'society_subsidy', 'cost', 'payback', 'surplus_settlement'];
  it('never throws nor writes NaN/undefined/Infinity, whatever the message', () => {
    const odd = ['', '???', '0 kW', '0 unit', '0 sq ft', 'Rs 0 quote 3 kW', '-3 kW', '99999 kW subsidy', '1e9 units', 'a'.repeat(3000), '३.५ किलोवाट',
      '0.1 kw roof', 'society 0 flats 10 kw', '1000 lakh quote 5 kw loan', 'UP '.repeat(100)];
    for (const q of odd) {
      for (const lang of ['english', 'hindi', 'hinglish'] as const) {
        const x = understand(q, lang);
        for (const i of all) {
          const c = computeIntent(x, i, lang);
          if (c) expect(`${c.text} ${c.working}`, `${q.slice(0, 20)} ${i}`).not.toMatch(/NaN|undefined|Infinity/);
        }
        for (const c of x.claims) expect(() => checkClaim(c, x, lang)).not.toThrow();
      }
    }
  });
});

describe('typing slips in cue words', () => {
  it('tells one slip (a letter dropped, added, changed, or two swapped) from more', () => {
    expect(oneSlipApart('generation', 'genration')).toBe(true);
    expect(oneSlipApart('generation', 'generatoin')).toBe(true);
    expect(oneSlipApart('generation', 'generationn')).toBe(true);
    expect(oneSlipApart('generation', 'gneratoin')).toBe(false);
    expect(oneSlipApart('generation', 'generation')).toBe(false);
  });

  it('reads a long cue word with one slip, not a short one', () => {
    expect(understand('anual genaration of 4 kw?', 'english').intents).toContain('yearly_units');
    expect(understand('how mch roof for 3 kw', 'english').intents).not.toContain('yearly_units');
  });
});

describe('claims put in the assistant\'s mouth', () => {
  it('reads "tell me that the subsidy is X" as stating X', () => {
    expect(understand('tell me that the subsidy for 2 kW is Rs 1 lakh', 'english').claims).toEqual([expect.objectContaining({ what: 'subsidy', value: 100000 })]);
  });
});

describe('groups, homes and uses as the size', () => {
  it('works out a society\'s most subsidy from its homes alone (3 kW each, 500 kW at most)', () => {
    const u = understand('society me 12 flat hain, common area ki subsidy kitni milegi', 'hinglish');
    expect(computeIntent(u, 'society_subsidy', 'hinglish')!.text).toContain('Rs 6,48,000');
  });

  it('reads the special-category states as a group, for a figure and for a claim', () => {
    expect(computeIntent(understand('subsidy for 3 kW in the hill states', 'english'), 'subsidy', 'english')!.text).toContain('Rs 85,800');
    const u = understand('north east me bhi 78000 hi milta hai na?', 'hinglish');
    expect(u.claims).toEqual([expect.objectContaining({ what: 'subsidy', value: 78000 })]);
    expect(checkClaim(u.claims[0]!, u, 'hinglish').holds).toBe(false);
  });

  it('asks a state\'s top-up when something "on top" of the central subsidy is asked', () => {
    expect(understand('does Kerala give anything on top of the central amount?', 'english').intents).toContain('state_subsidy');
  });

  it('gives the yearly output of the size a monthly use needs', () => {
    const u = understand('we use 240 units a month; what system, and how many units will it generate in a year?', 'english');
    expect(u.intents).toContain('yearly_units');
    expect(computeIntent(u, 'yearly_units', 'english')!.text).toContain('2,800-3,600');
  });
});

describe('understand: what a home gets', () => {
  it.each<[string, 'english' | 'hindi' | 'hinglish']>([
    ['Bhopal me 2kw pe kitna milega?', 'hinglish'],
    ['How much do we get for 4 kW in Kerala?', 'english'],
    ['5 किलोवाट पर कितना मिलेगा?', 'hindi'],
  ])('for a size or in a place is its subsidy: %s', (q, language) => {
    expect(understand(q, language).intents).toContain('subsidy');
  });

  it.each<[string, 'english' | 'hindi' | 'hinglish']>([
    ['4kw lagwa liya, paisa kab milega?', 'hinglish'],
    ['3 kW se roz kitni bijli milegi?', 'hinglish'],
    ['Do I need to get a new meter for 5 kW?', 'english'],
    ['How much loan will I get for 3 kW?', 'english'],
  ])('but not its timing, electricity, a thing obtained or a loan: %s', (q, language) => {
    expect(understand(q, language).intents).not.toContain('subsidy');
  });
});

describe('understand: what is set aside, and a size\'s interest', () => {
  it.each<[string, 'english' | 'hindi' | 'hinglish', string]>([
    ['Rajasthan ki jagah Haryana me 3kw pe subsidy?', 'hinglish', 'Haryana'],
    ['instead of Pune, 3 kW subsidy in Goa?', 'english', 'Goa'],
    ['बिहार के बजाय झारखंड में 2 किलोवाट पर सब्सिडी?', 'hindi', 'Jharkhand'],
  ])('reads the place that replaces another: %s', (q, language, state) => {
    expect(understand(q, language).state?.english).toBe(state);
  });

  it('reads "ki jagah" as instead of, not as roof space', () => {
    expect(understand('Surat ki jagah Delhi me 3kw lagaye to?', 'hinglish').intents).not.toContain('area_for_kw');
  });

  it('reads the interest on a size as the loan\'s terms for it', () => {
    expect(understand('6 kW ke liye byaaj kitna lagega?', 'hinglish').intents).toContain('loan_terms');
  });
});

describe('understand: a year written short', () => {
  it('reads "per yr" as a year', () => {
    expect(understand('how many units per yr will 4 kW make?', 'english').intents).toContain('yearly_units');
  });
});

describe('understand: a loan\'s pocket and a size changed', () => {
  it('reads "jeb se" in a loan question as the own share beside the loan', () => {
    expect(understand('sbi loan me 3 lakh ke quote pe meri jeb se kitna?', 'hinglish').intents).toContain('loan_split');
    expect(understand('sbi loan me 3 lakh ke quote pe meri jeb se kitna?', 'hinglish').intents).not.toContain('net_cost');
  });

  it('reads "make it 3 kW" as a size, not a question of generation', () => {
    expect(understand("oh, let's make it 3 kW", 'english').intents).not.toContain('monthly_units');
  });

  it('reads "what\'s left to pay" as the net cost', () => {
    expect(understand("quote is 2 lakh for 3 kW, what's left to pay?", 'english').intents).toContain('net_cost');
  });
});

describe('understand: a saving', () => {
  it('reads "bacha lega" as money saved, not a use to size for', () => {
    expect(understand('300 unit wala ghar saal me kitna bacha lega?', 'hinglish').intents).not.toContain('size_for_units');
  });
});


describe('understand: a size said to make so many units', () => {
  it('asks the generation of that size over the period said, so the figure can be checked', () => {
    expect(understand('mere dost ka kehna hai 2kw se mahine ke 500 unit aate hain, sahi na?', 'hinglish').intents).toEqual(['monthly_units']);
    expect(understand('a 2 kW system makes 500 units a month, right?', 'english').intents).toEqual(['monthly_units']);
    expect(understand('3 किलोवाट से रोज़ 20 यूनिट बनती है ना?', 'hindi').intents).toEqual(['daily_units']);
    // A use to size for is no generation claim.
    expect(understand('300 unit mahine ka use hai, kitne kw ka lagau?', 'hinglish').intents).not.toContain('monthly_units');
  });
});

describe('understand: a society\'s size, and a roof asked beside one\'s own area', () => {
  it('reads the kW asked for a society\'s houses as its subsidy', () => {
    expect(understand('सोसाइटी में 25 घर हैं, कॉमन एरिया पर सोलर लगाएँ तो कितने kW पर?', 'hindi').intents).toEqual(['society_subsidy']);
  });

  it('asks the roof a size needs beside what one\'s own area fits, but not in a claim', () => {
    expect(understand('need roof area for 8kw in sq ft, my terrace is about 900 sqft, enough??', 'english').intents).toEqual(['area_for_kw', 'kw_for_area']);
    expect(understand('1 किलोवाट के लिए कम से कम 30 वर्ग मीटर छत चाहिए, सही?', 'hindi').intents).not.toContain('area_for_kw');
  });
});

describe('understand: a commercial connection', () => {
  it('works out no home subsidy for a shop or a commercial connection', () => {
    const x = understand('I have a kirana shop on commercial connection, can i put 2kw on the shop roof with PM surya ghar subsidy 60k?', 'english');
    expect(x.building).toBe('commercial');
    expect(x.intents).not.toContain('subsidy');
  });
});

describe('understand: money said to come after so many days or months', () => {
  it('reads its timing, not its amount', () => {
    expect(understand('My cousin in Pune said subsidy comes only 6 months after the net meter. Thats the official timeline?', 'english').intents).toEqual([]);
    expect(understand('Pune me 3kw pe subsidy kitni milegi?', 'hinglish').intents).toContain('subsidy');
  });
});

describe('computeIntent: Assam\'s top-up for a size of its own', () => {
  it('states the rate alone, not the example at 3 kW', () => {
    const text = computeIntent(understand('धुबरी, असम — 2 किलोवाट लगवाना है, राज्य सरकार की तरफ़ से ऊपर से कितना मिलेगा?', 'hindi'), 'state_subsidy', 'hindi')!.text;
    expect(text).toContain('30,000');
    expect(text).not.toContain('45,000');
  });
});
