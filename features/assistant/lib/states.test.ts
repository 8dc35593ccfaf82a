import { describe, expect, it } from 'vitest';
import { findState, readPlaces, SPECIAL_CATEGORY_STATES, STATES, type StateKey } from './states';

const key = (text: string) => findState(text)?.key ?? null;

describe('the state reader', () => {
  it('knows all 36 states and UTs, each by its English and its Hindi name', () => {
    expect(STATES).toHaveLength(36);
    expect(STATES.filter((s) => s.ut)).toHaveLength(8);
    for (const s of STATES) {
      expect(key(`subsidy in ${s.english}?`), s.english).toBe(s.key);
      expect(key(`${s.hindi} में सब्सिडी कितनी है?`), s.hindi).toBe(s.key);
    }
  });

  it('finds every name and city it lists, in a sentence', () => {
    for (const s of STATES) for (const n of [...s.names, ...s.cities]) expect(key(`solar lagwana hai ${n} mein`), n).toBe(s.key);
  });

  it('never confuses the Pradesh states, Arunachal with Andhra, or Uttarakhand with Uttar Pradesh', () => {
    expect(key('Himachal Pradesh me 3kw par subsidy')).toBe('himachal-pradesh');
    expect(key('हिमाचल प्रदेश में सब्सिडी')).toBe('himachal-pradesh');
    expect(key('arunachal pradesh subsidy')).toBe('arunachal-pradesh');
    expect(key('Andhra Pradesh subsidy')).toBe('andhra-pradesh');
    expect(key('Uttarakhand subsidy')).toBe('uttarakhand');
    expect(key('uttrakhand me kitna milega')).toBe('uttarakhand');
    expect(key('उत्तराखंड में')).toBe('uttarakhand');
    expect(key('Madhya Pradesh')).toBe('madhya-pradesh');
    expect(key('मध्य प्रदेश में')).toBe('madhya-pradesh');
    expect(key('pradesh me subsidy kitni hai')).toBeNull();
    expect(key('Uttar Pradesh')).toBe('uttar-pradesh');
  });

  it('reads abbreviations as retrieval does, and not "up to", "set up" or horsepower', () => {
    expect(key('UP mein 3kw')).toBe('uttar-pradesh');
    expect(key('HP mein 3kw')).toBe('himachal-pradesh');
    expect(key('MP me subsidy')).toBe('madhya-pradesh');
    expect(key('AP lo subsidy')).toBe('andhra-pradesh');
    expect(key('J&K subsidy')).toBe('jammu-kashmir');
    expect(key('subsidy up to 3 kW')).toBeNull();
    expect(key('set up a 3 kW system')).toBeNull();
    expect(key('a 5 HP pump')).toBeNull();
  });

  it('reads Hinglish spellings and cities in both scripts', () => {
    expect(key('dilli me 3kw')).toBe('delhi');
    expect(key('himachal me')).toBe('himachal-pradesh');
    expect(key('I live in Lucknow')).toBe('uttar-pradesh');
    expect(findState('लखनऊ में 3 kW')?.city).toBe('Lucknow');
    expect(key('Bangalore me rooftop')).toBe('karnataka');
    expect(key('कोलकाता')).toBe('west-bengal');
    expect(key('चेन्नई में')).toBe('tamil-nadu');
    expect(key('Gurgaon mein ghar hai')).toBe('haryana');
    expect(key('Leh mein')).toBe('ladakh');
    expect(key('Shimla')).toBe('himachal-pradesh');
  });

  it('does not read common words as places', () => {
    expect(key('dil se batao kitna milega')).toBeNull();
    expect(key('main gaya tha vendor ke paas')).toBeNull();
    expect(key('will it work in the monsoon')).toBeNull();
    expect(key('mandi se panel le sakte hain')).toBeNull();
  });

  it('reports places outside India (UK included) and never maps them to a state', () => {
    const r = readPlaces('set up a 3 kW system in UK');
    expect(r.states).toEqual([]);
    expect(r.foreign).toEqual(['uk']);
    expect(readPlaces('I live in Dubai').foreign).toEqual(['dubai']);
  });

  it('lists several states in order', () => {
    expect(readPlaces('uttar pradesh and bihar').states.map((s) => s.key)).toEqual(['uttar-pradesh', 'bihar']);
  });

  it('flags the special-category states of the fact sheet (Subsidy [5])', () => {
    const special: StateKey[] = ['arunachal-pradesh', 'assam', 'manipur', 'meghalaya', 'mizoram', 'nagaland', 'sikkim', 'tripura',
      'jammu-kashmir', 'ladakh', 'himachal-pradesh', 'uttarakhand', 'andaman-nicobar', 'lakshadweep'];
    expect([...SPECIAL_CATEGORY_STATES].sort()).toEqual([...special].sort());
    expect(findState('Shimla')?.specialCategory).toBe(true);
    expect(findState('Lucknow')?.specialCategory).toBe(false);
  });
});

describe('lower-case abbreviations', () => {
  it('reads "mp me", "hp mein" as states, never "ap" (aap, you) or horsepower', () => {
    expect(key('mp me 3kw subsidy')).toBe('madhya-pradesh');
    expect(key('hp mein solar')).toBe('himachal-pradesh');
    expect(key('ap ke ghar me solar')).toBeNull();
    expect(key('5 hp me motor')).toBeNull();
  });
});

describe('readPlaces: a city placed by the state named after it', () => {
  it('reads "Hamirpur UP" as Uttar Pradesh and "Hamirpur HP" as Himachal Pradesh', () => {
    expect(readPlaces('nahi Hamirpur UP wala, bundelkhand me').states.map((s) => s.key)).toEqual(['uttar-pradesh']);
    expect(readPlaces('Hamirpur HP me 2kw').states.map((s) => s.key)).toEqual(['himachal-pradesh']);
  });

  it('keeps two places said apart', () => {
    expect(readPlaces('Shimla aur Delhi me subsidy').states.map((s) => s.key)).toEqual(['himachal-pradesh', 'delhi']);
  });
});
