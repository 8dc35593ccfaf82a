import { describe, expect, it } from 'vitest';
import { consonantKey, foldWord, isDomainToken, normalizeText, normalizeUnits, tokenize } from './normalize';
import { transliterateWord } from './transliterate';

describe('transliterateWord', () => {
  it('writes Devanagari the way Hinglish is typed, deleting the silent inherent a', () => {
    expect(transliterateWord('कितना')).toBe('kitnaa');
    expect(transliterateWord('बिजली')).toBe('bijlii');
    expect(transliterateWord('सोलर')).toBe('solar');
    expect(transliterateWord('सब्सिडी')).toBe('sabsidii');
    expect(transliterateWord('घर')).toBe('ghar');
    expect(transliterateWord('छत')).toBe('chhat');
    expect(transliterateWord('किलोवाट')).toBe('kilovaat');
  });

  it('keeps the inherent a of a one-consonant word and before a nasal', () => {
    expect(transliterateWord('न')).toBe('na');
    expect(transliterateWord('पंखा')).toBe('pankhaa');
  });

  it('reads nukta letters (NFC leaves them decomposed)', () => {
    expect(transliterateWord('क़ीमत'.normalize('NFC'))).toBe('qiimat');
    expect(transliterateWord('ज़रूरत'.normalize('NFC'))).toBe('zaruurat');
  });
});

describe('normalizeUnits', () => {
  it('writes kW one way in all three languages', () => {
    for (const s of ['3kw', '3 kW', '3 kilowatt', '3 kilo watt', '3 kilowatts', '3 KWp', '3 किलोवाट', '3 किलो वाट', '३ किलोवाट']) {
      expect(normalizeUnits(s), s).toBe('3 kw');
    }
  });

  it('writes units and rupees one way', () => {
    expect(normalizeUnits('300 units')).toBe('300 unit');
    expect(normalizeUnits('300 यूनिट')).toBe('300 unit');
    expect(normalizeUnits('300kwh')).toBe('300 unit');
    expect(normalizeUnits('₹1,08,000')).toBe('rs 108000');
    expect(normalizeUnits('Rs. 500')).toBe('rs 500');
    expect(normalizeUnits('500 rupaye')).toBe('500 rs');
    expect(normalizeUnits('500 रुपये')).toBe('500 rs');
    expect(normalizeUnits('2 hazaar')).toBe('2 hazar');
  });

  it('does not take unit-like letters inside other words', () => {
    expect(normalizeUnits('community')).toBe('community');
    expect(normalizeUnits('first')).toBe('first');
  });
});

describe('normalizeText', () => {
  it('turns number words before a unit into digits in English, Hindi and Hinglish', () => {
    expect(normalizeText('three kilowatt')).toBe('3 kw');
    expect(normalizeText('तीन किलोवाट')).toBe('3 kw');
    expect(normalizeText('teen kw')).toBe('3 kw');
    expect(normalizeText('do kilowatt')).toBe('2 kw');
    expect(normalizeText('दो लाख')).toBe('2 lakh');
  });

  it('leaves a number word that is not before a unit ("do" is also a verb)', () => {
    expect(normalizeText('what do I need')).toBe('what do i need');
    expect(normalizeText('paise do')).toBe('paise do');
  });

  it('strips punctuation and transliterates Devanagari', () => {
    expect(normalizeText('बिजली कटने पर सोलर चलेगा?')).toBe('bijlii katne par solar chalegaa');
  });
});

describe('foldWord', () => {
  it('folds Hinglish spelling variants together', () => {
    expect(new Set(['kitna', 'kitni', 'kitne', 'kitnaa', 'kitnii'].map(foldWord)).size).toBe(1);
    expect(new Set(['subsidy', 'sabsidi', 'sabsidy', 'sabsidii', 'subsidi'].map(foldWord)).size).toBe(1);
    expect(new Set(['chhat', 'chat', 'chhath'].map(foldWord)).size).toBe(1);
    expect(new Set(['bijli', 'bijlee', 'bijlii'].map(foldWord)).size).toBe(1);
    expect(new Set(['ghar', 'gher'].map(foldWord)).size).toBe(1);
    expect(new Set(['phayda', 'fayda', 'faayda'].map(foldWord)).size).toBe(1);
    expect(new Set(['zaroori', 'jaroori', 'zaruri'].map(foldWord)).size).toBe(1);
    expect(new Set(['warranty', 'varanti', 'guarantee'].map(foldWord)).size).toBe(1);
  });

  it('keeps different words apart', () => {
    expect(foldWord('subsidy')).not.toBe(foldWord('solar'));
    expect(foldWord('kitna')).not.toBe(foldWord('kab'));
    expect(foldWord('panel')).not.toBe(foldWord('meter'));
  });

  it('leaves numbers alone', () => {
    expect(foldWord('300')).toBe('300');
    expect(foldWord('2.5')).toBe('2.5');
  });
});

describe('tokenize', () => {
  it('makes the same tokens from Devanagari and Hinglish', () => {
    expect(tokenize('तीन किलोवाट पर कितनी सब्सिडी मिलेगी')).toEqual(tokenize('teen kilowatt par kitni sabsidi milegi'));
    expect(tokenize('मेरी छत पर')).toEqual(tokenize('meri chhat par'));
  });

  it('meets the English word written in Devanagari', () => {
    expect(tokenize('सोलर पैनल')).toEqual(tokenize('solar panel'));
    expect(tokenize('3kW subsidy')).toEqual(tokenize('3 किलोवाट सब्सिडी'));
  });

  it('drops stopwords of all three languages', () => {
    expect(tokenize('what is the subsidy')).toEqual(['@subsidy']);
    expect(tokenize('सब्सिडी क्या है')).toEqual(['@subsidy']);
    expect(tokenize('subsidy kya hai')).toEqual(['@subsidy']);
    expect(tokenize('?!')).toEqual([]);
  });
});

describe('tokenize concepts', () => {
  it('writes words of the same meaning in the three languages as one concept', () => {
    expect(tokenize('papers needed')).toContain('@document');
    expect(tokenize('कौन से कागजात')).toContain('@document');
    expect(tokenize('kagjat chahiye')).toContain('@document');
    expect(tokenize('बिजली कटने पर')).toEqual(tokenize('bijli katne par'));
    expect(tokenize('how much subsidy')).toEqual(tokenize('kitni subsidy'));
    expect(tokenize('solar scam')).toEqual(tokenize('सोलर धोखा'));
    expect(tokenize('फ़र्ज़ी')).toEqual(tokenize('fake'));
    expect(tokenize('गाँव')).toEqual(tokenize('village'));
    expect(tokenize('gaon')).toEqual(tokenize('rural'));
    expect(tokenize('विदेशी पैनल')).toEqual(tokenize('imported panel'));
    expect(tokenize('zameen pe')).toEqual(tokenize('on the ground'));
    expect(tokenize('installer not responding')).toEqual(tokenize('installer phone nahi utha'));
  });

  it('keeps a word in the concept it means most ("charge" is a cost, "in charge" is managing)', () => {
    expect(tokenize('net meter charge')).toContain('@cost');
    expect(tokenize('who is in charge of the scheme')).toContain('@manage');
  });

  it('keeps different meanings apart', () => {
    expect(tokenize('when')).not.toEqual(tokenize('why'));
    expect(tokenize('night')).not.toEqual(tokenize('rain'));
  });
});

describe('consonantKey', () => {
  it('joins spellings that differ only in vowels', () => {
    expect(consonantKey(foldWord('invertor'))).toBe(consonantKey(foldWord(transliterateWord('इन्वर्टर'))));
    expect(consonantKey(foldWord('metering'))).toBe(consonantKey(foldWord(transliterateWord('मीटरिंग'))));
  });

  it('gives no key for short words and numbers', () => {
    expect(consonantKey('kab')).toBe('');
    expect(consonantKey('1000')).toBe('');
  });
});

describe('tokenize: units, compounds and solar words', () => {
  it('writes areas, on-grid/off-grid and a number word after "or" one way', () => {
    expect(tokenize('sq ft for 3kw')).toEqual(tokenize('square feet for 3 kilowatt'));
    expect(tokenize('10 m2 roof')).toEqual(tokenize('10 वर्ग मीटर roof'));
    expect(tokenize('on-grid or off grid')).toEqual(tokenize('ऑन-ग्रिड या ऑफ-ग्रिड'));
    expect(tokenize('do kilowatt ya teen')).toEqual(['2', 'kv', '3']);
  });

  it('never turns a number into a concept ("co2" is an environment word, "2 kW" is not)', () => {
    expect(tokenize('2 kw')).toEqual(['2', 'kv']);
    expect(tokenize('co2 saved')).toEqual(tokenize('carbon saved'));
    expect(tokenize('co2 saved')).not.toContain('2');
  });

  it('reads contractions as words ("don\'t" is not "don" + "t")', () => {
    expect(tokenize("panels don't work at night")).toEqual(tokenize('panels do not work at night'));
    expect(tokenize("don't")).toEqual([]);
  });

  it('joins phrases of one meaning: Uttar Pradesh, north-east, "phir se", "kitne ka padega"', () => {
    const up = tokenize('Uttar Pradesh');
    for (const q of ['UP', 'up me subsidy', 'यूपी में सब्सिडी', 'उत्तर प्रदेश', 'U.P.']) expect(tokenize(q), q).toEqual(expect.arrayContaining(up));
    // "up to" and a phrasal "set up" are not the state.
    for (const q of ['up to 3 kW', 'how to set up solar', 'back up power']) expect(tokenize(q), q).not.toEqual(expect.arrayContaining(up));
    expect(tokenize('पूर्वोत्तर')).toEqual(tokenize('north east'));
    expect(tokenize('फिर से मिलेगी')).toEqual(tokenize('dobara milegi'));
    expect(tokenize('तीन किलोवाट कितने का पड़ेगा')).toEqual(tokenize('teen kilowatt kitne ka padega'));
    expect(tokenize('kitne ka padega')).toEqual(tokenize('kitna cost'));
    expect(tokenize('zero cost')).toEqual(tokenize('free'));
  });

  it('knows the solar vocabulary of the three languages', () => {
    for (const q of ['सोलर पैनल', 'sabsidi', 'net meter', 'बिजली का बिल']) expect(tokenize(q).some(isDomainToken), q).toBe(true);
    for (const q of ['best phone under 10000', 'biryani recipe', 'चुनाव कौन जीता']) expect(tokenize(q).some(isDomainToken), q).toBe(false);
  });
});
