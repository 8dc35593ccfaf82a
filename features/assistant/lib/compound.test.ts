import { describe, expect, it } from 'vitest';
import { dropNegatedLead, MAX_PARTS, splitCompound, splitQuestions } from './compound';

describe('splitQuestions', () => {
  it.each([
    ['what size for 300 units and how much subsidy?', ['what size for 300 units', 'how much subsidy']],
    ['subsidy kitni milegi aur loan kaise milega', ['subsidy kitni milegi', 'loan kaise milega']],
    ['300 यूनिट के लिए कितने किलोवाट चाहिए और कितनी सब्सिडी मिलेगी?', ['300 यूनिट के लिए कितने किलोवाट चाहिए', 'कितनी सब्सिडी मिलेगी']],
    ['How much roof do I need for 3 kW? Also, how much subsidy will I get?', ['How much roof do I need for 3 kW', 'how much subsidy will I get']],
    ['1) what is the subsidy for 3 kW 2) how long does installation take 3) do I need a new meter',
      ['what is the subsidy for 3 kW', 'how long does installation take', 'do I need a new meter']],
    ['What is the subsidy for 3 kW and who will win the cricket world cup?', ['What is the subsidy for 3 kW', 'who will win the cricket world cup']],
    ['Kerala mein 3 kW par subsidy aur kaunse documents chahiye?', ['Kerala mein 3 kW par subsidy', 'kaunse documents chahiye']],
    ['हिमाचल में 2 किलोवाट पर सब्सिडी और पैसा कब तक आता है?', ['हिमाचल में 2 किलोवाट पर सब्सिडी', 'पैसा कब तक आता है']],
  ])('splits "%s"', (message, parts) => {
    expect(splitQuestions(message)).toEqual(parts);
  });

  it.each([
    'Can I get subsidy and loan together?',
    'What is net metering and how does it work?',
    'on-grid and hybrid inverter, which is better?',
    'What are DCR panels, do I need them for the subsidy, and why do they cost more?',
    'How much roof do I need for 3 kW? Also, how much will it cost?',
    'Who pays me for the units I export and at what rate?',
    'sunny day but power cut and my solar stopped, why',
    'mera bill 3000 hai, kitna bada system chahiye',
    'how much subsidy do i get for 3kw',
  ])('keeps one question whole: "%s"', (message) => {
    expect(splitQuestions(message)).toHaveLength(1);
  });

  it('asks each item of a numbered list, question words or not', () => {
    expect(splitQuestions('1) 3kw subsidy 2) documents 3) loan')).toEqual(['3kw subsidy', 'documents', 'loan']);
  });

  it('keeps a sentence that ended in "?" as a question of its own', () => {
    expect(splitQuestions('subsidy is 2 lakh for 3 kW right? and what documents do I need?'))
      .toEqual(['subsidy is 2 lakh for 3 kW right', 'what documents do I need']);
  });

  it('joins a statement of context to its question', () => {
    expect(splitQuestions('I use 300 units a month. What size do I need?')).toHaveLength(1);
  });

  it(`answers at most ${MAX_PARTS} parts`, () => {
    const parts = splitQuestions('what is the subsidy for 3 kW? what documents are needed? is there a loan? how do I clean the panels?');
    expect(parts).toHaveLength(MAX_PARTS);
  });
});

describe('splitCompound', () => {
  it('carries the size worked out from the units to a part about money', () => {
    const parts = splitCompound('what size for 300 units and how much subsidy?', 'english');
    expect(parts.map((p) => p.carried)).toEqual(['', '2.5 kW']);
    expect(parts[1]?.ask).toBe('how much subsidy (2.5 kW)');
  });

  it('carries a stated size and a state to the parts that lack them', () => {
    const parts = splitCompound('How much roof do I need for 3 kW in Uttar Pradesh? Also, how much subsidy will I get?', 'english');
    expect(parts[1]?.carried).toBe('3 kW, Uttar Pradesh');
  });

  it('carries nothing to a part that needs no size', () => {
    const parts = splitCompound('what is the subsidy for 3 kW; what documents are needed?', 'english');
    expect(parts[1]?.carried).toBe('');
  });

  it('carries in Hindi and Hinglish too', () => {
    expect(splitCompound('300 यूनिट के लिए कितने किलोवाट चाहिए और कितनी सब्सिडी मिलेगी?', 'hindi')[1]?.carried).toBe('2.5 kW');
    expect(splitCompound('kitna kharcha aur kitni subsidy 3kw pe', 'hinglish')[0]?.carried).toBe('3 kW');
  });

describe('splitQuestions: Hinglish and Hindi question forms', () => {
  it('reads "kis" and a "ya nahi" tail as asking', () => {
    expect(splitQuestions('inverter ki warranty kitni hai aur kis company ka panel lu')).toHaveLength(2);
    expect(splitQuestions('net meter kya hota hai aur hybrid pe subsidy milti hai ya nahi')).toHaveLength(2);
  });

  it('splits at commas only between questions asked by their own words', () => {
    expect(splitQuestions('loan kaise le, kitne saal ka hota hai')).toEqual(['loan kaise le', 'kitne saal ka hota hai']);
    expect(splitQuestions('on grid ya hybrid, kaunsa lu?')).toHaveLength(1);
  });
});

describe('splitCompound: the subject of a figure-only part', () => {
  it('gives a part that only names another size the subject of the part before', () => {
    const [, second] = splitCompound('subsidy kitni hai 2 kW pe aur 5 kW pe kitni', 'hinglish');
    expect(second!.lookup).toContain('subsidy');
  });

  it('gives nothing to a part with no figure, which may be off the subject', () => {
    const [, second] = splitCompound('What is the subsidy for 3 kW and who will win the league?', 'english');
    expect(second!.lookup).toBe(second!.text);
  });
});
});

describe('what a message sets aside or reports', () => {
  it('leaves out a leading clause that says what is not asked, in each language', () => {
    expect(dropNegatedLead('panel ki keemat nahi, warranty kitne saal ki hai?')).toBe('warranty kitne saal ki hai?');
    expect(dropNegatedLead('सब्सिडी नहीं पूछ रहा - लोन कितने साल का है?')).toBe('लोन कितने साल का है?');
    expect(dropNegatedLead('Not the panels, how long does the inverter last?')).toBe('how long does the inverter last?');
    expect(dropNegatedLead('nahi pata mujhe')).toBe('nahi pata mujhe');
  });

  it('asks a reported claim on its own, but keeps a reported figure as context', () => {
    expect(splitQuestions('My neighbour says hybrid systems get double subsidy. How long does net metering take?')).toHaveLength(2);
    expect(splitQuestions('Vendor ne 2 lakh bataya hai. Subsidy ke baad kitna padega?')).toHaveLength(1);
  });
});

describe('splitCompound: a society\'s houses', () => {
  it('gives a money part the houses another part names', () => {
    const parts = splitCompound('सोसाइटी में 25 घर हैं, कॉमन एरिया पर सोलर लगाएँ तो कितने kW पर और कितनी सब्सिडी?', 'hindi');
    expect(parts).toHaveLength(2);
    expect(parts[1]!.carried).toContain('society 25 houses');
  });
});
