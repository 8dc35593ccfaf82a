import { beforeAll, describe, expect, it } from 'vitest';
import { indexKnowledge, readKnowledgeFiles } from '../server/knowledge';
import { bankVocabulary, moneyObjects, uncoveredSubject, wordSet, type BankVocabulary } from './domain-edge';

let vocab: BankVocabulary;
let subsidyWords: Set<string>;
beforeAll(() => {
  const k = indexKnowledge(readKnowledgeFiles());
  const texts = [...k.byId.values()].map((slot) => Object.values(slot).flatMap((e) => (e ? [e.question, ...e.alternates, e.answer] : [])));
  vocab = bankVocabulary(texts);
  const slab = [...k.byId.entries()].find(([, slot]) => /per kW for the first 2 kW/i.test(slot.english?.answer ?? ''));
  subsidyWords = wordSet(Object.values(slab![1]).flatMap((e) => (e ? [e.question, ...e.alternates, e.answer] : [])));
});

describe('uncoveredSubject', () => {
  it('names a subject no entry uses, in each script, as the person wrote it', () => {
    const en = uncoveredSubject('solar water heater 200 litre price and subsidy?', subsidyWords, vocab);
    expect(en.unknown).toContain('heater');
    expect(en.score).toBeGreaterThan(0.6);
    expect(en.phrases.join(' ')).toContain('heater');
    const hi = uncoveredSubject('एलपीजी सिलेंडर पर सब्सिडी कितनी मिलती है अभी?', subsidyWords, vocab);
    expect(hi.score).toBeGreaterThan(0.6);
    expect(hi.phrases.join(' ')).toContain('सिलेंडर');
    const he = uncoveredSubject('ghar ki chhat pe chhoti wind turbine lagwa sakte hai kya, price kitna?', subsidyWords, vocab);
    expect(he.phrases.join(' ')).toContain('turbine');
    // The verb after the subject is no part of its name.
    expect(he.phrases.join(' ')).not.toContain('lagwa');
  });

  it('names nothing when the unknown word carries less of the question than the rest it leaves uncovered', () => {
    // "गली" (lane) is unknown to the bank, but the question is about the street light.
    const r = uncoveredSubject('गली में सोलर स्ट्रीट लाइट लगवानी है, कितने की आती है?', subsidyWords, vocab);
    expect(r.unknown.length).toBeGreaterThan(0);
    expect(r.phrases).toEqual([]);
  });

  it('leaves a question the answer covers at 0, whatever its frame words, places, numbers and misspellings', () => {
    for (const q of ['subsidy kitna milega 3kW pe?', 'how much subsdy for 3 kw in Bhopal today?', '3 किलोवाट पर सब्सिडी कितनी है, लखनऊ में?']) {
      const r = uncoveredSubject(q, subsidyWords, vocab);
      expect(r.unknown, q).toEqual([]);
      expect(r.phrases, q).toEqual([]);
    }
  });

  it('counts a word the bank uses elsewhere as uncovered but not unknown', () => {
    const r = uncoveredSubject('subsidy on an electric scooter', new Set(['@subsidy']), vocab);
    expect(r.uncovered.length).toBeGreaterThan(0);
    expect(r.unknown).toEqual([]);
  });

  it('reads a word no entry uses before a loan, subsidy, plant or price word as another kind of it', () => {
    const loanWords = new Set(['@loan', 'emi', 'interest', 'intrest', 'sbi']);
    expect(uncoveredSubject('tractor loan EMI for 10 lakh?', loanWords, vocab).kinds).toEqual(['tractor loan']);
    expect(uncoveredSubject('how much does a biogas plant cost?', loanWords, vocab).kinds).toEqual(['biogas plant']);
    expect(uncoveredSubject('tractor ka loan kitna milega?', loanWords, vocab).kinds).toEqual(['tractor loan']);
    expect(uncoveredSubject('mobile ki EMI kitni hogi?', loanWords, vocab).kinds).toEqual(['mobile EMI']);
    // A typo of three letters is no kind.
    expect(uncoveredSubject('how mch loan can i get', loanWords, vocab).kinds).toEqual([]);
  });

  it('reads calendar words as the frame of a question, not its subject', () => {
    expect(uncoveredSubject('subsidy for 3 kW in December, or every week?', subsidyWords, vocab).uncovered).toEqual([]);
    expect(uncoveredSubject('दिसंबर में 3 किलोवाट पर सब्सिडी?', subsidyWords, vocab).uncovered).toEqual([]);
  });

  it('reads chat shorthand, kin and conditions as the frame of a question', () => {
    const r = uncoveredSubject('my cousin says abt 3 kW subsidy, agar jud jaye to wud we get it?', subsidyWords, vocab);
    expect(r.uncovered).toEqual([]);
  });

  it('says nothing of a question without subject words', () => {
    expect(uncoveredSubject('ok thanks', subsidyWords, vocab)).toMatchObject({ score: 0, weight: 0, phrases: [] });
  });
});

describe('moneyObjects', () => {
  it.each<[string, string[]]>([
    ['ok and is there any subsidy on buying an electric scooter too?', ['scooter']],
    ['इलेक्ट्रिक स्कूटर पर सरकार कितनी सब्सिडी देती है?', ['स्कूटर']],
    ['electric car lene pe govt kitna subsidy deti hai?', ['car']],
    ['ई-रिक्शा खरीदने पर सरकार कितनी सब्सिडी देती है?', ['ई-रिक्शा']],
    ['कार का लोन कितने ब्याज पर मिलेगा?', ['कार']],
  ])('names what a subsidy or loan is for when it is not the scheme\'s: %s', (q, want) => {
    expect(moneyObjects(q)).toEqual(want);
  });

  it.each([
    '3 kw pe subsidy kitni?', 'ghar pe subsidy milegi?', 'society ke liye subsidy?', 'subsidy for a 3 kW system in Delhi', 'loan for 10 years',
    'Delhi me subsidy kitni?', 'battery pe subsidy?', 'EV charging pe subsidy milti hai?', 'kya mujhe subsidy milegi?', 'to usme subsidy kitni milegi?',
    'how mch subsidi do i get for a 3kw rooftop system?', 'imported cells pe subsidy milegi?',
  ])('names nothing when the money is the scheme\'s: %s', (q) => {
    expect(moneyObjects(q)).toEqual([]);
  });

  it('leaves out what the bank\'s money entries name', () => {
    expect(moneyObjects('common area pe subsidy kitni?')).toEqual(['area']);
    expect(moneyObjects('common area pe subsidy kitni?', new Set(['area']))).toEqual([]);
  });
});

describe('moneyObjects: a home loan', () => {
  it('reads a home right before a loan as another product, and a loan for a home as the scheme\'s', () => {
    expect(moneyObjects('मेरे होम लोन की EMI कितनी बनेगी 25 लाख पर?')).toEqual(['होम']);
    expect(moneyObjects('home loan ka EMI prepay karu ya tenure kam karu?')).toEqual(['home']);
    expect(moneyObjects('loan for my home solar')).toEqual([]);
    expect(moneyObjects('ghar ke liye loan milega?')).toEqual([]);
  });
});

describe('moneyObjects: another thing right before a loan', () => {
  it('names "car loan", "plot purchase loan", but not the scheme\'s loan said plainly', () => {
    expect(moneyObjects('car loan ka interest rate kya chal raha hai sbi me?')).toEqual(['car']);
    expect(moneyObjects('and what rate does SBI charge for a plot purchase loan?')).toEqual(['plot']);
    expect(moneyObjects('PM Surya Ghar loan rate?')).toEqual([]);
    expect(moneyObjects('easy loan for solar?')).toEqual([]);
    expect(moneyObjects('SBI solar loan rate')).toEqual([]);
  });
});

describe('moneyObjects: a price or fee of something', () => {
  it('names what a rate is of when it is not the scheme\'s, and skips the verb of getting it done', () => {
    expect(moneyObjects('ghar ki painting ka rate per sq ft kya chal raha hai?')).toEqual(['painting']);
    expect(moneyObjects('नेट मीटर लगवाने की फीस कितनी है?')).toEqual([]);
    expect(moneyObjects('panel ka rate kya hai')).toEqual([]);
  });
});
