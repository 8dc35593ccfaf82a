import { describe, expect, it } from 'vitest';
import { contradictedFigure, contradictedNegation, contradictedRule, figuresOf, negates } from './asserted';
import { asserts } from './guard';

describe('figuresOf', () => {
  it('reads figures with what they count, in each script', () => {
    expect(figuresOf('₹78,000 for 3 kW')).toEqual([{ value: 78000, kind: 'money' }, { value: 3, kind: 'kw' }]);
    expect(figuresOf('२ किलोवाट पर ७८ हज़ार')).toEqual([{ value: 2, kind: 'kw' }, { value: 78000, kind: 'money' }]);
    expect(figuresOf('societies get 30k per kW')).toEqual([{ value: 30000, kind: 'money' }]);
    expect(figuresOf('10% margin, 5 saal, 4-5.5 units')).toEqual([
      { value: 10, kind: 'percent' }, { value: 5, kind: 'years' }, { value: 4, kind: 'units' }, { value: 5.5, kind: 'units' },
    ]);
  });
});

describe('contradictedFigure', () => {
  it('finds the premise figure the answer states otherwise', () => {
    expect(contradictedFigure('२ किलोवाट पर ७८ हज़ार मिलेंगे ना?', '2 kW पर केंद्र की सब्सिडी: लगभग ₹60,000')).toEqual({ value: 78000, kind: 'money' });
    expect(contradictedFigure('vendor sirf 1 saal ki free service deta hai na?', 'kam se kam 5 saal ki free repair')).toEqual({ value: 1, kind: 'years' });
  });

  it('reads a bare year of the scheme\'s era as a calendar year, and a bill of 2000 as no year', () => {
    expect(contradictedFigure('the last date was March 2026, right?', 'Applications opened on 13 Feb 2024; the scheme runs to 31 March 2027.'))
      .toEqual({ value: 2026, kind: 'calendarYear' });
    expect(contradictedFigure('योजना 2027 तक है न?', 'योजना 31 मार्च 2027 तक चलेगी।')).toBeNull();
    expect(figuresOf('bill 1500 aata hai')).toEqual([]);
  });

  it('reads a size said of each house as a society\'s per-house rule', () => {
    expect(figuresOf('हर घर के हिसाब से 4 kW गिन सकते हैं न?')).toEqual([{ value: 4, kind: 'kwPerHouse' }]);
    expect(figuresOf('Limit 500 kW, 3 kW per house; 60 kW for 20 houses')).toEqual([
      { value: 500, kind: 'kw' }, { value: 3, kind: 'kwPerHouse' }, { value: 60, kind: 'kw' }, { value: 20, kind: 'houses' },
    ]);
    expect(contradictedFigure('we can count 4 kW per flat for the society, right?', 'The limit is 500 kW, at 3 kW per house.')).toEqual({ value: 4, kind: 'kwPerHouse' });
  });

  it('reads rupees per kW as a rate in rupees, not a size', () => {
    expect(figuresOf('₹10,000/kW, up to ₹30,000')).toEqual([{ value: 10000, kind: 'money' }, { value: 30000, kind: 'money' }]);
    expect(contradictedFigure('UP gives 25,000 per kW extra, right?', 'Uttar Pradesh adds ₹15,000/kW, up to ₹30,000.')).toEqual({ value: 25000, kind: 'money' });
  });

  it('checks a premise against the sentences about its own subject', () => {
    const answer = 'Since July 2024, systems up to 10 kW need no feasibility study. Net metering is allowed up to 500 kW or the sanctioned load.';
    expect(contradictedFigure('net metering only up to 10 kW, right?', answer)).toEqual({ value: 10, kind: 'kw' });
    expect(contradictedFigure('no feasibility study needed up to 10 kW, right?', answer)).toBeNull();
  });

  it('takes the premise\'s first subject as its subject', () => {
    const answer = 'Net metering is allowed up to 500 kW. The central subsidy stays capped at ₹78,000 for 3 kW and above.';
    expect(contradictedFigure('Net metering is only up to 3 kW since the subsidy stops there, right?', answer)).toEqual({ value: 3, kind: 'kw' });
  });

  it('reads "more than" a figure as beyond it, on both sides', () => {
    expect(contradictedFigure('society ko 500 kw se zyada pe bhi milta hai na?', 'Limit 500 kW hai.')).not.toBeNull();
    expect(contradictedFigure('3 kW makes more than 300 units a month, right?', 'a 3 kW system averages more than 300 units a month')).toBeNull();
  });

  it('reads millions and billions as counts, and leaves the asker\'s own quote out of the premise', () => {
    expect(contradictedFigure('25 saal me sirf 10 million tonne CO2 bachega na?', 'about 720 million tonnes of CO2 avoided')).toEqual({ value: 10_000_000, kind: 'count' });
    expect(contradictedFigure('vendor said 1.75 lakh, so what do I pay?', 'On a ₹1,75,000 quote, about ₹97,000.', [175000])).toBeNull();
  });

  it('compares waits in days and months alike', () => {
    expect(contradictedFigure('सब्सिडी 3 महीने में आती है ना?', 'लगभग 30 दिन में खाते में आती है।')).toEqual({ value: 3, kind: 'months' });
    expect(contradictedFigure('subsidy 1 mahine me aati hai na?', 'about 30 days after commissioning')).toBeNull();
  });

  it('says nothing when the answer agrees or states no figure of that kind', () => {
    expect(contradictedFigure('3 kW pe 78000 milega na?', 'The central subsidy for 3 kW is about ₹78,000')).toBeNull();
    expect(contradictedFigure('panels last 25 years, right?', 'Net metering counts what you export.')).toBeNull();
  });
});

describe('asserts', () => {
  it('reads a yes/no question with a premise in each language', () => {
    for (const q of ['SBI loan needs collateral, doesn\'t it?', 'सोसाइटी को 100 kW तक ही मिलती है, है ना?', 'sbi 10 lakh tak de deta hai na?', '5 साल की वारंटी मिलती है, ठीक?',
      'It ended last year, so it\'s too late to apply?']) expect(asserts(q), q).toBe(true);
    expect(asserts('How much subsidy for 3 kW?')).toBe(false);
  });
});

describe('contradictedRule', () => {
  const dcr = 'As of 2026 the subsidy needs DCR panels; non-DCR panels get neither central nor state subsidy.';
  it('reads a premise that states a rule of the sheet otherwise, in each language', () => {
    expect(contradictedRule('imported panels pe bhi subsidy milegi na?', dcr)).toBe(true);
    expect(contradictedRule('DCR panels are not needed for the subsidy, right?', dcr)).toBe(true);
    expect(contradictedRule('ऑफ-ग्रिड सोलर पर भी सब्सिडी मिलेगी, है ना?', 'ऑफ़-ग्रिड सिस्टम ग्रिड से नहीं जुड़ते, इसलिए सब्सिडी नहीं मिलती।')).toBe(true);
    expect(contradictedRule('subsidy installer ko milti hai na?', 'Subsidy aapke apne bank khate mein aati hai.')).toBe(true);
  });

  it.each<[string, string]>([
    ['pehle panel lagwa lo, baad me apply karna, sahi?', 'Pehle apply karein, phir DISCOM ki approval ke baad vendor system lagata hai.'],
    ['bachi hui unit ka paisa full rate pe milta hai na?', 'Saal ke end mein bachi unit kam rate par ya lapse ho jaati hain.'],
    ['terrace pe lage panels ko subsidy nahi milti na?', 'The subsidy covers a roof, terrace, balcony or elevated structure.'],
    ['panel ko detergent se saaf karna chahiye na?', 'Paani aur naram kapde se saaf karein.'],
    ['panels should be washed every week, right?', 'Clean them every 1-3 months with water.'],
  ])('reads a rule stated otherwise: %s', (q, answer) => {
    expect(contradictedRule(q, answer)).toBe(true);
  });

  it('reads a negative premise', () => {
    expect(negates('EV charging pe subsidy nahi milti, hai na?')).toBe(true);
    expect(negates('EV charging pe subsidy milti hai na?')).toBe(false);
    expect(contradictedRule('any local electrician can fit it and I get the subsidy, right?', 'A DISCOM-registered vendor must install it.')).toBe(true);
  });

  it('reads each sentence of a premise on its own', () => {
    expect(contradictedRule('Subsidy goes to the installer, right? So I never get it myself.', 'It is paid into your own bank account.')).toBe(true);
  });

  it('reads a subsidy said to come before the meter or the installation', () => {
    expect(contradictedRule('installation se pehle hi subsidy mil jati hai na?', 'Subsidy commissioning ke baad account mein aati hai.')).toBe(true);
  });

  it('leaves a premise that states the rule, or an answer that does not state it, alone', () => {
    expect(contradictedRule('DCR panels are needed for the subsidy, right?', dcr)).toBe(false);
    expect(contradictedRule('off-grid systems do not get the subsidy, right?', 'Off-grid systems are not covered.')).toBe(false);
    expect(contradictedRule('imported panels pe bhi subsidy milegi na?', 'Net metering counts what you export.')).toBe(false);
  });
});

describe('contradictedNegation', () => {
  it.each<[string, string]>([
    ['छत के मालिकाना हक़ का कोई कागज़ नहीं चाहिए, सिर्फ़ बिजली बिल काफ़ी है — सही है ना?', 'पहचान का प्रमाण, हाल का बिजली बिल और छत के मालिकाना हक़ का प्रमाण तैयार रखें।'],
    ['सब्सिडी बिल में घटती है, खाते में कुछ नहीं आता, है ना?', 'सब्सिडी आपके अपने बैंक खाते में तब आती है जब DISCOM सर्टिफ़िकेट जारी करता है।'],
    ['panel ko kabhi paani se mat dhona, na?', 'Panels ko har 1-3 mahine mein paani aur mulayam kapde se saaf karein.'],
    ['there is no approved-list requirement for modules, isn\'t it?', 'Modules must be on the Approved List of Models and Manufacturers, List-I.'],
  ])('denies a negative premise the answer states in the positive: %s', (q, answer) => {
    expect(contradictedNegation(q, answer)).toBe(true);
  });

  it.each<[string, string]>([
    // The answer denies it too, in the clause that says most of it.
    ['SBI loan pe processing fee nahi lagti na?', 'SBI ka loan 120 mahine mein chukaya ja sakta hai, aur koi processing fee nahi hai.'],
    ['ऑफ-ग्रिड सिस्टम पर सब्सिडी नहीं मिलती, है ना?', 'ऑफ़-ग्रिड सिस्टम सिर्फ़ बैटरी पर चलता है। योजना में इस पर सब्सिडी नहीं मिलती।'],
    // Collateral-free is a denial.
    ['loan ke liye collateral nahi chahiye na?', 'Banks give collateral-free loans at the repo rate + 0.5%.'],
    // Twice in the negative is said in the positive.
    ['बिना नेट मीटर के सब्सिडी नहीं मिलती, है ना?', 'नेट मीटर लगने के बाद सब्सिडी आपके खाते में आती है।'],
    // What the answer does not say of the premise (soap) is not contradicted by what it says of cleaning.
    ['panels don\'t need cleaning with soap, right?', 'Clean the panels every 1-3 months with water and a soft cloth.'],
    // A premise in the positive is left to the other checks.
    ['subsidy bank khate mein aati hai na?', 'Subsidy aapke bank khate mein aati hai.'],
  ])('leaves a premise the answer agrees with or does not state: %s', (q, answer) => {
    expect(contradictedNegation(q, answer)).toBe(false);
  });
});

describe('figuresOf: dates and multiples', () => {
  it('leaves out a year that dates the answer ("2026 तक की जानकारी के अनुसार", "as of 2026")', () => {
    expect(figuresOf('2026 तक की जानकारी के अनुसार योजना 31 मार्च 2027 तक चलेगी।')).toEqual([{ value: 2027, kind: 'calendarYear' }]);
    expect(figuresOf('The central subsidy is ₹78,000 (as of 2026).').some((f) => f.kind === 'calendarYear')).toBe(false);
  });

  it('reads "double" and "दोगुना" as a rise of 100%', () => {
    expect(figuresOf('DCR panel to non-DCR se double price ke aate hain na?')).toEqual([{ value: 100, kind: 'percent' }]);
    expect(figuresOf('क्या DCR पैनल दोगुना महंगा है?')).toEqual([{ value: 100, kind: 'percent' }]);
  });

  it('contradicts a closing year and a multiple the answer states otherwise', () => {
    expect(contradictedFigure('योजना 2026 के आख़िर में बंद हो जाएगी, है ना?', '2026 तक की जानकारी के अनुसार योजना 31 मार्च 2027 तक चलेगी।')).toMatchObject({ value: 2026 });
    expect(contradictedFigure('योजना मार्च 2027 तक चलेगी, है ना?', '2026 तक की जानकारी के अनुसार योजना 31 मार्च 2027 तक चलेगी।')).toBeNull();
    expect(contradictedFigure('DCR panels cost double, right?', 'Vendors estimate DCR panels cost about 12-18% more.')).toMatchObject({ kind: 'percent' });
  });
});

describe('contradictedFigure: limits', () => {
  const answer = 'A housing society gets ₹18,000/kW: about ₹18,00,000 for 100 kW. The limit is 500 kW, at 3 kW per house.';
  it('checks a limit against the answer\'s limit, not the size it works out', () => {
    expect(contradictedFigure('the society subsidy is capped at 100 kW in total, right?', answer)).toMatchObject({ value: 100, kind: 'kw' });
    expect(contradictedFigure('सोसाइटी की सीमा 500 kW है, है ना?', answer)).toBeNull();
  });
});

describe('contradictedFigure: a figure bound to a qualifier', () => {
  const answer = 'Panels usually come with a 25-year performance warranty, which promises about 80-85% of the original output at year 25, and a 10-12-year product warranty against defects.';
  it('checks a figure against the one clause that has the word said beside it', () => {
    expect(contradictedFigure('Panels performance warranty is only 10 years, after that nothing, right?', answer)).toMatchObject({ value: 10, kind: 'years' });
    expect(contradictedFigure('Panels come with a 25 year product warranty, right?', answer)).toMatchObject({ value: 25, kind: 'years' });
    expect(contradictedFigure('performance warranty is 25 years, right?', answer)).toBeNull();
    expect(contradictedFigure('product warranty is 10 years, right?', answer)).toBeNull();
  });
});

describe('contradictedRule: a premise of several clauses', () => {
  it('reads a clause after a semicolon on its own, and detergent and scrubbing in Devanagari', () => {
    expect(contradictedRule('पैनल साल में एक बार डिटर्जेंट से रगड़कर धो दो, काफी है; धूल से तो कोई फ़र्क़ नहीं पड़ता, सही?', 'पैनल हर 1-3 महीने में पानी और मुलायम कपड़े से साफ़ करें।')).toBe(true);
  });
});

describe('contradictedRule: "paid" as folded', () => {
  it('reads a subsidy "paid to the vendor"', () => {
    expect(contradictedRule('The subsidy is paid to the vendor and he just knocks it off the bill, right?', 'The subsidy is paid into your own bank account.')).toBe(true);
  });
});
